import { z } from 'zod';
import { CurrencyCodeSchema, CursorQuerySchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { BANK_ACCOUNT_TYPES, CheckedBankAccountSchema, EditedBankAccountSchema } from './bank-accounts';

/**
 * Beneficiaries: the people and companies a business sends money to (docs/payments.md, "send money").
 * Their bank details follow the payout bank accounts' rules (`bankAccountIssues`: per-country local
 * accounts, SWIFT/BIC and IBAN abroad), so a beneficiary is checked exactly as a bank account is. A local
 * beneficiary banks in the business's own country; an overseas one is `cross_border`. Deleting closes it:
 * a closed beneficiary keeps its transfers' history and can receive nothing more.
 */

export const BENEFICIARY_STATUSES = ['active', 'closed'] as const;
export type BeneficiaryStatus = (typeof BENEFICIARY_STATUSES)[number];

const emailText = text()
  .trim()
  .max(254, 'Use at most 254 characters')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address')
  .nullish();
const labelText = text().trim().max(255, 'Use at most 255 characters').nullish();
/** Blank is none. */
const orNull = (v: string | null | undefined) => (v ? v : null);
/** Left out: undefined (the saved value is kept); blank or null: none. */
const keptOrNull = (v: string | null | undefined) => (v === undefined ? undefined : orNull(v));

const extra = {
  /** Where the beneficiary is told of a transfer (optional). */
  email: emailText.transform(orNull),
  /** The merchant's own short name for it (HitPay's `nickname`); blank: the holder's name stands. */
  nickname: labelText.transform(orNull),
  /** A note of the merchant's (HitPay's `remark`). */
  remark: labelText.transform(orNull),
  /** Marked as one of the merchant's favourites (HitPay's `is_favourite`). */
  is_favourite: z.boolean().default(false),
};

/**
 * An edit's email and labels (docs/decisions.md, "Beneficiary edits keep the labels left out"): the bank details are
 * sent whole, as before, but a label left out keeps its saved value; null or blank clears it.
 */
const editedExtra = {
  email: emailText.transform(keptOrNull),
  nickname: labelText.transform(keptOrNull),
  remark: labelText.transform(keptOrNull),
  is_favourite: z.boolean().optional(),
};

/** A new beneficiary: bank details checked by their country's rules. */
export const CreateBeneficiaryBodySchema = z.intersection(CheckedBankAccountSchema, z.object(extra));
export type CreateBeneficiaryBody = z.input<typeof CreateBeneficiaryBodySchema>;
/**
 * An edit may leave the account number blank to keep the stored one (checked again against the country); an email or
 * label left out keeps its saved value.
 */
export const UpdateBeneficiaryBodySchema = z.intersection(EditedBankAccountSchema, z.object(editedExtra));
export type UpdateBeneficiaryBody = z.input<typeof UpdateBeneficiaryBodySchema>;

export const BeneficiarySchema = z.object({
  id: z.uuid(),
  type: z.enum(BANK_ACCOUNT_TYPES),
  holder_name: z.string(),
  bank_name: z.string(),
  country: z.string(),
  /** The currency the beneficiary receives. */
  currency: CurrencyCodeSchema,
  bank_code: z.string().nullable(),
  branch_code: z.string().nullable(),
  swift_code: z.string().nullable(),
  is_iban: z.boolean(),
  /** The last four characters of the account number: the rest is never answered. */
  account_last4: z.string(),
  email: z.string().nullable(),
  nickname: z.string().nullable(),
  remark: z.string().nullable(),
  is_favourite: z.boolean(),
  status: z.enum(BENEFICIARY_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Beneficiary = z.infer<typeof BeneficiarySchema>;

export const BeneficiaryFiltersSchema = z.object({
  /** Part of the name, the bank or the account's last four. */
  q: text().trim().max(100, 'Use at most 100 characters').optional(),
  /** `active` (the default) lists those that can receive; `closed` and `all` on request. */
  status: z.enum([...BENEFICIARY_STATUSES, 'all']).default('active'),
});
export const ListBeneficiariesQuerySchema = BeneficiaryFiltersSchema.extend(CursorQuerySchema.shape);
export type ListBeneficiariesQuery = z.input<typeof ListBeneficiariesQuerySchema>;

export const BeneficiaryParamsSchema = BusinessParamsSchema.extend({ beneficiary_id: z.uuid() });

export const beneficiaryEndpoints = {
  list: defineEndpoint({
    id: 'beneficiaries.list',
    method: 'GET',
    path: '/v1/business/:business_id/beneficiaries',
    summary: 'Beneficiaries, newest first, searched by name, bank or last four (cursor pages)',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListBeneficiariesQuerySchema,
    response: pageOf(BeneficiarySchema),
    errors: ['SEND_MONEY_NOT_ENABLED'],
  }),
  get: defineEndpoint({
    id: 'beneficiaries.get',
    method: 'GET',
    path: '/v1/business/:business_id/beneficiaries/:beneficiary_id',
    summary: 'One beneficiary, its account number masked',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'merchant' },
    params: BeneficiaryParamsSchema,
    response: BeneficiarySchema,
    errors: ['SEND_MONEY_NOT_ENABLED', 'BENEFICIARY_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'beneficiaries.create',
    method: 'POST',
    path: '/v1/business/:business_id/beneficiaries',
    summary: 'Add a beneficiary (local, or overseas with SWIFT/BIC and IBAN where its country uses them)',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'active' },
    params: BusinessParamsSchema,
    body: CreateBeneficiaryBodySchema,
    response: BeneficiarySchema,
    status: 201,
    errors: ['SEND_MONEY_NOT_ENABLED'],
  }),
  update: defineEndpoint({
    id: 'beneficiaries.update',
    method: 'PUT',
    path: '/v1/business/:business_id/beneficiaries/:beneficiary_id',
    summary:
      "Change a beneficiary's details (a blank account number keeps the stored one, an email or label left out its saved value; a closed one cannot change)",
    access: { kind: 'business', permission: 'transfers:manage', standing: 'active' },
    params: BeneficiaryParamsSchema,
    body: UpdateBeneficiaryBodySchema,
    response: BeneficiarySchema,
    errors: ['SEND_MONEY_NOT_ENABLED', 'BENEFICIARY_NOT_FOUND', 'BENEFICIARY_CLOSED'],
  }),
  remove: defineEndpoint({
    id: 'beneficiaries.remove',
    method: 'DELETE',
    path: '/v1/business/:business_id/beneficiaries/:beneficiary_id',
    summary: 'Delete a beneficiary: it is closed (its transfers stay) and can receive nothing more',
    access: { kind: 'business', permission: 'transfers:manage', standing: 'merchant' },
    params: BeneficiaryParamsSchema,
    response: BeneficiarySchema,
    errors: ['SEND_MONEY_NOT_ENABLED', 'BENEFICIARY_NOT_FOUND'],
  }),
} as const;
