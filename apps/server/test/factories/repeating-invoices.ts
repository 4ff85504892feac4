import { repeatingInvoiceEndpoints, type RepeatingInvoiceBody, type RepeatingInvoiceDetail } from '@merchant/payments';
import type { Agent } from '../harness';
import { unique } from './unique';

/**
 * A repeating invoice of one 2 x 50.00 line unless told otherwise: monthly from `start_date` (default
 * 2026-11-01, the test clock's first day), due 14 days after each issue, not sent automatically.
 */
export async function createRepeatingInvoice(
  agent: Agent,
  businessId: string,
  customerId: string,
  over: Partial<RepeatingInvoiceBody> = {},
): Promise<RepeatingInvoiceDetail> {
  return agent.ok(repeatingInvoiceEndpoints.create, { params: { business_id: businessId }, body: repeatingInvoiceBody(customerId, over) });
}

export function repeatingInvoiceBody(customerId: string, over: Partial<RepeatingInvoiceBody> = {}): RepeatingInvoiceBody {
  return {
    customer_id: customerId,
    lines: [{ description: unique('Retainer'), quantity: 2, unit_price: 5000 }],
    due_days: 14,
    frequency: 'monthly',
    start_date: '2026-11-01',
    ...over,
  };
}
