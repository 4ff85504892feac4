import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { balanceEndpoints, customerEndpoints, invoiceEndpoints, overviewEndpoints, salesReportEndpoints, transactionEndpoints } from '@merchant/payments';
import { refreshAfterPaymentChange } from './payment-changes';
import { endpointKey } from './queries';

describe('a payment change', () => {
  it("marks stale every screen's answer it moves in the business (overview, balances, customer, sales report, invoice, transactions), and no other business's", async () => {
    const client = new QueryClient();
    const mine = { business_id: 'b1' };
    const keys = [
      endpointKey(overviewEndpoints.get, { params: mine }),
      endpointKey(balanceEndpoints.get, { params: { ...mine, balance: 'wallet' } }),
      endpointKey(customerEndpoints.get, { params: { ...mine, customer_id: 'c1' } }),
      endpointKey(salesReportEndpoints.get, { params: mine }),
      endpointKey(invoiceEndpoints.get, { params: { ...mine, invoice_id: 'i1' } }),
      endpointKey(transactionEndpoints.get, { params: { ...mine, payment_id: 'p1' } }),
    ];
    const other = endpointKey(overviewEndpoints.get, { params: { business_id: 'b2' } });
    for (const key of [...keys, other]) client.setQueryData(key, {});
    await refreshAfterPaymentChange(client, 'b1');
    for (const key of keys) expect(client.getQueryState(key)?.isInvalidated, String(key[0])).toBe(true);
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
  });
});
