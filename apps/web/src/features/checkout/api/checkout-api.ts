import { useState } from 'react';
import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  checkoutEndpoints,
  directDebitEndpoints,
  subscriptionSetupEndpoints,
  type CheckoutSourceKind,
  type NextAction,
  type PaymentMethodDetails,
  type StartCheckoutBody,
} from '@merchant/payments';
import { call, keptIdempotencyKey, registerCsrfSource } from '@/lib/api-client';
import { endpointQuery } from '@/lib/queries';

// The checkout host keeps its own cookies: its calls carry the token of its own endpoint.
registerCsrfSource('checkout', checkoutEndpoints.csrfToken);

export const checkoutQuery = (kind: CheckoutSourceKind, publicId: string) =>
  queryOptions({ ...endpointQuery(checkoutEndpoints.get, { params: { kind, public_id: publicId } }), retry: false, meta: { silent: true } });

/** How often the page asks for the payment's state while it waits (a PayNow QR to be scanned). */
export const POLL_MS = 2000;

/** A payment's state; polled while it waits for a scan (PayNow). */
export const paymentQuery = (publicId: string) =>
  queryOptions({
    ...endpointQuery(checkoutEndpoints.payment, { params: { public_id: publicId } }),
    retry: false,
    meta: { silent: true },
    refetchInterval: (query) => (query.state.data?.next_action?.kind === 'paynow_qr' ? POLL_MS : false),
  });

export const receiptQuery = (publicId: string) =>
  queryOptions({ ...endpointQuery(checkoutEndpoints.receipt, { params: { public_id: publicId } }), retry: false, meta: { silent: true } });

/**
 * Starts a payment of the source (when none is payable yet) and confirms it with the method's details; a
 * payment started elsewhere (no source here: an invoice's) is only confirmed.
 * The confirm asked again with the same details after an answer that settled nothing (the processor did not answer)
 * keeps its Idempotency-Key, so the server finishes the first try instead of charging again.
 */
export function usePay(source: { kind: CheckoutSourceKind; publicId: string } | null) {
  const [withKey] = useState(keptIdempotencyKey);
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ start, details, payable }: { start: StartCheckoutBody; details: PaymentMethodDetails; payable: string | null }) => {
      let paymentId = payable;
      if (!paymentId) {
        if (!source) throw new Error('This payment can no longer be paid here. Go back and start again.');
        paymentId = (await call(checkoutEndpoints.start, { params: { kind: source.kind, public_id: source.publicId }, body: start })).public_id;
      }
      try {
        const confirming = paymentId;
        return await withKey({ paymentId, details }, (idempotencyKey) =>
          call(checkoutEndpoints.confirm, { params: { public_id: confirming }, body: details, idempotencyKey }),
        );
      } catch (error) {
        // The payment was started: a retry confirms it again rather than starting another.
        throw Object.assign(error instanceof Error ? error : new Error(String(error)), { paymentId });
      }
    },
  });
}

export type Decision = 'approve' | 'fail';

/** The 3-D Secure challenge's or the e-wallet page's answer, or test mode's simulated PayNow scan. */
export function useAction(publicId: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ action, decision }: { action: NextAction['kind']; decision: Decision }) => {
      const params = { public_id: publicId };
      if (action === 'paynow_qr') return call(checkoutEndpoints.qrScan, { params });
      if (action === 'ewallet_redirect') return call(checkoutEndpoints.wallet, { params, body: { decision } });
      return call(checkoutEndpoints.challenge, { params, body: { decision } });
    },
  });
}

/** The page that saves a subscription's card (`/s/:id`). */
export const subscriptionSetupQuery = (publicId: string) =>
  queryOptions({ ...endpointQuery(subscriptionSetupEndpoints.get, { params: { public_id: publicId } }), retry: false, meta: { silent: true } });

/** Saves the card (its own Idempotency-Key per attempt, kept across the 419 retry). */
export function useSaveSubscriptionCard(publicId: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (card: { number: string; cvc: string; exp_month: number; exp_year: number }) =>
      call(subscriptionSetupEndpoints.saveCard, { params: { public_id: publicId }, body: { card } }),
  });
}

/** "Pay by direct debit" instead of a card: answers the page where the customer gives their bank account. */
export function useStartSetupDirectDebit(publicId: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: () => call(directDebitEndpoints.startForSetup, { params: { public_id: publicId } }),
  });
}
