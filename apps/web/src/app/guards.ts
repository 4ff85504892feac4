/**
 * The access guards of spec 6, as pure decisions. The router loads the user and the business, then
 * asks each guard of a route in order; the first that answers wins. See docs/routes.md.
 */
import type { Business, BusinessSummary } from '@merchant/business';
import type { User } from '@merchant/identity';
import { href, routeTable, SECTION_OPTIONS, type AppRoute, type GuardName, type RouteId, type Section } from './route-table';
import { canOpen, sectionsFor, visibleSidebar } from './sidebar';
import { flagsAllow } from './sidebar-flags';

export interface GuardContext {
  user: User | null;
  /** The business of the route's :business_id, loaded when a business guard or a permission needs it. */
  business: Business | null;
  routeId: RouteId;
  hostname: string;
  /** The path (with its query) the person asked for: sign-in returns them there. */
  from?: string;
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

/** The query parameter of the login screen that names where to go after signing in. */
export const RETURN_PARAM = 'from';

/** A same-app path only: never an absolute or protocol-relative URL someone slipped in. */
export function safeReturnPath(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : undefined;
}

/** The login screen, remembering the page to return to after signing in. */
export function loginHref(from?: string): string {
  const back = safeReturnPath(from);
  const login = href('auth.login');
  if (!back || back === '/' || back.split('?')[0] === login) return login;
  return `${login}?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}`;
}

export const isInvoiceHost = (hostname: string) => hostname.startsWith('invoice.');
/** The hosted checkout's host, `securecheckout.<base>` (core `hostOfKind('checkout', ...)`). */
export const isCheckoutHost = (hostname: string) => hostname.startsWith('securecheckout.');

/** Guards of the public hosts' pages: they need no user and no business. */
export const HOST_GUARDS: readonly GuardName[] = ['invoicePublicGuard', 'checkoutHostGuard'];

/** Where a business lands: the partner overview for partner businesses, the payments overview otherwise. */
export function businessLanding(business: Pick<BusinessSummary, 'id' | 'type'>): string {
  return href(business.type === 'partner' ? 'partner.overview' : 'payments.overview', { business_id: business.id });
}

/** Each business the person works in, once (an owner is listed as a member too). */
export function businessesOf(user: User): BusinessSummary[] {
  const seen = new Set<string>();
  return [...user.businesses.owned, ...user.businesses.member].filter((b) => (seen.has(b.id) ? false : (seen.add(b.id), true)));
}

/**
 * Where signing in lands: a person with exactly one business lands in it (its screens then send them on to the
 * first one their role can use); with several, or none, on the business chooser, which stays reachable from the
 * business switcher.
 */
export function signedInLanding(user: User): string {
  const businesses = businessesOf(user);
  return businesses.length === 1 ? businessLanding(businesses[0]!) : href('auth.choose-business');
}

/**
 * Where joining a business lands (an invitation accepted, an account made from one): in the business joined, on the
 * first screen the role can use (its screens send them on); a person with other invitations still waiting is taken
 * to them first by the business's guards.
 */
export function joinedLanding(user: User | null | undefined, businessId: string): string {
  const joined = user ? businessesOf(user).find((b) => b.id === businessId) : undefined;
  return businessLanding(joined ?? { id: businessId, type: 'merchant' });
}

/** The routes a section opens on (the switcher's targets), and the business root that shows the payments overview. */
const LANDINGS: ReadonlySet<RouteId> = new Set<RouteId>([...SECTION_OPTIONS.map((o) => o.landing), 'payments.overview-root']);

/** The first screen of a section's menu the member may open, or null when they may open none of it. */
function firstScreenOf(section: Section, business: Business): string | null {
  const first = visibleSidebar(section, business)[0]?.items[0];
  return first ? href(first.routeId, { business_id: business.id }) : null;
}

/**
 * The first screen of the business the member's role can use: the Overview when they may view it, otherwise the
 * first entry of the payments menu they may open, then of the point of sale's and the online store's.
 */
export function memberLanding(business: Business): string {
  for (const section of sectionsFor(business)) {
    const screen = firstScreenOf(section, business);
    if (screen) return screen;
  }
  return businessLanding(business);
}

/**
 * A section's landing the member may not open sends them on to the first screen of that section they may use
 * (or of the business), so nobody lands on a refusal; any other screen is refused by the route's permission.
 */
function landingFor(route: AppRoute, business: Business): GuardOutcome {
  if (!LANDINGS.has(route.id) || canOpen(route, business)) return null;
  const screen = (route.section && firstScreenOf(route.section, business)) ?? memberLanding(business);
  return screen === href(route.id, { business_id: business.id }) ? null : { redirect: screen };
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
      return user ? null : { redirect: loginHref(ctx.from) };
    case 'guestGuard':
      return user ? { redirect: signedInLanding(user) } : null;
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
    case 'checkoutHostGuard':
      return isCheckoutHost(ctx.hostname) ? null : { notFound: true };
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

/**
 * Everything the router decides before a screen opens: the route's guards in order, then the business
 * flags of its sidebar entry. A screen the sidebar hides by a flag (send money, platform, recurring
 * billing in some countries, the card balances) is refused when its URL is typed: one rule for both.
 */
export function guardRoute(route: AppRoute, ctx: GuardContext): GuardOutcome {
  const outcome = runGuards(route.guards, ctx);
  if (outcome) return outcome;
  if (!ctx.business) return null;
  if (!flagsAllow(menuEntryOf(route), ctx.business)) return { notFound: true };
  return landingFor(route, ctx.business);
}

/**
 * The sidebar entry that stands for a route: its own, or for a screen without one (a detail, an edit
 * screen) the entry of the same section whose path it extends the most ("recurring-plans/:id" sits
 * under "recurring-plans"), so a hidden section's inner screens are refused too.
 */
export function menuEntryOf(route: AppRoute): AppRoute {
  if (route.sidebar) return route;
  let entry: AppRoute | undefined;
  for (const candidate of routeTable) {
    if (!candidate.sidebar || candidate.section !== route.section || !route.path.startsWith(`${candidate.path}/`)) continue;
    if (!entry || candidate.path.length > entry.path.length) entry = candidate;
  }
  return entry ?? route;
}
