import { ROLE_TITLES, type Role } from '@merchant/core';
import type { Business, BusinessSummary, BusinessUser, BusinessWarning } from '@merchant/business';
import type { BusinessContext, BusinessRow, UserRow } from '@/http/context';
import type { businessUsers, businessWarnings } from '@/db/schema';

export function presentBusinessSummary(row: BusinessRow, role: Role | null): BusinessSummary {
  return {
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    type: row.type,
    country: row.country,
    currency: row.currency,
    onboarding_status: row.onboardingStatus,
    role: role ? { title: ROLE_TITLES[role] } : null,
  };
}

export function presentWarning(row: typeof businessWarnings.$inferSelect): BusinessWarning {
  return {
    id: row.id,
    style: row.style,
    title: row.title,
    body: row.body,
    cta_title: row.ctaTitle,
    cta_url: row.ctaUrl,
    cta_permission: row.ctaPermission ?? null,
  };
}

/**
 * Whether the business keeps this caller out until they turn two-factor on: members only
 * (super admins are not staff of the business).
 */
export function twoFactorRequiredFor(ctx: BusinessView): boolean {
  return ctx.business.row.requireTwoFactor && ctx.business.role !== null && ctx.user.twoFactorConfirmedAt === null;
}

/** The business of the request context as its caller sees it. */
export type BusinessView = Pick<BusinessContext, 'business'> & { user: Pick<UserRow, 'id' | 'twoFactorConfirmedAt'> };

export function presentBusiness(
  ctx: BusinessView,
  warnings: (typeof businessWarnings.$inferSelect)[],
  { transfersAwaitingReview = 0, testMode = false }: { transfersAwaitingReview?: number; testMode?: boolean } = {},
): Business {
  const { row, role, permissions } = ctx.business;
  return {
    ...presentBusinessSummary(row, role),
    time_zone: row.timeZone,
    logo_url: row.logoUrl,
    address: {
      line1: row.addressLine1,
      line2: row.addressLine2,
      city: row.addressCity,
      state: row.addressState,
      postal_code: row.addressPostalCode,
    },
    tax_number: row.taxNumber,
    require_two_factor: row.requireTwoFactor,
    two_factor_required_for_user: twoFactorRequiredFor(ctx),
    stripe_enabled: row.stripeEnabled,
    xendit_enabled: row.xenditEnabled,
    active_providers: row.activeProviders,
    features: { send_money: Boolean(row.features.send_money) },
    platform_enabled: row.platformEnabled,
    warnings: warnings.map(presentWarning),
    permissions,
    // Only super admins see a business they are not a member of, and they may only read it.
    read_only: role === null,
    // Transfers waiting for a second person (zero while send money is off): the sidebar's dot.
    transfers_awaiting_review: transfersAwaitingReview,
    test_mode: testMode,
  };
}

/** A staff member as the business-user endpoints answer it. */
export function presentMember(row: {
  member: typeof businessUsers.$inferSelect;
  name: string;
  email: string;
  twoFactorConfirmedAt: Date | null;
}): BusinessUser {
  return {
    id: row.member.id,
    user_id: row.member.userId,
    name: row.name,
    email: row.email,
    role: { title: ROLE_TITLES[row.member.role] },
    status: row.member.status,
    two_factor_enabled: row.twoFactorConfirmedAt !== null,
    joined_at: row.member.createdAt.toISOString(),
  };
}
