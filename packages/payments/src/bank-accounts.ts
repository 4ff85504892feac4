import { z } from 'zod';
import { extractBIC, getCountrySpecifications, isValidBIC, isValidIBAN } from 'ibantools';
import { CurrencyCodeSchema, defineEndpoint, isKnownCountry, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * Payout bank accounts (docs/payments.md, "balances and bank accounts"). A local account is in the
 * business's own country and is checked by that country's rule below; a cross-border account is abroad and
 * is identified by its bank's SWIFT/BIC and, where its country uses them, an IBAN (both checked by
 * `ibantools`). Account numbers are never answered in full: the API shows their last four characters.
 * Every change asks for the person's password, or a current two-factor code when they have two-factor.
 */

export const BANK_ACCOUNT_TYPES = ['local', 'cross_border'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** One code a country's banks are addressed by (a bank code, a branch code, a routing number). */
export interface BankCodeRule {
  label: string;
  /** The code once spaces and dashes are removed. */
  pattern: RegExp;
  message: string;
  /** Extra check beyond the pattern (the US routing number's checksum). */
  check?: (code: string) => boolean;
}

/** How a local account of one country is written. */
export interface LocalAccountRule {
  /** Lowest and highest number of digits of the account number. */
  digits: readonly [number, number];
  bankCode?: BankCodeRule;
  branchCode?: BankCodeRule;
}

/** ABA routing numbers carry a weighted checksum (3, 7, 1) that is a multiple of 10. */
export function isAbaRoutingNumber(code: string): boolean {
  if (!/^\d{9}$/.test(code)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...code].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return sum % 10 === 0;
}

const digitsCode = (label: string, length: number): BankCodeRule => ({
  label,
  pattern: new RegExp(`^\\d{${length}}$`),
  message: `Enter the ${length}-digit ${label.toLowerCase()}`,
});

/**
 * The countries whose local accounts have a rule of their own (lower-case codes, as businesses store them).
 * A country in the IBAN registry without a rule here takes an IBAN of that country; any other country takes
 * 4 to 34 letters and digits (`localAccountFormat`).
 */
export const LOCAL_ACCOUNT_RULES: Readonly<Record<string, LocalAccountRule>> = {
  sg: { digits: [7, 14], bankCode: digitsCode('Bank code', 4), branchCode: digitsCode('Branch code', 3) },
  my: { digits: [7, 16] },
  ph: { digits: [10, 16] },
  id: { digits: [7, 18] },
  hk: { digits: [6, 12], bankCode: digitsCode('Bank code', 3), branchCode: digitsCode('Branch code', 3) },
  au: { digits: [5, 9], branchCode: digitsCode('BSB', 6) },
  us: {
    digits: [4, 17],
    bankCode: { ...digitsCode('Routing number', 9), check: isAbaRoutingNumber, message: 'Enter a valid 9-digit ABA routing number' },
  },
  gb: { digits: [8, 8], branchCode: digitsCode('Sort code', 6) },
};

/** Whether a country (any case) writes its accounts as IBANs (the IBAN registry, as `ibantools` keeps it). */
export function usesIban(country: string): boolean {
  return getCountrySpecifications()[country.toUpperCase()]?.IBANRegistry === true;
}

/** How the local account number of a country is entered: its own rule, an IBAN, or letters and digits. */
export type LocalAccountFormat = { kind: 'rule'; rule: LocalAccountRule } | { kind: 'iban' } | { kind: 'generic' };

export function localAccountFormat(country: string): LocalAccountFormat {
  const rule = LOCAL_ACCOUNT_RULES[country.toLowerCase()];
  if (rule) return { kind: 'rule', rule };
  return usesIban(country) ? { kind: 'iban' } : { kind: 'generic' };
}

/** `•••• 1234`: how an account number is shown anywhere outside the bank-account form. */
export const maskAccount = (last4: string): string => `•••• ${last4}`;

/** Typed spaces and dashes are not part of a number or code. */
const compact = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();
const blankToNull = (value: string | null | undefined): string | null => (value ? value : null);
const codeField = (max: number) =>
  text()
    .max(max + 10, `Use at most ${max} characters`)
    .transform(compact)
    .nullish()
    .transform(blankToNull);

const CountrySchema = text()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Choose a country')
  .refine(isKnownCountry, 'Unknown country')
  .transform((c) => c.toLowerCase());

const common = {
  holder_name: text().trim().min(1, "Enter the account holder's name").max(140, 'Use at most 140 characters'),
  bank_name: text().trim().min(1, 'Enter the bank').max(140, 'Use at most 140 characters'),
  country: CountrySchema,
  currency: CurrencyCodeSchema,
  /** The account number: digits (or letters and digits in some countries); an IBAN where the country uses them. */
  account_number: codeField(34),
};

const LocalFieldsSchema = z.object({ type: z.literal('local'), ...common, bank_code: codeField(11), branch_code: codeField(6) });
const CrossBorderFieldsSchema = z.object({ type: z.literal('cross_border'), ...common, swift_code: codeField(11) });

/** What identifies the account (without who confirms the change). */
export const BankAccountFieldsSchema = z.discriminatedUnion('type', [LocalFieldsSchema, CrossBorderFieldsSchema]);
export type BankAccountFields = z.output<typeof BankAccountFieldsSchema>;

type Issue = { path: string; message: string };

function checkIban(iban: string, country: string): string | null {
  if (!isValidIBAN(iban)) return 'Enter a valid IBAN';
  if (iban.slice(0, 2).toLowerCase() !== country) return "The IBAN must be of the bank's country";
  return null;
}

function checkAccountNumber(fields: BankAccountFields): string | null {
  const number = fields.account_number;
  if (!number) return fields.type === 'cross_border' && usesIban(fields.country) ? 'Enter the IBAN' : 'Enter the account number';
  const format =
    fields.type === 'local' ? localAccountFormat(fields.country) : usesIban(fields.country) ? { kind: 'iban' as const } : { kind: 'generic' as const };
  if (format.kind === 'iban') return checkIban(number, fields.country);
  if (format.kind === 'generic') return /^[A-Z0-9]{4,34}$/.test(number) ? null : 'Use 4 to 34 letters and digits';
  const [min, max] = format.rule.digits;
  if (!/^\d+$/.test(number)) return 'Use digits only';
  if (number.length < min || number.length > max) return min === max ? `Use ${min} digits` : `Use ${min} to ${max} digits`;
  return null;
}

function checkCode(rule: BankCodeRule | undefined, value: string | null): string | null {
  if (!rule) return null;
  if (!value) return `Enter the ${rule.label.toLowerCase()}`;
  return rule.pattern.test(value) && (!rule.check || rule.check(value)) ? null : rule.message;
}

/**
 * Every rule of a bank account's fields that depends on its country: the account number's form, the local
 * bank and branch codes, the SWIFT/BIC (valid, and of the account's country) and the IBAN. `number: 'optional'`
 * lets an edit leave the account number out (the stored one is kept and checked again by the server).
 */
export function bankAccountIssues(fields: BankAccountFields, number: 'required' | 'optional' = 'required'): Issue[] {
  const issues: Issue[] = [];
  const add = (path: string, message: string | null) => {
    if (message) issues.push({ path, message });
  };
  if (fields.account_number || number === 'required') add('account_number', checkAccountNumber(fields));
  if (fields.type === 'local') {
    const format = localAccountFormat(fields.country);
    const rule = format.kind === 'rule' ? format.rule : undefined;
    add('bank_code', checkCode(rule?.bankCode, fields.bank_code));
    add('branch_code', checkCode(rule?.branchCode, fields.branch_code));
  } else if (!fields.swift_code) {
    add('swift_code', 'Enter the SWIFT/BIC code');
  } else if (!isValidBIC(fields.swift_code)) {
    add('swift_code', 'Enter a valid SWIFT/BIC code (8 or 11 characters)');
  } else if (extractBIC(fields.swift_code).countryCode?.toLowerCase() !== fields.country) {
    add('swift_code', "The SWIFT/BIC code must be of the bank's country");
  }
  return issues;
}

const withCountryRules = (mode: 'required' | 'optional') =>
  BankAccountFieldsSchema.superRefine((fields, ctx) => {
    for (const issue of bankAccountIssues(fields, mode)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

/** A complete bank account, checked by its country's rules (what the server stores). */
export const CheckedBankAccountSchema = withCountryRules('required');
/** An edited bank account: the account number may be left blank to keep the stored one. */
export const EditedBankAccountSchema = withCountryRules('optional');

/**
 * Who confirms a change to where money goes: the password, or a current two-factor code when the person has
 * two-factor. A wrong one counts against the sign-in locks (docs/security.md, "Re-authentication attempts").
 */
export const ReauthFieldsSchema = z.object({
  password: text().max(1024, 'Use at most 1024 characters').optional(),
  code: text()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')
    .optional(),
});
export type ReauthFields = z.input<typeof ReauthFieldsSchema>;

const withReauth = <S extends z.ZodType<BankAccountFields>>(schema: S) => z.intersection(schema, ReauthFieldsSchema);

export const CreateBankAccountBodySchema = withReauth(CheckedBankAccountSchema);
export type CreateBankAccountBody = z.input<typeof CreateBankAccountBodySchema>;
/** An edit may leave the account number blank to keep the stored one. */
export const UpdateBankAccountBodySchema = withReauth(EditedBankAccountSchema);
export type UpdateBankAccountBody = z.input<typeof UpdateBankAccountBodySchema>;

export const BankAccountSchema = z.object({
  id: z.uuid(),
  type: z.enum(BANK_ACCOUNT_TYPES),
  holder_name: z.string(),
  bank_name: z.string(),
  country: z.string(),
  currency: CurrencyCodeSchema,
  bank_code: z.string().nullable(),
  branch_code: z.string().nullable(),
  swift_code: z.string().nullable(),
  /** Whether the account number is an IBAN. */
  is_iban: z.boolean(),
  /** The last four characters of the account number (or IBAN): the rest is never answered. */
  account_last4: z.string(),
  /** The account payouts of its currency go to; one per currency. */
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const BankAccountParamsSchema = BusinessParamsSchema.extend({ bank_account_id: z.uuid() });

const REAUTH_ERRORS = ['AUTH_PASSWORD_INCORRECT', 'AUTH_TWO_FACTOR_INVALID', 'AUTH_ACCOUNT_LOCKED'] as const;

export const bankAccountEndpoints = {
  list: defineEndpoint({
    id: 'bank-accounts.list',
    method: 'GET',
    path: '/v1/business/:business_id/bank-accounts',
    summary: 'The payout bank accounts, by currency (defaults first), account numbers masked',
    access: { kind: 'business', permission: 'bank-accounts:manage', standing: 'payee' },
    params: BusinessParamsSchema,
    response: z.array(BankAccountSchema),
  }),
  get: defineEndpoint({
    id: 'bank-accounts.get',
    method: 'GET',
    path: '/v1/business/:business_id/bank-accounts/:bank_account_id',
    summary: 'One payout bank account, its number masked',
    access: { kind: 'business', permission: 'bank-accounts:manage', standing: 'payee' },
    params: BankAccountParamsSchema,
    response: BankAccountSchema,
    errors: ['BANK_ACCOUNT_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'bank-accounts.create',
    method: 'POST',
    path: '/v1/business/:business_id/bank-accounts',
    summary: 'Add a bank account (password or two-factor code; the first of a currency becomes its default; owners are mailed)',
    access: { kind: 'business', permission: 'bank-accounts:manage', standing: 'payee-active' },
    params: BusinessParamsSchema,
    body: CreateBankAccountBodySchema,
    response: BankAccountSchema,
    status: 201,
    errors: REAUTH_ERRORS,
  }),
  update: defineEndpoint({
    id: 'bank-accounts.update',
    method: 'PUT',
    path: '/v1/business/:business_id/bank-accounts/:bank_account_id',
    summary: 'Change a bank account (password or two-factor code; a blank account number keeps the stored one; owners are mailed)',
    access: { kind: 'business', permission: 'bank-accounts:manage', standing: 'payee-active' },
    params: BankAccountParamsSchema,
    body: UpdateBankAccountBodySchema,
    response: BankAccountSchema,
    errors: ['BANK_ACCOUNT_NOT_FOUND', ...REAUTH_ERRORS],
  }),
  setDefault: defineEndpoint({
    id: 'bank-accounts.set-default',
    method: 'POST',
    path: '/v1/business/:business_id/bank-accounts/:bank_account_id/default',
    summary: 'Make an account the default of its currency (the previous default stops being one; owners are mailed)',
    access: { kind: 'business', permission: 'bank-accounts:manage', standing: 'payee-active' },
    params: BankAccountParamsSchema,
    response: BankAccountSchema,
    errors: ['BANK_ACCOUNT_NOT_FOUND'],
  }),
  remove: defineEndpoint({
    id: 'bank-accounts.remove',
    method: 'DELETE',
    path: '/v1/business/:business_id/bank-accounts/:bank_account_id',
    summary: 'Remove a bank account (password or two-factor code; a removed default hands over to the newest other account of its currency)',
    access: { kind: 'business', permission: 'bank-accounts:manage', standing: 'payee-active' },
    params: BankAccountParamsSchema,
    body: ReauthFieldsSchema,
    response: z.object({ removed: z.literal(true) }),
    errors: ['BANK_ACCOUNT_NOT_FOUND', ...REAUTH_ERRORS],
  }),
} as const;
