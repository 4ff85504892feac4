import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { terminalEndpoints, type CollectReaderPaymentBody } from '@merchant/pos';
import { call, keptIdempotencyKey } from './api-client';
import { paymentChangeScopes } from './payment-changes';
import { endpointScope, invalidateEndpoints } from './queries';

/**
 * A card payment on a paired reader, shared by the register and the reader's page (docs/pos.md, "Card terminals"):
 * collect (one Idempotency-Key for the tries of one request), the PIN step, cancel. Each changes payments and the
 * reader's recent payments, so what shows them refreshes.
 */
export function useReaderPayment(businessId: string, readerId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId, reader_id: readerId };
  const invalidate = () =>
    invalidateEndpoints(client, [
      endpointScope(terminalEndpoints.listReaders, { params: { business_id: businessId } }),
      endpointScope(terminalEndpoints.getReader, { params: { business_id: businessId } }),
      ...paymentChangeScopes(businessId),
    ]);
  const [withKey] = useState(keptIdempotencyKey);
  return {
    collect: useMutation({
      meta: { silent: true },
      mutationFn: (body: CollectReaderPaymentBody) =>
        withKey({ readerId, body }, (idempotencyKey) => call(terminalEndpoints.collectPayment, { params, body, idempotencyKey })),
      onSuccess: invalidate,
    }),
    pin: useMutation({
      meta: { silent: true },
      mutationFn: ({ paymentId, pin }: { paymentId: string; pin: string }) =>
        call(terminalEndpoints.enterPin, { params: { ...params, payment_id: paymentId }, body: { pin } }),
      onSuccess: invalidate,
    }),
    cancel: useMutation({
      mutationFn: (paymentId: string) => call(terminalEndpoints.cancelPayment, { params: { ...params, payment_id: paymentId } }),
      onSuccess: invalidate,
    }),
  };
}

/** The checkout's test cards, as a simulated reader "reads" them (test mode). */
export const READER_TEST_CARDS = [
  { value: '4242424242424242', label: 'Visa 4242: succeeds' },
  { value: '4000000000000002', label: 'Visa 0002: declined' },
  { value: '4000000000009995', label: 'Visa 9995: insufficient funds' },
  { value: '4000000000003220', label: 'Visa 3220: the reader asks for the PIN' },
];
