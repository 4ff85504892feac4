import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { checkoutSettings } from '@/db/schema';

/** Whether the business has customised its checkout, as a condition other modules' statements embed (the Overview's checklist). */
export const checkoutCustomised = (businessId: Placeholder): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${checkoutSettings} where ${checkoutSettings.businessId} = ${businessId})`;
