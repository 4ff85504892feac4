import type { Customer } from '@merchant/payments';
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

/** The CSV row of a customer, in the order of `CUSTOMER_CSV_HEADER`. */
export const customerCsvRow = (c: Customer) => [c.name, c.email, c.phone, c.notes, c.created_at];
