import { createHmac } from 'node:crypto';
import { legacyHmacSource } from '@merchant/payments';
import { postOutbound } from '@/lib/outbound-http';
import type { LegacyWebhookJob } from '@/modules/payments/payment-links/payment-links.types';
import type { ApiKeysService } from './api-keys.service';

/** How long a merchant's server may take to answer a callback. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** HitPay's legacy `hmac`: HMAC-SHA256, keyed by the salt, over the fields sorted by name as `name` + `value`, in hex. */
export function legacyHmac(salt: string, fields: Record<string, string>): string {
  return createHmac('sha256', salt).update(legacyHmacSource(fields)).digest('hex');
}

/**
 * Posts HitPay's legacy webhook of a paid payment request (docs/developers.md): form-encoded, with `hmac` signed by
 * the salt of the key that made the request. An answer other than 2xx, a timeout or a refused address throws, so
 * the job is retried with backoff (pg-boss); a key that is gone ends the job (nothing can sign it).
 */
export async function sendLegacyWebhook(
  deps: { apiKeys: Pick<ApiKeysService, 'saltOf'>; allowPrivate: boolean; log: (message: string, meta: object) => void },
  job: LegacyWebhookJob,
): Promise<void> {
  const salt = await deps.apiKeys.saltOf(job.business_id, job.api_key_id);
  if (!salt) {
    deps.log('the key of this payment request is gone: its legacy webhook is not sent', { payment_request_id: job.fields.payment_request_id });
    return;
  }
  const form = new URLSearchParams({ ...job.fields, hmac: legacyHmac(salt, job.fields) });
  const answer = await postOutbound(job.webhook_url, {
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'merchant-webhooks/1' },
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    allowPrivate: deps.allowPrivate,
  });
  if (answer.status < 200 || answer.status >= 300) throw new Error(`The webhook answered ${answer.status}`);
}
