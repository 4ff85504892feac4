import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  balanceEndpoints,
  customerEndpoints,
  invoiceEndpoints,
  overviewEndpoints,
  paymentLinkEndpoints,
  salesReportEndpoints,
  staticQrEndpoints,
  subscriptionEndpoints,
  transactionEndpoints,
} from '@merchant/payments';
import { endpointScope, invalidateEndpoints } from './queries';

/**
 * THE list of the answers a change of a payment (a refund) can move, in every screen of the business: the payment
 * itself (Transactions), what it paid (an invoice, a subscription's period, a link or QR code's totals), who paid
 * (the customer), and the figures it counts in (overview, balances and their statement, sales report). A screen
 * that shows payments or their sums joins this list once, and every payment change refreshes it.
 */
export function paymentChangeScopes(businessId: string): QueryKey[] {
  const params = { business_id: businessId };
  return [
    endpointScope(transactionEndpoints.list, { params }),
    endpointScope(transactionEndpoints.get, { params }),
    endpointScope(overviewEndpoints.get, { params }),
    endpointScope(balanceEndpoints.get, { params }),
    endpointScope(balanceEndpoints.statement, { params }),
    endpointScope(salesReportEndpoints.get, { params }),
    endpointScope(customerEndpoints.list, { params }),
    endpointScope(customerEndpoints.get, { params }),
    endpointScope(customerEndpoints.payments, { params }),
    endpointScope(invoiceEndpoints.list, { params }),
    endpointScope(invoiceEndpoints.get, { params }),
    endpointScope(invoiceEndpoints.payments, { params }),
    endpointScope(subscriptionEndpoints.get, { params }),
    endpointScope(paymentLinkEndpoints.list, { params }),
    endpointScope(paymentLinkEndpoints.get, { params }),
    endpointScope(paymentLinkEndpoints.payments, { params }),
    endpointScope(staticQrEndpoints.list, { params }),
    endpointScope(staticQrEndpoints.get, { params }),
    endpointScope(staticQrEndpoints.payments, { params }),
  ];
}

/** Refreshes every screen a payment change moves (`paymentChangeScopes`). */
export const refreshAfterPaymentChange = (client: QueryClient, businessId: string): Promise<unknown> =>
  invalidateEndpoints(client, paymentChangeScopes(businessId));
