import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { paymentMethodSettings } from '@/db/schema';

/** Whether the business has enabled a payment method, as a condition other modules' statements embed (the Overview's checklist). */
export const methodChosen = (businessId: Placeholder): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${paymentMethodSettings} where ${paymentMethodSettings.businessId} = ${businessId} and ${paymentMethodSettings.enabled})`;
