import { z } from 'zod';
import { defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { ReauthFieldsSchema } from './bank-accounts';

/**
 * The public API's keys (docs/developers.md): a business holds several named keys, each read-only or with full
 * access, each with its salt (the key that signs the legacy webhook's `hmac`). A key and its salt are answered
 * in full once, when they are made (created or rotated); afterwards only their last four characters. Every
 * change asks for the password or a two-factor code, is audited and is mailed to the owners.
 */
export const API_KEY_ACCESS = ['read_only', 'full'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** How long a rotated key keeps working beside its successor. */
export const API_KEY_GRACE_HOURS = 24;

/** The public API's paths on the API host (HitPay's, docs/developers.md): what the routes serve and the tests call. */
export const PUBLIC_API_PATHS = { paymentRequests: '/v1/payment-requests', paymentRequest: '/v1/payment-requests/:request_id' } as const;

export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  access: z.enum(API_KEY_ACCESS),
  /** `••••` and the key's last four characters: the key itself is answered only when it is made. */
  key_last4: z.string(),
  salt_last4: z.string(),
  /** `active`; `expiring` (rotated: works until `expires_at`); `revoked` (refused at once). */
  status: z.enum(['active', 'expiring', 'revoked']),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** A key as it is made: the only answer that holds the key and its salt in full. */
export const NewApiKeySchema = ApiKeySchema.extend({ api_key: z.string(), salt: z.string() });
export type NewApiKey = z.infer<typeof NewApiKeySchema>;

export const CreateApiKeyBodySchema = ReauthFieldsSchema.extend({
  name: text().trim().min(1, 'Name the key').max(80, 'Use at most 80 characters'),
  access: z.enum(API_KEY_ACCESS, { error: 'Choose read-only or full access' }),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBodySchema>;

export const ApiKeyParamsSchema = BusinessParamsSchema.extend({ api_key_id: z.uuid() });

const REAUTH_ERRORS = ['AUTH_PASSWORD_INCORRECT', 'AUTH_TWO_FACTOR_INVALID', 'AUTH_ACCOUNT_LOCKED'] as const;
const access = { kind: 'business', permission: 'developers:view', standing: 'merchant' } as const;

export const apiKeyEndpoints = {
  list: defineEndpoint({
    id: 'api-keys.list',
    method: 'GET',
    path: '/v1/business/:business_id/api-keys',
    summary: 'The public API keys, newest first, keys and salts masked',
    access,
    params: BusinessParamsSchema,
    response: z.array(ApiKeySchema),
  }),
  create: defineEndpoint({
    id: 'api-keys.create',
    method: 'POST',
    path: '/v1/business/:business_id/api-keys',
    summary: 'Make a named key (password or two-factor code): the key and its salt are answered in full this once; owners are mailed',
    access,
    params: BusinessParamsSchema,
    body: CreateApiKeyBodySchema,
    response: NewApiKeySchema,
    status: 201,
    errors: REAUTH_ERRORS,
  }),
  rotate: defineEndpoint({
    id: 'api-keys.rotate',
    method: 'POST',
    path: '/v1/business/:business_id/api-keys/:api_key_id/rotate',
    summary: `Replace a key by a new one of its name and access (answered in full this once); the old key keeps working for ${API_KEY_GRACE_HOURS} hours`,
    access,
    params: ApiKeyParamsSchema,
    body: ReauthFieldsSchema,
    response: NewApiKeySchema,
    status: 201,
    errors: ['API_KEY_NOT_FOUND', 'API_KEY_REVOKED', ...REAUTH_ERRORS],
  }),
  revoke: defineEndpoint({
    id: 'api-keys.revoke',
    method: 'POST',
    path: '/v1/business/:business_id/api-keys/:api_key_id/revoke',
    summary: 'Revoke a key: refused from the next request on, by every process',
    access,
    params: ApiKeyParamsSchema,
    body: ReauthFieldsSchema,
    response: ApiKeySchema,
    errors: ['API_KEY_NOT_FOUND', ...REAUTH_ERRORS],
  }),
} as const;
