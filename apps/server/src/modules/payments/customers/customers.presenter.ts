import { CUSTOMER_CSV_HEADER, type Customer } from '@merchant/payments';
import { csvTable } from '@/lib/csv';
import type { CustomerRow } from './customers.repository';

export function presentCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The customers CSV: text only. */
export const CUSTOMER_CSV = csvTable(CUSTOMER_CSV_HEADER);

/** The CSV row of a customer, in the order of `CUSTOMER_CSV_HEADER`. */
export const customerCsvRow = (c: Customer) => [c.name, c.email, c.phone, c.notes, c.created_at];
