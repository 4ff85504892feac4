import { describe, expect, it } from 'vitest';
import { transactionEndpoints } from '@merchant/payments';
import { apiError, stubApi } from '@/test/api-stub';
import { ApiError, call, keptIdempotencyKey } from './api-client';

const params = { business_id: '00000000-0000-4000-8000-000000000001', payment_id: '00000000-0000-4000-8000-000000000002' };
const refund = { amount: 100, reason: 'requested_by_customer' as const };

describe('keptIdempotencyKey', () => {
  it('sends the same key again after an answer that settled nothing, and a new one after any other answer', async () => {
    const answers = [apiError(503, 'PAYMENT_PROCESSOR_UNAVAILABLE'), apiError(409, 'PAYMENT_NOT_REFUNDABLE'), apiError(503, 'PAYMENT_PROCESSOR_UNAVAILABLE')];
    const api = stubApi().on(transactionEndpoints.refund, () => answers.shift()!);
    const withKey = keptIdempotencyKey();
    const send = (body: typeof refund) =>
      withKey(body, (idempotencyKey) => call(transactionEndpoints.refund, { params, body, idempotencyKey })).catch((error: unknown) => error);

    expect(await send(refund)).toBeInstanceOf(ApiError); // 503: nothing settled
    expect(await send(refund)).toBeInstanceOf(ApiError); // 409: the server answered
    expect(await send({ ...refund, amount: 50 })).toBeInstanceOf(ApiError); // another refund

    const keys = api.requests(transactionEndpoints.refund).map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('takes a new key for the same request once the earlier one was answered', async () => {
    const api = stubApi().on(transactionEndpoints.refund, () => apiError(422, 'VALIDATION_FAILED'));
    const withKey = keptIdempotencyKey();
    for (let i = 0; i < 2; i++)
      await withKey(refund, (idempotencyKey) => call(transactionEndpoints.refund, { params, body: refund, idempotencyKey })).catch(() => undefined);
    const [first, second] = api.requests(transactionEndpoints.refund).map((r) => r.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });
});
