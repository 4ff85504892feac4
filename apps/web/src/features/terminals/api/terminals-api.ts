import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { locationEndpoints } from '@merchant/catalogue';
import {
  terminalEndpoints,
  type CreateTerminalOrderBody,
  type PairReaderBody,
  type ReaderConnection,
  type ReaderModel,
  type UpdateReaderBody,
} from '@merchant/pos';
import { call } from '@/lib/api-client';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const ORDERS_PAGE_SIZE = 25;

export const readersQuery = (businessId: string) => endpointQuery(terminalEndpoints.listReaders, { params: { business_id: businessId } });
export const readerQuery = (businessId: string, readerId: string) =>
  endpointQuery(terminalEndpoints.getReader, { params: { business_id: businessId, reader_id: readerId } });
export const orderQuery = (businessId: string, orderId: string) =>
  endpointQuery(terminalEndpoints.getOrder, { params: { business_id: businessId, terminal_order_id: orderId } });
export const activeLocationsQuery = (businessId: string) =>
  endpointQuery(locationEndpoints.list, { params: { business_id: businessId }, query: { status: 'active', limit: 100 } });

export const ordersQuery = (businessId: string) =>
  infiniteQueryOptions({
    queryKey: endpointKey(terminalEndpoints.listOrders, { params: { business_id: businessId }, query: { limit: ORDERS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(terminalEndpoints.listOrders, { params: { business_id: businessId }, query: { limit: ORDERS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

function useInvalidateTerminals(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return () =>
    invalidateEndpoints(client, [
      endpointScope(terminalEndpoints.listReaders, { params }),
      endpointScope(terminalEndpoints.getReader, { params }),
      endpointScope(terminalEndpoints.listOrders, { params }),
      endpointScope(terminalEndpoints.getOrder, { params }),
    ]);
}

/** The forms and dialogs show field issues themselves. */
export function useCreateOrder(businessId: string) {
  const invalidate = useInvalidateTerminals(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateTerminalOrderBody) => call(terminalEndpoints.createOrder, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useOrderStep(businessId: string, orderId: string) {
  const invalidate = useInvalidateTerminals(businessId);
  const params = { business_id: businessId, terminal_order_id: orderId };
  return useMutation({
    mutationFn: (step: { status: 'cancelled' } | { status: 'processing' | 'shipped' | 'delivered'; tracking_number?: string }) =>
      step.status === 'cancelled' ? call(terminalEndpoints.cancelOrder, { params }) : call(terminalEndpoints.advanceOrder, { params, body: step }),
    onSuccess: invalidate,
  });
}

export function useSimulatePairingCode(businessId: string) {
  return useMutation({
    mutationFn: (model: ReaderModel) => call(terminalEndpoints.simulatePairingCode, { params: { business_id: businessId }, body: { model } }),
  });
}

export function usePairReader(businessId: string) {
  const invalidate = useInvalidateTerminals(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: PairReaderBody) => call(terminalEndpoints.pairReader, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateReader(businessId: string, readerId: string) {
  const invalidate = useInvalidateTerminals(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateReaderBody) => call(terminalEndpoints.updateReader, { params: { business_id: businessId, reader_id: readerId }, body }),
    onSuccess: invalidate,
  });
}

export function useUnpairReader(businessId: string, readerId: string) {
  const invalidate = useInvalidateTerminals(businessId);
  return useMutation({
    mutationFn: () => call(terminalEndpoints.unpairReader, { params: { business_id: businessId, reader_id: readerId } }),
    onSuccess: invalidate,
  });
}

export function useSimulateConnection(businessId: string, readerId: string) {
  const invalidate = useInvalidateTerminals(businessId);
  return useMutation({
    mutationFn: (connection: ReaderConnection) =>
      call(terminalEndpoints.simulateConnection, { params: { business_id: businessId, reader_id: readerId }, body: { connection } }),
    onSuccess: invalidate,
  });
}
