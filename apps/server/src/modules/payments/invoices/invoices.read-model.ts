import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { invoices } from '@/db/schema';

/** How many of the business's invoices are overdue, as a scalar other modules' statements embed (the Overview's "needs attention"). */
export const overdueInvoiceCount = (businessId: Placeholder): SQL<string | number> =>
  sql`(select count(*) from ${invoices} where ${invoices.businessId} = ${businessId} and ${invoices.status} = 'overdue')`;
