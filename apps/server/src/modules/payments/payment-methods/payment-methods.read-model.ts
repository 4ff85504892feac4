import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { paymentMethodSettings } from '@/db/schema';

/**
 * Whether the business takes a payment method, as a condition other modules' statements embed (the Overview's
 * checklist): before its first save every method is on (DEFAULT_METHOD_SETTINGS); after it, one enabled row is enough.
 */
export const methodChosen = (businessId: Placeholder): SQL<boolean> => {
  const methods = sql`select 1 from ${paymentMethodSettings} where ${paymentMethodSettings.businessId} = ${businessId}`;
  return sql<boolean>`(not exists (${methods}) or exists (${methods} and ${paymentMethodSettings.enabled}))`;
};
