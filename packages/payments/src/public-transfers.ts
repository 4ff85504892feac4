import { z } from 'zod';
import { text } from '@merchant/core';

/**
 * HitPay's beneficiaries and transfers in the public API (docs/developers.md, "Public API: money out"): bodies in
 * HitPay's names, read alike from JSON and from a form (every value of a form is text), and the answers as HitPay
 * writes them (amounts in major units as numbers, currencies lower case).
 */
export const PUBLIC_TRANSFERS_PATHS = {
  beneficiarySchema: '/v1/beneficiaries/schema',
  beneficiaries: '/v1/beneficiaries',
  beneficiary: '/v1/beneficiaries/:beneficiary_id',
  estimate: '/v1/transfers/estimate',
  transfers: '/v1/transfers',
  transfer: '/v1/transfers/:transfer_id',
  virtualAccounts: '/v1/virtual-accounts',
  virtualAccount: '/v1/virtual-accounts/:virtual_account_id',
  remitters: '/v1/remitters',
  remitter: '/v1/remitters/:remitter_id',
} as const;

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `The field may not be greater than ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** `true`, `false`, or a form's `"1"`, `"0"`, `"true"`, `"false"`; undefined when not sent. */
export const PublicBooleanSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: 'The field must be true or false.' })])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 'true' || v === '1'));

/** An amount in major units (`12.5`, or `"12.50"` from a form), kept as text until its currency is known. */
export const PublicAmountSchema = z
  .union([z.number(), text().trim().min(1)], { error: 'The amount must be a number.' })
  .transform((v) => String(v))
  .refine((v) => /^\d+(\.\d+)?$/.test(v), 'The amount must be a number.')
  .optional();

const lowerCode = (length: number, what: string) =>
  text()
    .trim()
    .regex(new RegExp(`^[A-Za-z]{${length}}$`), `The selected ${what} is invalid.`)
    .transform((v) => v.toLowerCase());

/** HitPay's scenario of a beneficiary: the fields its `Get the API schema` asks for. */
export const PublicBeneficiarySchemaBodySchema = z.object({
  country: lowerCode(2, 'Country').optional(),
  transfer_method: optionalText(50),
  transfer_type: optionalText(50),
  currency: lowerCode(3, 'Currency').optional(),
  holder_type: z.enum(['individual', 'company'], { error: 'The selected Entity Type is invalid.' }).optional(),
  bank_swift_code: optionalText(11),
});
export type PublicBeneficiarySchemaBody = z.output<typeof PublicBeneficiarySchemaBodySchema>;

/** One field of HitPay's beneficiary schema answer. */
export const PublicSchemaFieldSchema = z.object({
  key: z.string(),
  placeholder: z.string().nullable(),
  title: z.string(),
  required: z.boolean(),
  type: z.enum(['select', 'input', 'checkbox-boolean']),
  force_display: z.boolean().optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  value: z.union([z.string(), z.boolean()]).optional(),
  validation: z.string().optional(),
});

/**
 * A new beneficiary in HitPay's names: a local bank account (`transfer_method` `bank_transfer`, `transfer_type`
 * `local`) in the business's country. `bank_id` is HitPay's `SWIFT[bank code]` (`DBSSSGSGXXX[7171]`);
 * `bank_branch_code` and `bank_name` are the product's own additions (its bank rules ask for a branch code where the
 * country uses one).
 */
export const PublicBeneficiaryBodySchema = z.object({
  country: lowerCode(2, 'Country'),
  transfer_method: text().trim().min(1).max(50),
  transfer_type: optionalText(50),
  currency: lowerCode(3, 'Currency'),
  holder_type: z.enum(['individual', 'company'], { error: 'The selected Entity Type is invalid.' }),
  holder_name: text().trim().min(1, 'The Account Holder Name field is required.').max(140, 'The holder name may not be greater than 140 characters.'),
  bank_id: optionalText(60),
  bank_swift_code: optionalText(11),
  bank_branch_code: optionalText(10),
  bank_name: optionalText(140),
  account_number: text().trim().min(1, 'The Account Number field is required.').max(40, 'The account number may not be greater than 40 characters.'),
  email: optionalText(254),
  nickname: optionalText(255),
  remark: optionalText(255),
  is_favourite: PublicBooleanSchema,
});
export type PublicBeneficiaryBody = z.output<typeof PublicBeneficiaryBodySchema>;

/** A text an update may clear: not sent, unchanged; sent blank, cleared (null). */
const clearableText = (max: number) =>
  text()
    .trim()
    .max(max, `The field may not be greater than ${max} characters.`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** HitPay's update: nickname, remark and is_favourite only; a field not sent keeps its value, a blank one clears it. */
export const PublicBeneficiaryUpdateBodySchema = z.object({
  nickname: clearableText(255),
  remark: clearableText(255),
  is_favourite: PublicBooleanSchema,
});
export type PublicBeneficiaryUpdateBody = z.output<typeof PublicBeneficiaryUpdateBodySchema>;

const CreatedBySchema = z.object({ id: z.string(), display_name: z.string(), first_name: z.string(), last_name: z.string() });

/** HitPay's beneficiary (its published schema; a text with no value is `""`, as the schema types it a string). */
export const PublicBeneficiarySchema = z.object({
  id: z.string(),
  status: z.string(),
  country: z.string(),
  currency: z.string(),
  transfer_method: z.string(),
  transfer_type: z.string(),
  nickname: z.string(),
  remark: z.string(),
  holder_name: z.string(),
  holder_type: z.string(),
  bank_branch_code: z.string(),
  bank_routing_number: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
  bank_id: z.string(),
  email: z.string(),
  bank_swift_code: z.string(),
  is_favourite: z.boolean(),
  is_external: z.boolean(),
  created_by: CreatedBySchema,
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type PublicBeneficiary = z.infer<typeof PublicBeneficiarySchema>;

/** A page's link; a link to no page has no `url` (HitPay's schema types it a string). */
const PageLinkSchema = z.object({ url: z.string().optional(), label: z.string(), active: z.boolean() });
/** A Laravel page (`page`, `per_page`) as HitPay answers its beneficiaries. */
export const PublicBeneficiaryPageSchema = z.object({
  data: z.array(PublicBeneficiarySchema),
  links: z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
  meta: z.object({
    current_page: z.number(),
    from: z.number(),
    last_page: z.number(),
    links: z.array(PageLinkSchema),
    path: z.string(),
    per_page: z.number(),
    to: z.number(),
    total: z.number(),
  }),
});

export const PublicBeneficiaryListQuerySchema = z.object({
  query: text().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

/** HitPay's estimate and transfer bodies: an amount to send (`source_amount`) or to receive (`payment_amount`). */
export const PublicEstimateBodySchema = z.object({
  beneficiary_id: text().trim().min(1, 'The beneficiary id field is required.').max(100),
  source_currency: lowerCode(3, 'source currency'),
  source_amount: PublicAmountSchema,
  payment_amount: PublicAmountSchema,
});
export type PublicEstimateBody = z.output<typeof PublicEstimateBodySchema>;

export const PublicTransferBodySchema = PublicEstimateBodySchema.extend({
  beneficiary_id: text().trim().max(100).optional(),
  /** An inline beneficiary: not taken here (create it first), so only its presence is read. */
  beneficiary: z.unknown().optional(),
  remitter_id: optionalText(100),
  /** Accepted and not kept: transfers here are local, with no remitter (docs/developers.md). */
  remitter: z.unknown().optional(),
  remark: optionalText(120),
  reference: optionalText(120),
});
export type PublicTransferBody = z.output<typeof PublicTransferBodySchema>;

export const PublicEstimateSchema = z.object({
  source_amount: z.number(),
  source_amount_fees: z.number(),
  source_currency: z.string(),
  exchange_rate: z.string(),
  fx_pair: z.string(),
  payment_amount: z.number(),
  payment_amount_fees: z.number(),
  payment_currency: z.string(),
  fee_payer: z.enum(['payer', 'beneficiary']),
  fee_currency: z.string(),
});
export type PublicEstimate = z.infer<typeof PublicEstimateSchema>;

export const PUBLIC_TRANSFER_STATUSES = ['scheduled', 'processing', 'paid', 'failed', 'canceled'] as const;
const PersonSchema = z.object({ id: z.string(), display_name: z.string(), first_name: z.string(), last_name: z.string() }).nullable();

/** HitPay's transfer (its published schemas of create, list and detail, together). */
export const PublicTransferSchema = z.object({
  id: z.string(),
  beneficiary: PublicBeneficiarySchema.omit({ created_by: true }),
  payment_currency: z.string(),
  payment_amount: z.number(),
  source_currency: z.string(),
  source_amount: z.number(),
  exchange_rate: z.string(),
  fee: z.object({ amount: z.number(), currency: z.string(), paid_by: z.enum(['payer', 'beneficiary']) }),
  discount_fee_rate: z.number(),
  fixed_fee: z.number(),
  discount_fee: z.number(),
  remark: z.string(),
  reference: z.string().nullable(),
  status: z.enum(PUBLIC_TRANSFER_STATUSES),
  /** Ours, beside HitPay's status: the transfer waits for a second person's approval (HitPay's status is `scheduled`). */
  awaiting_approval: z.boolean(),
  failure_reason: z.string().nullable(),
  source_type: z.string(),
  /** No attachments here: `""` (HitPay's list types it a string). */
  attachment: z.string(),
  created_by: PersonSchema,
  approved_by: PersonSchema,
  rejected_by: PersonSchema,
  created_at: z.string(),
});
export type PublicTransfer = z.infer<typeof PublicTransferSchema>;

/** A cursor page as HitPay answers transfers (`cursor` from `meta.next_cursor`). */
export const cursorPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    links: z.object({ first: z.null(), last: z.null(), prev: z.string().nullable(), next: z.string().nullable() }),
    meta: z.object({ path: z.string(), per_page: z.number(), next_cursor: z.string().nullable(), prev_cursor: z.null() }),
  });
export const PublicTransferPageSchema = cursorPageOf(PublicTransferSchema);

export const PublicTransferListQuerySchema = z.object({
  beneficiary_id: z.uuid('The beneficiary id must be a valid UUID.').optional(),
  keywords: text().trim().max(100).optional(),
  status: z.enum(PUBLIC_TRANSFER_STATUSES, { error: 'The selected status is invalid.' }).optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  cursor: text().max(200).optional(),
});
export type PublicTransferListQuery = z.output<typeof PublicTransferListQuerySchema>;
