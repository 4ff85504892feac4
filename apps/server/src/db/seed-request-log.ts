import type { AppConfig } from '../config';
import { fixedClock } from '../lib/clock';
import { newId } from '../lib/crypto';
import { buildServices, quietSideEffects } from '../services';
import type { Executor } from './client';

const MINUTE_MS = 60_000;

/** Where the demo shop's server calls from (a documentation address) and what it says it is. */
const SHOP = { ip: '203.0.113.24', userAgent: 'DemoCoffeeShop/2.3 (WooCommerce 8.9; PHP 8.2)' };

/** The calls, oldest first: minutes before now, method, path, status, duration, idempotency key, error message. */
const CALLS: [number, string, string, number, number, string | null, string | null][] = [
  [2 * 24 * 60, 'GET', '/v1/payment-requests?per_page=20', 200, 41, null, null],
  [2 * 24 * 60 - 5, 'POST', '/v1/payment-requests', 422, 23, 'order-1041', 'The given data was invalid. amount: The amount field is required.'],
  [2 * 24 * 60 - 4, 'POST', '/v1/payment-requests', 200, 184, 'order-1041', null],
  [
    26 * 60,
    'GET',
    '/v1/payment-requests/9b1f4d2e-5c7a-4e8b-9f3d-2a6c8e1b7d40',
    404,
    18,
    null,
    'No query results for model [PaymentRequest] 9b1f4d2e-5c7a-4e8b-9f3d-2a6c8e1b7d40',
  ],
  [25 * 60, 'GET', '/v1/charges?per_page=10&status=succeeded', 200, 67, null, null],
  [24 * 60, 'POST', '/v1/payment-requests', 200, 171, 'order-1042', null],
  [24 * 60 - 1, 'POST', '/v1/payment-requests', 200, 9, 'order-1042', null],
  [6 * 60, 'GET', '/v1/customers?per_page=25', 200, 52, null, null],
  [3 * 60, 'POST', '/v1/refund', 422, 35, 'refund-1038-1', 'The given data was invalid. payment_id: The payment id field is required.'],
  [40, 'GET', '/v1/payment-requests?per_page=20', 200, 38, null, null],
];

/**
 * A few days of the demo shop's calls with the demo key in the request log (docs/developers.md, "Request log"), so the
 * Developers screen's log is not empty on a fresh start: a WooCommerce shop making payment requests (one refused for a
 * missing amount and sent again with the same idempotency key, one retried and replayed), polling them and reading
 * charges. They are noted through the log's own service, on a clock moved to each call's time.
 */
export async function seedDemoRequestLog(db: Executor, businessId: string, apiKeyId: string, now: Date, config: AppConfig): Promise<{ calls: number }> {
  const clock = fixedClock(now);
  const { requestLog } = buildServices({ db, clock, config, ...quietSideEffects }).services;
  for (const [minutesAgo, method, url, status, durationMs, idempotencyKey, errorMessage] of CALLS) {
    clock.set(new Date(now.getTime() - minutesAgo * MINUTE_MS));
    requestLog.record({ businessId, apiKeyId, method, url, status, durationMs, idempotencyKey, requestId: newId(), errorMessage, ...SHOP });
  }
  await requestLog.flush();
  return { calls: CALLS.length };
}
