import { useCallback } from 'react';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addOnGroupEndpoints,
  categoryEndpoints,
  drawerEndpoints,
  locationEndpoints,
  posOrderEndpoints,
  productEndpoints,
  type CreateSaleBody,
} from '@merchant/catalogue';
import { customerEndpoints } from '@merchant/payments';
import { REGISTER_APP_VERSION, registerDraftEndpoints, registerEndpoints, terminalEndpoints, type SaveRegisterDraftBody } from '@merchant/pos';
import { ApiError, call } from '@/lib/api-client';
import { paymentChangeScopes } from '@/lib/payment-changes';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';
import type { SendOutcome } from '../lib/offline-queue';
import { staffEndpoints } from '@merchant/business';

export const REGISTER_PAGE_SIZE = 48;

const business = (businessId: string) => ({ business_id: businessId });

/** The products the register sells: active, on the POS channel, by name, in a category or searched. */
export const registerProductsQuery = (businessId: string, filters: { q?: string; category?: string }) => {
  const query = { channel: 'pos' as const, status: 'active' as const, sort: 'name' as const, ...filters, limit: REGISTER_PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: endpointKey(productEndpoints.list, { params: business(businessId), query }),
    queryFn: ({ pageParam, signal }) => call(productEndpoints.list, { params: business(businessId), query: { ...query, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
};

/** A barcode or SKU typed by a scanner: the products whose code starts with it (the exact one is picked from them). */
export const lookupCode = (businessId: string, code: string) =>
  call(productEndpoints.list, { params: business(businessId), query: { q: code, channel: 'pos', status: 'active', sort: 'name', limit: 10 } });

export const registerCategoriesQuery = (businessId: string) => endpointQuery(categoryEndpoints.list, { params: business(businessId) });
export const registerAddOnGroupsQuery = (businessId: string) => endpointQuery(addOnGroupEndpoints.list, { params: business(businessId) });
export const registerLocationsQuery = (businessId: string) =>
  endpointQuery(locationEndpoints.list, { params: business(businessId), query: { status: 'active', limit: 100 } });
/** The locations the signed-in person works at (null: every one): the register offers only these (docs/roles.md, "Locations"). */
export const myLocationsQuery = (businessId: string) => endpointQuery(staffEndpoints.myLocations, { params: business(businessId) });
/** The business's paired readers (the register takes a card on the one at its drawer's location). */
export const registerReadersQuery = (businessId: string) => endpointQuery(terminalEndpoints.listReaders, { params: business(businessId) });
export const currentDrawerQuery = (businessId: string) => endpointQuery(drawerEndpoints.current, { params: business(businessId) });
export const orderFormQuery = (businessId: string) => endpointQuery(posOrderEndpoints.orderForm, { params: business(businessId) });
/** What the register prices with at its location (taxes, surcharges, automatic discounts); refreshed every few minutes. */
export const registerPricingQuery = (businessId: string, locationId: string | null) =>
  queryOptions({
    ...endpointQuery(posOrderEndpoints.pricing, { params: business(businessId), query: { location_id: locationId ?? '' } }),
    enabled: locationId !== null,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });

export const customerSearchQuery = (businessId: string, q: string) =>
  queryOptions({
    ...endpointQuery(customerEndpoints.list, { params: business(businessId), query: { q: q || undefined, limit: 10 } }),
    enabled: q.trim().length > 0,
  });

function useInvalidateDrawer(businessId: string) {
  const client = useQueryClient();
  return () =>
    invalidateEndpoints(client, [
      endpointScope(drawerEndpoints.current, { params: business(businessId) }),
      endpointScope(drawerEndpoints.list, { params: business(businessId) }),
    ]);
}

export function useOpenDrawer(businessId: string) {
  const invalidate = useInvalidateDrawer(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { location_id: string; opening_float: number }) => call(drawerEndpoints.open, { params: business(businessId), body }),
    onSuccess: invalidate,
  });
}

export function useDrawerCash(businessId: string, drawerId: string) {
  const invalidate = useInvalidateDrawer(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ direction, ...body }: { direction: 'in' | 'out'; amount: number; reason: string }) =>
      call(direction === 'in' ? drawerEndpoints.payIn : drawerEndpoints.payOut, { params: { ...business(businessId), drawer_id: drawerId }, body }),
    onSuccess: invalidate,
  });
}

export function useCloseDrawer(businessId: string, drawerId: string) {
  const invalidate = useInvalidateDrawer(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { counted_cash: number; note: string | null }) =>
      call(drawerEndpoints.close, { params: { ...business(businessId), drawer_id: drawerId }, body }),
    onSuccess: invalidate,
  });
}

export function useCreateCustomer(businessId: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { name: string; email: string | null; phone: string | null }) => call(customerEndpoints.create, { params: business(businessId), body }),
  });
}

