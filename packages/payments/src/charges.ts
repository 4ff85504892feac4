import { z } from 'zod';
import { CurrencyCodeSchema, PositiveMinorAmountSchema, text } from '@merchant/core';
import { computeFee } from './method-pricing';
import { PAYMENT_EVENT_TYPES, REFUND_REASONS, type PaymentMethod, type PaymentStatus } from './payment';

/**
 * What a customer sends to pay with a method (docs/payments.md, "Core services"). The card number and the
 * CVC travel once, to the confirm call; the provider turns them into a token, brand, last 4 and expiry.
 * Spaces and dashes people type in a card number are dropped before the Luhn check.
 */
export const CardDetailsSchema = z.object({
  number: text()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(text().regex(/^\d{12,19}$/, 'Enter the card number')),
  exp_month: z.number('Enter the expiry month').int().min(1, 'Enter a month from 1 to 12').max(12, 'Enter a month from 1 to 12'),
  /** Four digits (2031); two digits (31) are read as 20xx. */
  exp_year: z
    .number('Enter the expiry year')
    .int()
    .min(0)
    .max(2199)
    .transform((year) => (year < 100 ? 2000 + year : year)),
  cvc: text()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
});
export type CardDetails = z.infer<typeof CardDetailsSchema>;

/** The method a customer pays with, and what it needs: card details for a card, nothing for PayNow or e-wallet. */
export const PaymentMethodDetailsSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('card'), card: CardDetailsSchema }),
  z.object({ method: z.literal('paynow') }),
  z.object({ method: z.literal('ewallet') }),
]);
export type PaymentMethodDetails = z.infer<typeof PaymentMethodDetailsSchema>;

/**
 * The action a payment in `requires_action` waits for: a 3-D Secure style challenge page, a PayNow QR to
 * scan (its EMVCo payload), or the e-wallet's approval page.
 */
export const NextActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('three_d_secure') }),
  z.object({ kind: z.literal('paynow_qr'), payload: z.string() }),
  z.object({ kind: z.literal('ewallet_redirect') }),
]);
export type NextAction = z.infer<typeof NextActionSchema>;

/** Payment statuses that may be refunded (again): the money was taken and not all of it went back. */
export const REFUNDABLE_STATUSES = ['succeeded', 'partially_refunded'] as const satisfies readonly PaymentStatus[];

/**
 * What is left to refund of a payment (minor units): its amount less what was refunded, and nothing unless it
 * succeeded or was refunded in part. The one rule: the server refuses more, the refund dialog offers this.
 */
export function refundableAmount(payment: { status: PaymentStatus; amount: number; refunded: number }): number {
  if (!(REFUNDABLE_STATUSES as readonly PaymentStatus[]).includes(payment.status)) return 0;
  return Math.max(0, payment.amount - payment.refunded);
}

/** A refund as the merchant asks for it: never more than what is left of the payment (`refundableAmount`). */
export const RefundInputSchema = z.object({
  amount: PositiveMinorAmountSchema,
  reason: z.enum(REFUND_REASONS),
  note: text().trim().max(500, 'Keep the note under 500 characters').optional(),
});
export type RefundInput = z.infer<typeof RefundInputSchema>;

export const RefundSchema = z.object({
  id: z.uuid(),
  payment_id: z.uuid(),
  amount: z.object({ amount: z.number().int(), currency: CurrencyCodeSchema }),
  reason: z.enum(REFUND_REASONS),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** One step of a payment's timeline. */
export const PaymentEventSchema = z.object({
  id: z.uuid(),
  type: z.enum(PAYMENT_EVENT_TYPES),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type PaymentEvent = z.infer<typeof PaymentEventSchema>;

/**
 * What the customer pays when the merchant passes a method's fee on to them: the least gross amount whose
 * net (gross minus the method's fee on the gross) is the asked amount. The fee grows by at most one minor
 * unit per unit of gross, so the least such gross nets exactly the asked amount.
 */
export function grossUpForFee(askedMinor: number, method: PaymentMethod, currency: string): number {
  const net = (gross: number) => gross - computeFee(gross, method, currency);
  let gross = askedMinor + computeFee(askedMinor, method, currency);
  while (net(gross) < askedMinor) gross++;
  while (gross > askedMinor && net(gross - 1) >= askedMinor) gross--;
  return gross;
}

/** The Luhn check every card number passes before any charge. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
