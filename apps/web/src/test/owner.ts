import { ALL_PERMISSIONS } from '@merchant/core';
import type { Business } from '@merchant/business';
import type { User } from '@merchant/identity';

/** The business of the web tests' signed-in owner. */
export const OWNER_BUSINESS_ID = '7d7c0a39-5a3c-4f44-9d38-0d0c0f7f4e1a';

const summary = {
  id: OWNER_BUSINESS_ID,
  identifier: 'ada',
  name: 'Ada Shop',
  type: 'merchant',
  country: 'sg',
  currency: 'sgd',
  onboarding_status: 'completed',
  role: { title: 'Owner' },
} as const;

/** `GET /v1/user` of the owner of one completed business. */
export const ownerUser: User = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  is_super_admin: false,
  two_factor_enabled: false,
  businesses: { owned: [{ ...summary }], member: [] },
  pending_invitations: 0,
};

/** `GET /v1/business/{id}` of that business, every permission held; `overrides` for the case at hand. */
export const ownerBusiness = (overrides: Partial<Business> = {}): Business => ({
  ...summary,
  time_zone: 'Asia/Singapore',
  logo_url: null,
  address: { line1: null, line2: null, city: null, state: null, postal_code: null },
  tax_number: null,
  require_two_factor: false,
  two_factor_required_for_user: false,
  read_only: false,
  stripe_enabled: false,
  xendit_enabled: false,
  active_providers: [],
  features: { send_money: false },
  platform_enabled: false,
  warnings: [],
  permissions: [...ALL_PERMISSIONS],
  transfers_awaiting_review: 0,
  test_mode: false,
  ...overrides,
});
