import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { paymentLinks } from '@/db/schema';

/** Whether the business has created a payment link, as a condition other modules' statements embed (the Overview's checklist). */
export const linkCreated = (businessId: Placeholder): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${paymentLinks} where ${paymentLinks.businessId} = ${businessId})`;
