import { z } from 'zod';
import { defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { CHECKOUT_METHODS, CheckoutPaymentMethodSchema, type CheckoutPaymentMethod } from './payment';
import { PROVIDER_CONNECTION_STATUSES } from './statuses';

/**
 * Payment methods of a business (docs/payments.md, "payment-methods"): which methods the checkout offers,
 * in which order, whether the fee is passed on to the customer, and the business's accounts with payment
 * providers (the onboarding pages `payment-methods/{slug}`).
 */

/** One method as the business configured it; the list is in checkout order. */
export const PaymentMethodSettingSchema = z.object({
  method: CheckoutPaymentMethodSchema,
  enabled: z.boolean(),
  pass_fee_to_customer: z.boolean(),
});
export type PaymentMethodSetting = z.infer<typeof PaymentMethodSettingSchema>;

/** Before a business saves anything: every method on, no fee passed on, in the package's order. */
export const DEFAULT_METHOD_SETTINGS: readonly PaymentMethodSetting[] = CHECKOUT_METHODS.map((method) => ({
  method,
  enabled: true,
  pass_fee_to_customer: false,
}));

export const UpdatePaymentMethodsBodySchema = z.object({
  /** Every method exactly once, in the order the checkout shows them. */
  methods: z.array(PaymentMethodSettingSchema).superRefine((methods, ctx) => {
    const seen = new Set(methods.map((m) => m.method));
    if (seen.size !== methods.length || CHECKOUT_METHODS.some((m) => !seen.has(m))) {
      ctx.addIssue({ code: 'custom', message: `List each method exactly once: ${CHECKOUT_METHODS.join(', ')}` });
    } else if (!methods.some((m) => m.enabled)) {
      ctx.addIssue({ code: 'custom', message: 'Keep at least one payment method on, or customers cannot pay' });
    }
  }),
});
export type UpdatePaymentMethodsBody = z.infer<typeof UpdatePaymentMethodsBodySchema>;

// ---- Providers ----

export const PAYMENT_PROVIDERS = ['stripe', 'xendit', 'paynow', 'grabpay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS, { error: 'Unknown payment provider' });

/** What a provider's settings field is called and the shape its values have. */
export interface ProviderField {
  label: string;
  description: string;
  pattern: RegExp;
  example: string;
}

export interface ProviderInfo {
  label: string;
  /** `card`: the card acquirer; `regional`: several countries; `local`: one country's scheme. */
  kind: 'card' | 'regional' | 'local';
  description: string;
  methods: readonly CheckoutPaymentMethod[];
  fields: { account_id: ProviderField; publishable_key: ProviderField; secret_key: ProviderField };
  /** Keys of test mode (both keys must be of the same mode). */
  testKey: RegExp;
}

const key = (prefix: string) => new RegExp(`^${prefix}[A-Za-z0-9]{16,128}$`);

export const PROVIDER_INFO: Record<PaymentProvider, ProviderInfo> = {
  stripe: {
    label: 'Stripe',
    kind: 'card',
    description: 'Visa, Mastercard and American Express cards, settled to your card balance.',
    methods: ['card'],
    fields: {
      account_id: { label: 'Account ID', description: 'Starts with acct_', pattern: /^acct_[A-Za-z0-9]{8,32}$/, example: 'acct_1Nv0FGQ9RKHgCVdK' },
      publishable_key: {
        label: 'Publishable key',
        description: 'Starts with pk_test_ or pk_live_',
        pattern: key('pk_(test|live)_'),
        example: 'pk_test_51Nv0FGQ9RKHgCVdK',
      },
      secret_key: {
        label: 'Secret key',
        description: 'Starts with sk_test_ or sk_live_',
        pattern: key('sk_(test|live)_'),
        example: 'sk_test_51Nv0FGQ9RKHgCVdK',
      },
    },
    testKey: /^(pk|sk)_test_/,
  },
  xendit: {
    label: 'Xendit',
    kind: 'regional',
    description: 'Cards and e-wallets across Southeast Asia, settled to a separate Xendit card balance.',
    methods: ['card', 'ewallet'],
    fields: {
      account_id: { label: 'Business ID', description: '24 hexadecimal characters', pattern: /^[0-9a-f]{24}$/, example: '5f27a14a9bf05c73dd040bc8' },
      publishable_key: {
        label: 'Public key',
        description: 'Starts with xnd_public_development_ or xnd_public_production_',
        pattern: key('xnd_public_(development|production)_'),
        example: 'xnd_public_development_O4uGfOR3gbOunJVy',
      },
      secret_key: {
        label: 'Secret key',
        description: 'Starts with xnd_development_ or xnd_production_',
        pattern: key('xnd_(development|production)_'),
        example: 'xnd_development_P4qDfOss0OCpl8RtKrROHjaQ',
      },
    },
    testKey: /^xnd_(public_)?development_/,
  },
  paynow: {
    label: 'PayNow',
    kind: 'local',
    description: "Singapore's PayNow QR, paid from any local banking app.",
    methods: ['paynow'],
    fields: {
      account_id: {
        label: 'UEN',
        description: 'Your Unique Entity Number, e.g. 202600001A',
        pattern: /^([0-9]{8,9}[A-Z]|[TSR][0-9]{2}[A-Z]{2}[0-9]{4}[A-Z])$/,
        example: '202600001A',
      },
      publishable_key: {
        label: 'Merchant key',
        description: 'Starts with pn_test_ or pn_live_',
        pattern: key('pn_(test|live)_'),
        example: 'pn_test_7Hq2mX9vLk3Rt8Wz',
      },
      secret_key: {
        label: 'Secret key',
        description: 'Starts with pn_sk_test_ or pn_sk_live_',
        pattern: key('pn_sk_(test|live)_'),
        example: 'pn_sk_test_4Jd8sK2lQp9Xv7Bn',
      },
    },
    testKey: /^pn_(sk_)?test_/,
  },
  grabpay: {
    label: 'GrabPay',
    kind: 'local',
    description: 'The GrabPay e-wallet: customers approve the payment in the Grab app.',
    methods: ['ewallet'],
    fields: {
      account_id: { label: 'Merchant ID', description: '6 to 64 letters, digits or dashes', pattern: /^[A-Za-z0-9-]{6,64}$/, example: 'grab-merchant-2026' },
      publishable_key: {
        label: 'Client ID',
        description: 'Starts with gp_pk_test_ or gp_pk_live_',
        pattern: key('gp_pk_(test|live)_'),
        example: 'gp_pk_test_2Kd9sQ1mZp8Xc4Vb',
      },
      secret_key: {
        label: 'Client secret',
        description: 'Starts with gp_sk_test_ or gp_sk_live_',
        pattern: key('gp_sk_(test|live)_'),
        example: 'gp_sk_test_9Lm3nB7vCx2Zq5Wd',
      },
    },
    testKey: /^gp_(pk|sk)_test_/,
  },
};

/** The onboarding page of the card provider is `payment-methods/card`; the others `payment-methods/{provider}`. */
export const CARD_PROVIDER: PaymentProvider = 'stripe';

/**
 * Whether settings make a connection: test-mode keys connect at once (the test processor accepts them);
 * live keys wait, pending, until the provider confirms the account.
 */
export function connectionStatusFor(provider: PaymentProvider, keys: { publishable_key: string; secret_key: string }): 'connected' | 'pending' {
  const { testKey } = PROVIDER_INFO[provider];
  return testKey.test(keys.publishable_key) && testKey.test(keys.secret_key) ? 'connected' : 'pending';
}

/**
 * The business flags of spec 3, derived from its provider connections: the one rule (the server writes
 * them on `businesses` in the transaction that changes a connection).
 */
export function providerFlagsOf(connected: readonly PaymentProvider[]): {
  stripe_enabled: boolean;
  xendit_enabled: boolean;
  active_providers: PaymentProvider[];
} {
  return {
    stripe_enabled: connected.includes('stripe'),
    xendit_enabled: connected.includes('xendit'),
    active_providers: PAYMENT_PROVIDERS.filter((p) => connected.includes(p)),
  };
}

export const ProviderConnectionSchema = z.object({
  provider: PaymentProviderSchema,
  status: z.enum(['not_connected', ...PROVIDER_CONNECTION_STATUSES]),
  account_id: z.string().nullable(),
  publishable_key: z.string().nullable(),
  /** The secret key is stored but never answered: its last four characters only. */
  secret_key_last4: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type ProviderConnection = z.infer<typeof ProviderConnectionSchema>;

export const PaymentMethodsSchema = z.object({
  methods: z.array(PaymentMethodSettingSchema),
  providers: z.array(ProviderConnectionSchema),
});
export type PaymentMethods = z.infer<typeof PaymentMethodsSchema>;

/** The shape of the connect body; each provider's patterns are checked by `providerSettingsIssues`. */
export const ConnectProviderBodySchema = z.object({
  account_id: text().trim().min(1, 'Enter the account ID').max(128),
  publishable_key: text().trim().min(1, 'Enter the publishable key').max(200),
  /** Empty keeps the secret key already stored (an edit of a connected account). */
  secret_key: text().trim().max(200).optional(),
});
export type ConnectProviderBody = z.infer<typeof ConnectProviderBodySchema>;

/** Field issues of settings against a provider's patterns (the web shows them before sending too). */
export function providerSettingsIssues(provider: PaymentProvider, body: ConnectProviderBody): { path: string; message: string }[] {
  const { fields, testKey } = PROVIDER_INFO[provider];
  const issues: { path: string; message: string }[] = [];
  for (const name of ['account_id', 'publishable_key', 'secret_key'] as const) {
    const value = body[name];
    if (value === undefined || value === '') continue;
    if (!fields[name].pattern.test(value)) issues.push({ path: name, message: `${fields[name].label}: ${fields[name].description}` });
  }
  if (issues.length === 0 && body.secret_key && testKey.test(body.publishable_key) !== testKey.test(body.secret_key)) {
    issues.push({ path: 'secret_key', message: 'Use keys of the same mode: both test or both live' });
  }
  return issues;
}

export const ProviderParamsSchema = BusinessParamsSchema.extend({ provider: PaymentProviderSchema });

export const paymentMethodsEndpoints = {
  get: defineEndpoint({
    id: 'paymentMethods.get',
    method: 'GET',
    path: '/v1/business/:business_id/payment-methods',
    summary: 'The payment methods in checkout order (on or off, fee passed on or not) and the provider connections',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: PaymentMethodsSchema,
  }),
  update: defineEndpoint({
    id: 'paymentMethods.update',
    method: 'PUT',
    path: '/v1/business/:business_id/payment-methods',
    summary: 'Turn methods on or off, reorder them and choose whether each passes its fee to the customer',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: UpdatePaymentMethodsBodySchema,
    response: PaymentMethodsSchema,
  }),
  connectProvider: defineEndpoint({
    id: 'paymentMethods.connectProvider',
    method: 'PUT',
    path: '/v1/business/:business_id/payment-methods/providers/:provider',
    summary: "Save a provider's account settings: test keys connect at once, live keys wait (pending)",
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: ProviderParamsSchema,
    body: ConnectProviderBodySchema,
    response: ProviderConnectionSchema,
    errors: ['PROVIDER_SETTINGS_INVALID'],
  }),
  disconnectProvider: defineEndpoint({
    id: 'paymentMethods.disconnectProvider',
    method: 'DELETE',
    path: '/v1/business/:business_id/payment-methods/providers/:provider',
    summary: 'Disconnect a provider: its keys are forgotten',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: ProviderParamsSchema,
    response: ProviderConnectionSchema,
    errors: ['PROVIDER_NOT_CONNECTED'],
  }),
} as const;
