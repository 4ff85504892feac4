import { customerEndpoints, invoiceEndpoints, type InvoiceBody, type InvoiceDetail } from '@merchant/payments';
import type { Agent } from '../harness';
import { unique, uniqueEmail } from './unique';

/** A customer of the business, made through the customers endpoint; `email: null` for one without an email. */
export async function createCustomer(agent: Agent, businessId: string, options: { email?: string | null; name?: string } = {}) {
  const email = options.email === undefined ? uniqueEmail('customer') : options.email;
  return agent.ok(customerEndpoints.create, { params: { business_id: businessId }, body: { name: options.name ?? unique('Customer'), email } });
}

/** A draft invoice with one 2 x 50.00 line unless told otherwise, issued on `issue_date` (default 2026-11-01). */
export async function createInvoice(agent: Agent, businessId: string, customerId: string, over: Partial<InvoiceBody> = {}): Promise<InvoiceDetail> {
  return agent.ok(invoiceEndpoints.create, {
    params: { business_id: businessId },
    body: {
      customer_id: customerId,
      issue_date: '2026-11-01',
      due_date: '2026-11-30',
      lines: [{ description: unique('Consulting'), quantity: 2, unit_price: 5000 }],
      ...over,
    },
  });
}
