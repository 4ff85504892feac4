/** The job that posts HitPay's legacy webhook of a payment request made through the public API (docs/developers.md). */
export const LEGACY_WEBHOOK_JOB = 'payment-request.legacy-webhook';
export interface LegacyWebhookJob {
  business_id: string;
  api_key_id: string;
  webhook_url: string;
  /** HitPay's callback fields, as posted (the `hmac` is added when it is sent). */
  fields: Record<string, string>;
}