/** The open draft orders at the register's location (kept through the public API to be paid here). */
export const registerDraftsQuery = (businessId: string, locationId: string) =>
  queryOptions({
    ...endpointQuery(registerDraftEndpoints.list, { params: business(businessId), query: { location_id: locationId } }),
    refetchInterval: 60_000,
  });

export function useDeleteDraft(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draftId: string) => call(registerDraftEndpoints.remove, { params: { business_id: businessId, draft_id: draftId } }),
    onSettled: () => invalidateEndpoints(client, [endpointScope(registerDraftEndpoints.list, { params: business(businessId) })]),
  });
}

/**
 * Saves the cart as an open order: a new draft, or (the cart opened from one) into that draft, which a sale elsewhere
 * may have paid meanwhile (409). The open orders are refreshed either way.
 */
export function useSaveCart(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ draftId, body }: { draftId: string | null; body: SaveRegisterDraftBody }) =>
      draftId
        ? call(registerDraftEndpoints.update, { params: { business_id: businessId, draft_id: draftId }, body })
        : call(registerDraftEndpoints.save, { params: business(businessId), body }),
    onSettled: () => invalidateEndpoints(client, [endpointScope(registerDraftEndpoints.list, { params: business(businessId) })]),
  });
}

/** Records a sale; the answer is the order (its receipt). */
export const sendSale = (businessId: string, body: CreateSaleBody) => call(posOrderEndpoints.createSale, { params: business(businessId), body });

/**
 * Records a queued sale: no answer at all (the network is down), a 5xx or a 429 leaves it waiting; any other error
 * answer is the server's refusal, kept with its message.
 */
export async function sendQueuedSale(businessId: string, body: CreateSaleBody): Promise<SendOutcome> {
  try {
    await sendSale(businessId, body);
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && error.status !== 429) return { ok: false, kind: 'refused', message: error.message };
    return { ok: false, kind: 'network' };
  }
}

/** Stable across renders, so the register's queue sync (which calls it) is not rebuilt on every render. */
export function useInvalidateAfterSale(businessId: string) {
  const client = useQueryClient();
  return useCallback(
    () =>
      invalidateEndpoints(client, [
        endpointScope(drawerEndpoints.current, { params: business(businessId) }),
        endpointScope(posOrderEndpoints.list, { params: business(businessId) }),
        endpointScope(productEndpoints.list, { params: business(businessId) }),
        endpointScope(registerDraftEndpoints.list, { params: business(businessId) }),
      ]),
    [client, businessId],
  );
}

/** A PayNow QR for an amount (the payment waits for the customer's bank app). */
export function useStartQrPayment(businessId: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (amount: number) => call(registerEndpoints.startQrPayment, { params: business(businessId), body: { amount } }),
  });
}

/** The QR payment's state, polled every two seconds while it waits. */
export const qrPaymentQuery = (businessId: string, paymentId: string | null) =>
  queryOptions({
    ...endpointQuery(registerEndpoints.getQrPayment, { params: { ...business(businessId), payment_id: paymentId ?? '' } }),
    enabled: paymentId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'waiting' || !query.state.data ? 2_000 : false),
  });

/** Test mode: the customer's bank app scans the QR and pays. */
export function useSimulateQrScan(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (paymentId: string) => call(registerEndpoints.simulateQrScan, { params: { ...business(businessId), payment_id: paymentId } }),
    onSuccess: (answer) => {
      client.setQueryData(endpointKey(registerEndpoints.getQrPayment, { params: { ...business(businessId), payment_id: answer.payment_id } }), answer);
      void invalidateEndpoints(client, paymentChangeScopes(businessId));
    },
  });
}

/** Mails an order's receipt to an address, or (none given) to the order's customer. */
export function useMailReceipt(businessId: string, orderId: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (email: string | null) => call(posOrderEndpoints.mailReceipt, { params: { ...business(businessId), order_id: orderId }, body: { email } }),
  });
}

/**
 * Registers this browser as a register device of the business (or reports it seen, where it sells and the register's
 * version): answers its offline allowance.
 */
export const registerDeviceQuery = (businessId: string, deviceId: string, locationId: () => string | null = () => null) =>
  queryOptions({
    // One device per browser: its id is not part of the key.
    queryKey: endpointKey(registerEndpoints.registerDevice, { params: business(businessId) }),
    queryFn: () =>
      call(registerEndpoints.registerDevice, {
        params: business(businessId),
        body: { device_id: deviceId, name: 'Register', location_id: locationId(), app_version: REGISTER_APP_VERSION },
      }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useSetOfflineAllowance(businessId: string, deviceId: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (allowed: boolean) =>
      call(registerEndpoints.setOfflineAllowance, { params: { ...business(businessId), device_id: deviceId }, body: { allowed } }),
    onSuccess: (device) => client.setQueryData(registerDeviceQuery(businessId, deviceId).queryKey, device),
  });
}
