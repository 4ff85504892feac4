import { z } from 'zod';
import { optionalText, text } from '@merchant/core';

/**
 * The public API's input in HitPay's own names (docs/developers.md), as JSON or as a form: a form sends every
 * value as text, so numbers and booleans are read from text too ("true", "1"), and `payment_methods[]` arrives as
 * `payment_methods`. Fields of HitPay's document this product has no use for (`send_sms`, `add_admin_fee`,
 * `wifi_terminal_id`, `generate_qr`, `address`, `metadata`...) are accepted and ignored.
 */
const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: 'The field must be true or false.' })])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

/** HitPay's `amount`: a number in major units (`12.5`, `"12.50"`), kept as text until its currency is known. */
const AmountSchema = z
  .union([z.number(), text().trim().min(1, 'The amount field is required.')], { error: 'The amount field is required.' })
  .transform((v) => String(v))
  .refine((v) => /^\d+(\.\d+)?$/.test(v), 'The amount must be a number.');

export const PublicPaymentRequestBodySchema = z.object({
  amount: AmountSchema,
  currency: text()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'The currency must be 3 letters.'),
  email: optionalText(254),
  name: optionalText(255),
  phone: optionalText(30),
  purpose: optionalText(255),
  reference_number: optionalText(255),
  redirect_url: optionalText(1028),
  webhook: optionalText(1028),
  payment_methods: z
    .union([z.array(text().trim().max(50)), text().trim().max(50)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  allow_repeated_payments: boolish,
  /** `YYYY-MM-DD HH:mm:ss` (UTC here, docs/developers.md), or an ISO time. */
  expiry_date: optionalText(40),
  /** `30 mins`, `2 hours`, `1 day`. */
  expires_after: optionalText(40),
  send_email: boolish,
  send_sms: boolish,
  /**
   * A platform's fee of this request, major units as `amount` (docs/developers.md, "Platform accounts"): only with
   * `X-LINKED-BUSINESS-ID`; without it the platform's commission rate applies.
   */
  platform_fee: z
    .union([z.number(), text().trim().min(1)])
    .transform((v) => String(v))
    .refine((v) => /^\d+(\.\d+)?$/.test(v), 'The platform fee must be a number.')
    .optional(),
});
export type PublicPaymentRequestBody = z.output<typeof PublicPaymentRequestBodySchema>;

/** HitPay's `expires_after` (`30 mins`, `5 minutes`, `2 hours`, `1 day`) in milliseconds, or null when it is not such a text. */
export function expiresAfterMs(value: string): number | null {
  const match = /^(\d{1,5})\s*(min|mins|minute|minutes|hour|hours|day|days)$/i.exec(value.trim());
  if (!match) return null;
  const n = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  const per = unit.startsWith('min') ? 60_000 : unit.startsWith('hour') ? 3_600_000 : 86_400_000;
  return n > 0 ? n * per : null;
}

/** HitPay's legacy webhook's fields, sorted and concatenated as `key` + `value`, signed with HMAC-SHA256 (docs/developers.md). */
export function legacyHmacSource(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'hmac')
    .sort()
    .map((k) => `${k}${fields[k]}`)
    .join('');
}

/** HitPay's payment request as the public API answers it (its published schema; a field without a value is left out). */
export const PublicPaymentRequestSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  /** Major units as text (`"12.50"`). */
  amount: z.string(),
  /** Lower case, as HitPay answers it. */
  currency: z.string(),
  is_currency_editable: z.boolean(),
  status: z.enum(['pending', 'completed', 'failed', 'expired', 'canceled', 'inactive']),
  purpose: z.string(),
  reference_number: z.string().optional(),
  payment_methods: z.array(z.string()),
  /** The hosted checkout. */
  url: z.string(),
  redirect_url: z.string().optional(),
  webhook: z.string().optional(),
  send_sms: z.boolean(),
  send_email: z.boolean(),
  allow_repeated_payments: z.boolean(),
  /** `YYYY-MM-DDTHH:mm:ss`, UTC. */
  expiry_date: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  staff_id: z.string().nullable(),
  business_location_id: z.string().nullable(),
});
export type PublicPaymentRequest = z.infer<typeof PublicPaymentRequestSchema>;

/** A payment of a payment request as HitPay's "Get Payment Request Status" lists them (amounts as major-unit text). */
export const PublicPaymentRequestPaymentSchema = z.object({
  id: z.string(),
  quantity: z.number(),
  status: z.enum(['pending', 'failed', 'canceled', 'succeeded', 'refunded', 'partially_refunded']),
  buyer_name: z.string(),
  buyer_phone: z.string(),
  buyer_email: z.string(),
  currency: z.string(),
  amount: z.string(),
  refunded_amount: z.string(),
  payment_type: z.string(),
  fees: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** One payment request with its payments (newest first, at most 50): what HitPay's status check answers. */
export const PublicPaymentRequestStatusSchema = PublicPaymentRequestSchema.extend({ payments: z.array(PublicPaymentRequestPaymentSchema) });
export type PublicPaymentRequestStatus = z.infer<typeof PublicPaymentRequestStatusSchema>;

export const PublicPaymentRequestListSchema = z.object({ data: z.array(PublicPaymentRequestSchema), next_cursor: z.string().nullable() });
export const PublicDeletedSchema = z.object({ success: z.boolean() });
/** HitPay's (Laravel's) error body; `errors` for invalid input (422). */
export const PublicErrorSchema = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() });
