import { z } from 'zod';
import { defineEndpoint, text } from '@merchant/core';
import { CheckoutBusinessSchema } from './checkout';
import { SetupParamsSchema } from './subscriptions';

/**
 * Test-mode direct debit (docs/payments.md, "Direct debit"): the customer gives a bank account, authorises a
 * mandate on the test bank's page and comes back through the direct-debit redirection screen, which confirms
 * the mandate with the provider. The mandate is a saved method of kind `direct_debit`: bank name and the last 4
 * of the account, never the whole number.
 */

export const MANDATE_STATUSES = ['pending', 'active', 'declined'] as const;
export type MandateStatus = (typeof MANDATE_STATUSES)[number];

/** What the test bank answered on its mandate page (kept until the redirection screen confirms it). */
export const BANK_DECISIONS = ['authorised', 'declined'] as const;
export type BankDecision = (typeof BANK_DECISIONS)[number];

/** Test bank accounts with an outcome of their own; any other number of 6 to 17 digits behaves as the first. */
export const TEST_BANK_ACCOUNTS = [
  { number: '000123456', outcome: 'authorises a mandate whose charges succeed' },
  { number: '000099995', outcome: 'authorises a mandate whose charges fail for insufficient funds' },
] as const;

export const MandateParamsSchema = z.object({
  public_id: text()
    .min(1)
    .max(64)
    .regex(/^mdt_[A-Za-z0-9]+$/, 'Not a mandate id'),
});

/** The bank account the customer types: spaces and dashes in the number are dropped; only its last 4 are kept. */
export const MandateAccountBodySchema = z.object({
  account_holder: text().trim().min(1, 'Enter the name on the account').max(120),
  bank_name: text().trim().min(1, 'Enter the name of the bank').max(80),
  account_number: text()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(text().regex(/^[0-9]{6,17}$/, 'Enter the account number: 6 to 17 digits')),
});
export type MandateAccountBody = z.input<typeof MandateAccountBodySchema>;

export const BankDecisionBodySchema = z.object({ decision: z.enum(['authorise', 'decline']) });

/** A mandate as the customer's pages show it. */
export const MandateStateSchema = z.object({
  public_id: z.string(),
  business: CheckoutBusinessSchema,
  status: z.enum(MANDATE_STATUSES),
  /** Null until the customer gave an account. */
  bank_name: z.string().nullable(),
  account_last4: z.string().nullable(),
  /** What the test bank answered, while the redirection screen has not confirmed it yet. */
  bank_decision: z.enum(BANK_DECISIONS).nullable(),
  /** Where the customer continues once the mandate is active (a subscription's confirmation, their portal). */
  return_url: z.string(),
  test_mode: z.boolean(),
});
export type MandateState = z.infer<typeof MandateStateSchema>;

export const directDebitEndpoints = {
  startForSetup: defineEndpoint({
    id: 'directDebit.startForSetup',
    method: 'POST',
    host: 'checkout',
    path: '/v1/checkout/subscription-setups/:public_id/direct-debit',
    summary: 'Pay a subscription by direct debit instead of a card: answers the page where the customer gives their bank account',
    access: { kind: 'public' },
    params: SetupParamsSchema,
    response: z.object({ mandate_url: z.string() }),
    status: 201,
    errors: ['SUBSCRIPTION_SETUP_NOT_FOUND', 'SUBSCRIPTION_SETUP_UNAVAILABLE', 'RATE_LIMITED', 'BUSINESS_CANNOT_TAKE_PAYMENTS'],
  }),
  get: defineEndpoint({
    id: 'directDebit.get',
    method: 'GET',
    host: 'checkout',
    path: '/v1/checkout/mandates/:public_id',
    summary: 'A direct-debit mandate as the customer sees it: business, status, bank name and last 4 of the account',
    access: { kind: 'public' },
    params: MandateParamsSchema,
    response: MandateStateSchema,
    errors: ['MANDATE_NOT_FOUND'],
  }),
  submitAccount: defineEndpoint({
    id: 'directDebit.submitAccount',
    method: 'POST',
    host: 'checkout',
    path: '/v1/checkout/mandates/:public_id/account',
    summary: "Give the mandate's bank account (test mode: a test account number); answers the bank's mandate page to authorise it on",
    access: { kind: 'public' },
    params: MandateParamsSchema,
    body: MandateAccountBodySchema,
    response: z.object({ bank_url: z.string() }),
    errors: ['MANDATE_NOT_FOUND', 'MANDATE_NOT_PENDING', 'RATE_LIMITED', 'BUSINESS_CANNOT_TAKE_PAYMENTS'],
  }),
  bankDecision: defineEndpoint({
    id: 'directDebit.bankDecision',
    method: 'POST',
    host: 'checkout',
    path: '/v1/checkout/mandates/:public_id/bank',
    summary: "The test bank's mandate page: authorise or decline; answers the direct-debit redirection screen to return to",
    access: { kind: 'public' },
    params: MandateParamsSchema,
    body: BankDecisionBodySchema,
    response: z.object({ return_url: z.string() }),
    errors: ['MANDATE_NOT_FOUND', 'MANDATE_NOT_PENDING', 'MANDATE_NOT_AT_BANK', 'BUSINESS_CANNOT_TAKE_PAYMENTS'],
  }),
  confirm: defineEndpoint({
    id: 'directDebit.confirm',
    method: 'POST',
    host: 'checkout',
    path: '/v1/checkout/mandates/:public_id/confirm',
    summary: "The redirection screen's server-side check: the provider confirms the bank's answer and the mandate becomes active or declined",
    access: { kind: 'public' },
    params: MandateParamsSchema,
    response: MandateStateSchema,
    errors: ['MANDATE_NOT_FOUND', 'MANDATE_NOT_AT_BANK', 'SUBSCRIPTION_SETUP_UNAVAILABLE', 'BUSINESS_CANNOT_TAKE_PAYMENTS'],
  }),
} as const;
