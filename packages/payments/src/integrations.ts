import { z } from 'zod';
import { defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { ReauthFieldsSchema } from './bank-accounts';

/**
 * Plugin integrations (docs/developers.md, "Plugin integrations"): a named integration of an e-commerce platform
 * with its own API key and salt (the key authenticates the public API as a business key with full access does) and
 * a callback URL. Its key and salt are answered in full once (create, rotate); the payments of the payment requests
 * its key makes are tagged with it in Transactions. Who: `developers:view`, as the API keys.
 */
export const INTEGRATION_PLATFORMS = ['woocommerce', 'shopify', 'wix', 'magento', 'custom'] as const;
export type IntegrationPlatform = (typeof INTEGRATION_PLATFORMS)[number];
export const INTEGRATION_PLATFORM_LABELS: Record<IntegrationPlatform, string> = {
  woocommerce: 'WooCommerce',
  shopify: 'Shopify',
  wix: 'Wix',
  magento: 'Magento',
  custom: 'Custom',
};

export const INTEGRATION_STATUSES = ['enabled', 'disabled'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

export const IntegrationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  platform: z.enum(INTEGRATION_PLATFORMS),
  callback_url: z.string().nullable(),
  /** `disabled`: its key is refused (401) until it is enabled again. */
  status: z.enum(INTEGRATION_STATUSES),
  /** `••••` and the key's and salt's last four characters: they are answered in full only when made. */
  key_last4: z.string(),
  salt_last4: z.string(),
  /** The last call of its key (the current one or a rotated one in its grace period). */
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export type Integration = z.infer<typeof IntegrationSchema>;

/** An integration as it is made or its key rotated: the only answer that holds the key and its salt in full. */
export const NewIntegrationKeySchema = z.object({ integration: IntegrationSchema, api_key: z.string(), salt: z.string() });
export type NewIntegrationKey = z.infer<typeof NewIntegrationKeySchema>;

/** An http(s) address with a host and no user name; where it is posted to, the outbound guard applies too. */
const isWebAddress = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

const CallbackUrlSchema = text()
  .trim()
  .max(1000, 'Use at most 1000 characters')
  .refine((v) => v === '' || isWebAddress(v), 'Use an http:// or https:// address')
  .nullish()
  .transform((v) => (v ? v : null));

const IntegrationFieldsSchema = z.object({
  name: text().trim().min(1, 'Name the integration').max(80, 'Use at most 80 characters'),
  callback_url: CallbackUrlSchema,
});

export const CreateIntegrationBodySchema = ReauthFieldsSchema.extend(IntegrationFieldsSchema.shape).extend({
  platform: z.enum(INTEGRATION_PLATFORMS, { error: 'Choose the platform' }),
});
export type CreateIntegrationBody = z.input<typeof CreateIntegrationBodySchema>;

export const UpdateIntegrationBodySchema = IntegrationFieldsSchema.extend({ enabled: z.boolean({ error: 'Choose enabled or disabled' }) });
export type UpdateIntegrationBody = z.input<typeof UpdateIntegrationBodySchema>;

export const IntegrationParamsSchema = BusinessParamsSchema.extend({ gateway_provider_id: z.uuid() });

const REAUTH_ERRORS = ['AUTH_PASSWORD_INCORRECT', 'AUTH_TWO_FACTOR_INVALID', 'AUTH_ACCOUNT_LOCKED'] as const;
const access = { kind: 'business', permission: 'developers:view', standing: 'merchant' } as const;
const LIST = '/v1/business/:business_id/integrations';
const ONE = '/v1/business/:business_id/integrations/:gateway_provider_id';

export const integrationEndpoints = {
  list: defineEndpoint({
    id: 'integrations.list',
    method: 'GET',
    path: LIST,
    summary: 'The plugin integrations, newest first, their keys and salts masked',
    access,
    params: BusinessParamsSchema,
    response: z.array(IntegrationSchema),
  }),
  get: defineEndpoint({
    id: 'integrations.get',
    method: 'GET',
    path: ONE,
    summary: 'One plugin integration, its key and salt masked',
    access,
    params: IntegrationParamsSchema,
    response: IntegrationSchema,
    errors: ['INTEGRATION_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'integrations.create',
    method: 'POST',
    path: LIST,
    summary: 'Make a plugin integration with its own key and salt (password or two-factor code): both are answered in full this once',
    access,
    params: BusinessParamsSchema,
    body: CreateIntegrationBodySchema,
    response: NewIntegrationKeySchema,
    status: 201,
    errors: REAUTH_ERRORS,
  }),
  update: defineEndpoint({
    id: 'integrations.update',
    method: 'PUT',
    path: ONE,
    summary: 'Rename a plugin integration, change its callback URL, enable or disable it (a disabled one’s key is refused)',
    access,
    params: IntegrationParamsSchema,
    body: UpdateIntegrationBodySchema,
    response: IntegrationSchema,
    errors: ['INTEGRATION_NOT_FOUND'],
  }),
  rotate: defineEndpoint({
    id: 'integrations.rotate',
    method: 'POST',
    path: `${ONE}/rotate`,
    summary: 'Replace the integration’s key and salt (answered in full this once); the old key is refused at once',
    access,
    params: IntegrationParamsSchema,
    body: ReauthFieldsSchema,
    response: NewIntegrationKeySchema,
    status: 201,
    errors: ['INTEGRATION_NOT_FOUND', ...REAUTH_ERRORS],
  }),
  delete: defineEndpoint({
    id: 'integrations.delete',
    method: 'POST',
    path: `${ONE}/delete`,
    summary: 'Delete a plugin integration: its key is refused at once; its payments keep their tag',
    access,
    params: IntegrationParamsSchema,
    body: ReauthFieldsSchema,
    response: z.object({ deleted: z.literal(true) }),
    errors: ['INTEGRATION_NOT_FOUND', ...REAUTH_ERRORS],
  }),
} as const;
