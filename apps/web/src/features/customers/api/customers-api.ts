import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { customerEndpoints, customerPortalEndpoints, type CustomerBody, type CustomerFilters, type CustomerOrderChannel } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { downloadUrl } from '@/lib/download-url';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const CUSTOMERS_PAGE_SIZE = 25;

export const customersQuery = (businessId: string, filters: CustomerFilters) =>
  infiniteQueryOptions({
    queryKey: endpointKey(customerEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: CUSTOMERS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(customerEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: CUSTOMERS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const customerQuery = (businessId: string, customerId: string) =>
  endpointQuery(customerEndpoints.get, { params: { business_id: businessId, customer_id: customerId } });

export const customerPaymentsQuery = (businessId: string, customerId: string) => {
  const params = { business_id: businessId, customer_id: customerId };
  return infiniteQueryOptions({
    queryKey: endpointKey(customerEndpoints.payments, { params, query: { limit: CUSTOMERS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) => call(customerEndpoints.payments, { params, query: { limit: CUSTOMERS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
};

/** What the customer bought in each channel: counts and totals less refunds. */
export const customerChannelsQuery = (businessId: string, customerId: string) =>
  endpointQuery(customerEndpoints.channels, { params: { business_id: businessId, customer_id: customerId } });

/** The customer's register or store orders, newest first. */
export const customerOrdersQuery = (businessId: string, customerId: string, channel: CustomerOrderChannel) => {
  const params = { business_id: businessId, customer_id: customerId };
  return infiniteQueryOptions({
    queryKey: endpointKey(customerEndpoints.orders, { params, query: { channel, limit: CUSTOMERS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) => call(customerEndpoints.orders, { params, query: { channel, limit: CUSTOMERS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
};

/** The CSV download of exactly the searched list: a plain link the browser follows with the session cookie. */
export const customersExportHref = (businessId: string, filters: CustomerFilters): string =>
  downloadUrl(customerEndpoints.export, { business_id: businessId }, filters);

function useInvalidateCustomers(businessId: string) {
  const client = useQueryClient();
  return () =>
    invalidateEndpoints(client, [
      endpointScope(customerEndpoints.list, { params: { business_id: businessId } }),
      endpointScope(customerEndpoints.get, { params: { business_id: businessId } }),
    ]);
}

/** Creates a customer (no id) or saves one; the form shows field errors itself. */
export function useSaveCustomer(businessId: string, customerId: string | null) {
  const invalidate = useInvalidateCustomers(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CustomerBody) =>
      customerId
        ? call(customerEndpoints.update, { params: { business_id: businessId, customer_id: customerId }, body })
        : call(customerEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

/** Mails the customer a signed link to their portal on the invoice host (docs/payments.md, "Customer portal"). */
export function useEmailPortalLink(businessId: string, customerId: string) {
  return useMutation({ mutationFn: () => call(customerPortalEndpoints.emailLink, { params: { business_id: businessId, customer_id: customerId } }) });
}
