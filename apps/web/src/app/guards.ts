/**
 * The access guards of spec 6, as pure decisions. The router loads the user and the business, then
 * asks each guard of a route in order; the first that answers wins. See docs/routes.md.
 */
import type { Business, BusinessSummary } from '@merchant/business';
import type { User } from '@merchant/identity';
import { href, type GuardName, type RouteId } from './route-table';

export interface GuardContext {
  user: User | null;
  /** The business of the route's :business_id, loaded when a business guard or a permission needs it. */
  business: Business | null;
  routeId: RouteId;
  hostname: string;
}

export type GuardOutcome = { redirect: string } | { notFound: true } | null;

/** Guards that read the business of the path. */
export const BUSINESS_GUARDS: readonly GuardName[] = [
  'nonBusinessPartnerGuard',
  'businessPartnerGuard',
  'businessPendingOnboardingGuard',
  'businessPendingVerificationGuard',
  'businessCompletedOnboardingGuard',
];

export const isInvoiceHost = (hostname: string) => hostname.startsWith('invoice.');

/** Where a business lands: the partner overview for partner businesses, the payments overview otherwise. */
export function businessLanding(business: Pick<BusinessSummary, 'id' | 'type'>): string {
  return href(business.type === 'partner' ? 'partner.overview' : 'payments.overview', { business_id: business.id });
}

const ONBOARDING_SCREEN: Record<Business['onboarding_status'], RouteId | null> = {
  questionnaire: 'onboarding.questionnaire',
  pending_verification: 'onboarding.pending',
  blocked: 'onboarding.blocked',
  completed: null,
};

function to(routeId: RouteId, ctx: GuardContext, business: Business): GuardOutcome {
  return routeId === ctx.routeId ? null : { redirect: href(routeId, { business_id: business.id }) };
}

export function checkGuard(name: GuardName, ctx: GuardContext): GuardOutcome {
  const { user, business } = ctx;
  switch (name) {
    case 'authGuard':
      return user ? null : { redirect: href('auth.login') };
    case 'guestGuard':
      return user ? { redirect: href('auth.choose-business') } : null;
    case 'hasInvitationsGuard':
      return user && user.pending_invitations > 0 ? { redirect: href('auth.pending-invitations') } : null;
    case 'businessSelectionGuard':
      // Super admins may belong to no business: choose-business offers them the admin area.
      return user && !user.is_super_admin && user.businesses.owned.length + user.businesses.member.length === 0
        ? { redirect: href('auth.register-authenticated') }
        : null;
    case 'superAdminGuard':
      return user && !user.is_super_admin ? { redirect: href('auth.choose-business') } : null;
    case 'invoicePublicGuard':
      return isInvoiceHost(ctx.hostname) ? null : { notFound: true };
    default:
      break;
  }
  if (!business) return null;
  switch (name) {
    case 'nonBusinessPartnerGuard':
      return business.type === 'partner' ? { redirect: businessLanding(business) } : null;
    case 'businessPartnerGuard':
      return business.type === 'partner' ? null : { redirect: businessLanding(business) };
    case 'businessPendingOnboardingGuard': {
      const screen = ONBOARDING_SCREEN[business.onboarding_status];
      return screen ? to(screen, ctx, business) : { redirect: businessLanding(business) };
    }
    case 'businessPendingVerificationGuard':
      if (business.onboarding_status === 'pending_verification') return to('onboarding.pending', ctx, business);
      if (business.onboarding_status === 'blocked') return to('onboarding.blocked', ctx, business);
      return null;
    case 'businessCompletedOnboardingGuard':
      return business.onboarding_status === 'questionnaire' ? to('onboarding.questionnaire', ctx, business) : null;
    default:
      return null;
  }
}

/** Runs a route's guards in order; the first outcome wins. */
export function runGuards(guards: readonly GuardName[], ctx: GuardContext): GuardOutcome {
  for (const guard of guards) {
    const outcome = checkGuard(guard, ctx);
    if (outcome) return outcome;
  }
  return null;
}
