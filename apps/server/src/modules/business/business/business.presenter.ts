import { ROLE_TITLES, type Permission, type Role } from '@merchant/core';
import type { Business, BusinessSummary, BusinessWarning } from '@merchant/business';
import type { BusinessRow } from '../../../http/context';
import type { businessWarnings } from '../../../db/schema';

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
  return { id: row.id, style: row.style, title: row.title, body: row.body, cta_title: row.ctaTitle, cta_url: row.ctaUrl };
}

export function presentBusiness(
  row: BusinessRow,
  standing: { role: Role | null; permissions: Permission[] },
  warnings: (typeof businessWarnings.$inferSelect)[],
): Business {
  return {
    ...presentBusinessSummary(row, standing.role),
    logo_url: row.logoUrl,
    stripe_enabled: row.stripeEnabled,
    xendit_enabled: row.xenditEnabled,
    active_providers: row.activeProviders,
    features: { send_money: Boolean(row.features.send_money) },
    platform_enabled: row.platformEnabled,
    warnings: warnings.map(presentWarning),
    permissions: standing.permissions,
    // No transfers exist before the send-money capability; the count is real (zero rows).
    transfers_awaiting_review: 0,
  };
}
