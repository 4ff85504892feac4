import { z } from 'zod';
import { defineEndpoint, formatNumber, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * The online store's settings (docs/online-store.md, "Store settings, domain and onboarding"): what the storefront
 * shows (name, logo, prices with the currency's code or symbol, policies), what its checkout asks (phone, note),
 * whether it takes orders, which order mails go to the customer and to the staff; the custom domain with its DNS
 * records and verification; and the steps to open the store, each checked from the business's data.
 */

/** The order events a store mails about. */
export const STORE_MAIL_EVENTS = ['order_placed', 'shipped', 'ready_for_pickup', 'cancelled', 'refunded'] as const;
export type StoreMailEvent = (typeof STORE_MAIL_EVENTS)[number];
export const STORE_MAIL_EVENT_LABELS: Record<StoreMailEvent, string> = {
  order_placed: 'Order placed (paid)',
  shipped: 'Order shipped',
  ready_for_pickup: 'Ready for pickup',
  cancelled: 'Order cancelled',
  refunded: 'Order refunded',
};

export const CURRENCY_DISPLAYS = ['code', 'symbol'] as const;
export type CurrencyDisplay = (typeof CURRENCY_DISPLAYS)[number];
export const CURRENCY_DISPLAY_LABELS: Record<CurrencyDisplay, string> = { code: 'Currency code (SGD 12.50)', symbol: 'Currency symbol ($12.50)' };

export const PHONE_FIELD_MODES = ['hidden', 'optional', 'required'] as const;
export type PhoneFieldMode = (typeof PHONE_FIELD_MODES)[number];
export const PHONE_FIELD_LABELS: Record<PhoneFieldMode, string> = { hidden: 'Not asked', optional: 'Optional', required: 'Required' };

export const STORE_POLICIES = ['refund', 'privacy', 'terms'] as const;
export type StorePolicy = (typeof STORE_POLICIES)[number];
export const STORE_POLICY_TITLES: Record<StorePolicy, string> = { refund: 'Refund policy', privacy: 'Privacy policy', terms: 'Terms of service' };

export const MAX_POLICY_CHARACTERS = 20_000;

const optionalLine = (max: number) =>
  text()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((v) => (v ? v : null))
    .nullable()
    .transform((v) => v ?? null);

const LogoUrlSchema = text()
  .trim()
  .max(2000, 'Use at most 2000 characters')
  .refine((v) => v === '' || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'Enter an https:// address of the image')
  .transform((v) => (v ? v : null))
  .nullable()
  .transform((v) => v ?? null);

const Policy = text()
  .trim()
  .max(MAX_POLICY_CHARACTERS, `Use at most ${formatNumber(MAX_POLICY_CHARACTERS)} characters`);

const MailEvents = z
  .array(z.enum(STORE_MAIL_EVENTS, 'Choose order events from the list'))
  .max(STORE_MAIL_EVENTS.length)
  .transform((events) => STORE_MAIL_EVENTS.filter((e) => events.includes(e)));

export const UpdateStoreSettingsBodySchema = z.object({
  /** Empty: the business's name. */
  store_name: optionalLine(80),
  /** An https image address; empty: the business's logo. (The media library will offer its images here.) */
  logo_url: LogoUrlSchema,
  currency_display: z.enum(CURRENCY_DISPLAYS, 'Choose how prices show their currency'),
  phone_field: z.enum(PHONE_FIELD_MODES, 'Choose whether the checkout asks for a phone number'),
  note_field: z.boolean('Say whether the checkout takes a note'),
  policies: z.object({ refund: Policy, privacy: Policy, terms: Policy }),
  is_open: z.boolean('Say whether the store takes orders'),
  /** Shown on the storefront while closed; empty: a standard notice. */
  closed_message: optionalLine(300),
  customer_mails: MailEvents,
  merchant_mails: MailEvents,
  /** The abandoned carts' one recovery mail (docs/online-store.md, "Abandoned carts"); left out: kept as it is. */
  recovery_mails: z.boolean('Say whether abandoned carts get a recovery mail').optional(),
});
export type UpdateStoreSettingsBody = z.input<typeof UpdateStoreSettingsBodySchema>;
export type StoreSettingsInput = z.output<typeof UpdateStoreSettingsBodySchema>;
/** The settings as kept: every field known. */
export type StoreSettingsValues = StoreSettingsInput & { recovery_mails: boolean };

export const StoreSettingsSchema = z.object({
  store_name: z.string().nullable(),
  logo_url: z.string().nullable(),
  currency_display: z.enum(CURRENCY_DISPLAYS),
  phone_field: z.enum(PHONE_FIELD_MODES),
  note_field: z.boolean(),
  policies: z.object({ refund: z.string(), privacy: z.string(), terms: z.string() }),
  is_open: z.boolean(),
  closed_message: z.string().nullable(),
  customer_mails: z.array(z.enum(STORE_MAIL_EVENTS)),
  merchant_mails: z.array(z.enum(STORE_MAIL_EVENTS)),
  recovery_mails: z.boolean(),
  /** What the storefront falls back to. */
  business_name: z.string(),
  business_logo_url: z.string().nullable(),
  /** The storefront's address (the verified custom domain once there is one). */
  storefront_url: z.string(),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;

/** What a business gets before it saves its settings (docs/online-store.md, decisions). */
export const DEFAULT_STORE_SETTINGS: StoreSettingsValues = {
  store_name: null,
  logo_url: null,
  currency_display: 'code',
  phone_field: 'hidden',
  note_field: false,
  policies: { refund: '', privacy: '', terms: '' },
  is_open: true,
  closed_message: null,
  customer_mails: [...STORE_MAIL_EVENTS],
  merchant_mails: ['order_placed'],
  recovery_mails: true,
};

// --- Domain ---

/** A host name a shopper types: labels of letters, digits and dashes, at least two, no scheme, port or path. */
const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export const ConnectStoreDomainBodySchema = z.object({
  domain: text()
    .trim()
    .toLowerCase()
    .transform((v) =>
      v
        .replace(/^https?:\/\//, '')
        .replace(/\/+$/, '')
        .replace(/\.$/, ''),
    )
    .pipe(text().regex(HOST, 'Enter a domain name like shop.example.com (no https:// and no path)')),
});
export type ConnectStoreDomainBody = z.input<typeof ConnectStoreDomainBodySchema>;

export const STORE_DOMAIN_STATUSES = ['none', 'pending', 'verified'] as const;
export type StoreDomainStatus = (typeof STORE_DOMAIN_STATUSES)[number];
export const STORE_DOMAIN_STATUS_LABELS: Record<StoreDomainStatus, string> = { none: 'Not connected', pending: 'Waiting for DNS', verified: 'Connected' };

export const DnsRecordSchema = z.object({ type: z.enum(['CNAME', 'TXT']), name: z.string(), value: z.string(), found: z.boolean() });
export type DnsRecord = z.infer<typeof DnsRecordSchema>;

export const StoreDomainSchema = z.object({
  /** Spec 3's domain info fields. */
  business_shop_domain: z.string().nullable(),
  app_shop_domain: z.string(),
  app_api_shop_domain: z.string(),
  is_domain_verified: z.boolean(),
  status: z.enum(STORE_DOMAIN_STATUSES),
  /** The records to add at the domain's DNS host; `found` as the last check saw them. */
  records: z.array(DnsRecordSchema),
  checked_at: z.iso.datetime().nullable(),
  /** What the last check found wrong, in words; null when it passed or never ran. */
  problem: z.string().nullable(),
});
export type StoreDomain = z.infer<typeof StoreDomainSchema>;

// --- Onboarding ---

export const STORE_ONBOARDING_STEPS = ['products', 'design', 'shipping', 'payment_methods', 'domain'] as const;
export type StoreOnboardingStepKey = (typeof STORE_ONBOARDING_STEPS)[number];

export const StoreOnboardingSchema = z.object({
  steps: z.array(
    z.object({
      key: z.enum(STORE_ONBOARDING_STEPS),
      title: z.string(),
      description: z.string(),
      done: z.boolean(),
      /** What the data says now (3 products on sale, no shipping zone...). */
      detail: z.string(),
      optional: z.boolean(),
    }),
  ),
  done: z.number().int(),
  total: z.number().int(),
  storefront_url: z.string(),
});
export type StoreOnboarding = z.infer<typeof StoreOnboardingSchema>;

const MANAGE = { kind: 'business', permission: 'store:manage', standing: 'merchant' } as const;
const VIEW = { kind: 'business', permission: 'store:view', standing: 'merchant' } as const;

export const storeSettingsEndpoints = {
  get: defineEndpoint({
    id: 'storeSettings.get',
    method: 'GET',
    path: '/v1/business/:business_id/store-settings',
    summary: 'The online store settings (defaults until saved)',
    access: VIEW,
    params: BusinessParamsSchema,
    response: StoreSettingsSchema,
  }),
  update: defineEndpoint({
    id: 'storeSettings.update',
    method: 'PUT',
    path: '/v1/business/:business_id/store-settings',
    summary: 'Replace the online store settings (the storefront is purged)',
    access: MANAGE,
    params: BusinessParamsSchema,
    body: UpdateStoreSettingsBodySchema,
    response: StoreSettingsSchema,
  }),
  getDomain: defineEndpoint({
    id: 'storeDomain.get',
    method: 'GET',
    path: '/v1/business/:business_id/store-domain',
    summary: 'The custom domain of the online store, its DNS records and status',
    access: VIEW,
    params: BusinessParamsSchema,
    response: StoreDomainSchema,
  }),
  connectDomain: defineEndpoint({
    id: 'storeDomain.connect',
    method: 'PUT',
    path: '/v1/business/:business_id/store-domain',
    summary: 'Connect a custom domain (unverified until its DNS records are found); replaces any other',
    access: MANAGE,
    params: BusinessParamsSchema,
    body: ConnectStoreDomainBodySchema,
    response: StoreDomainSchema,
    errors: ['STORE_DOMAIN_TAKEN'],
  }),
  verifyDomain: defineEndpoint({
    id: 'storeDomain.verify',
    method: 'POST',
    path: '/v1/business/:business_id/store-domain/verify',
    summary: 'Look up the domain’s DNS records now; verified when both are found',
    access: MANAGE,
    params: BusinessParamsSchema,
    response: StoreDomainSchema,
    errors: ['STORE_DOMAIN_NOT_CONNECTED'],
  }),
  removeDomain: defineEndpoint({
    id: 'storeDomain.remove',
    method: 'DELETE',
    path: '/v1/business/:business_id/store-domain',
    summary: 'Disconnect the custom domain (the store answers on its shop host only)',
    access: MANAGE,
    params: BusinessParamsSchema,
    response: StoreDomainSchema,
  }),
  onboarding: defineEndpoint({
    id: 'storeOnboarding.get',
    method: 'GET',
    path: '/v1/business/:business_id/store-onboarding',
    summary: 'The steps to open the online store, each checked from the business’s data',
    access: VIEW,
    params: BusinessParamsSchema,
    response: StoreOnboardingSchema,
  }),
} as const;
