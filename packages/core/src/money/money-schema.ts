import { z } from 'zod';
import { isKnownCurrency } from '../currency/currencies';
import { text } from '../text/text-schema';

/**
 * Money on the wire (docs/architecture.md, "Data conventions"): integer minor units with their currency,
 * `{ amount, currency }`. Amounts are JSON numbers: every amount the product handles is far below 2^53.
 */

/** The largest amount in minor units one payment, refund or line may carry (10^12, e.g. 10 billion SGD). */
export const MAX_MINOR_AMOUNT = 1_000_000_000_000;

/** A currency code on the wire: three lower-case letters (ISO 4217); the OpenAPI document declares it as this pattern. */
export const CURRENCY_CODE_PATTERN = /^[a-z]{3}$/;

/**
 * A three-letter ISO 4217 code the product knows, lower case on the wire (input may be upper case and spaced: it is
 * trimmed and lowered first). Every currency of the API, in input and in answers, is this schema. Its steps are
 * string checks, not a transform, so its JSON Schema is a string with `CURRENCY_CODE_PATTERN` rather than empty.
 */
export const CurrencyCodeSchema = text()
  .trim()
  .toLowerCase()
  .regex(CURRENCY_CODE_PATTERN, { error: 'Unknown currency', abort: true })
  .refine(isKnownCurrency, 'Unknown currency');

/** A non-negative whole number of minor units (cents for SGD, yen for JPY, fils for KWD). */
export const MinorAmountSchema = z
  .number('Enter an amount')
  .int('Use whole minor units')
  .min(0, 'The amount cannot be negative')
  .max(MAX_MINOR_AMOUNT, 'The amount is too large');

/** A strictly positive amount (what a customer pays or a merchant refunds). */
export const PositiveMinorAmountSchema = MinorAmountSchema.min(1, 'The amount must be more than zero');

/** An amount with its currency, as every money field travels. */
export const MoneySchema = z.object({ amount: MinorAmountSchema, currency: CurrencyCodeSchema });
export type Money = z.infer<typeof MoneySchema>;

/** A signed amount (ledger balances, net figures after refunds). */
export const SignedMoneySchema = z.object({
  amount: z.number().int().min(-MAX_MINOR_AMOUNT).max(MAX_MINOR_AMOUNT),
  currency: CurrencyCodeSchema,
});
export type SignedMoney = z.infer<typeof SignedMoneySchema>;
