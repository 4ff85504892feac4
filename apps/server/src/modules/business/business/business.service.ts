import { AppError, can, defaultTimeZoneOf, permissionsOf, type Role } from '@merchant/core';
import {
  ONBOARDING_STEPS,
  PROGRESS_PER_STEP,
  PROGRESS_SUBMITTED,
  type Business,
  type CreateBusinessBody,
  type DomainInfo,
  type OnboardingProgress,
} from '@merchant/business';
import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { newId, randomToken } from '@/lib/crypto';
import type { BusinessRow, RequestMeta, SignedInContext, UserRow } from '@/http/context';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { transfersAwaitingReview } from '@/modules/payments/send-money/transfers.read-model';
import { businessRepository as repo, type BusinessChange } from './business.repository';

export type { BusinessChange } from './business.repository';

type BusinessWarningInsert = Parameters<typeof repo.addWarning>[1];
import { presentBusiness, type BusinessView } from './business.presenter';
import { loadUserHome } from './user-home';
import type { StandingCache } from './standing-cache';

/** A readable, unique slug: "Acme Coffee" -> "acme-coffee" (with a suffix when taken). */
export async function uniqueIdentifier(db: Executor, name: string): Promise<string> {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'business';
  if (!(await repo.identifierExists(db, base))) return base;
  for (let i = 0; i < 5; i++) {
    const candidate = `${base}-${randomToken(4)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 5)}`;
    if (!(await repo.identifierExists(db, candidate))) return candidate;
  }
  return `${base}-${newId().slice(0, 8)}`;
}

/**
 * Onboarding progress (decision, docs/decisions.md): each complete questionnaire step counts 15% (five
 * steps, so at most 75 before submitting); submitted (pending verification, or blocked after review) 90;
 * verified 100.
 */
export function onboardingProgressOf(row: Pick<BusinessRow, 'onboardingStatus'>, completedSteps: number): OnboardingProgress {
  switch (row.onboardingStatus) {
    case 'completed':
      return { is_completed: true, progress: 100 };
    case 'pending_verification':
    case 'blocked':
      return { is_completed: false, progress: PROGRESS_SUBMITTED };
    case 'questionnaire':
      return { is_completed: false, progress: Math.min(completedSteps, ONBOARDING_STEPS.length) * PROGRESS_PER_STEP };
  }
}

export function createBusinessService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  baseDomain: string;
  standings?: StandingCache;
  /** Payments run on the test processor: the business answer says so (the dashboard's Test mode mark). */
  testMode?: () => boolean;
}) {
  const { db, clock, standings } = deps;

  async function create(
    executor: Executor,
    owner: UserRow,
    body: { name: string; country: string; currency: string; identifier?: string },
    type: 'merchant' | 'partner',
    where: RequestMeta,
  ): Promise<BusinessRow> {
    const now = clock.now();
    const row = await repo.insert(executor, {
      id: newId(),
      // An identifier of its own (the demo seed's, which its links name) or one made from the name.
      identifier: body.identifier ?? (await uniqueIdentifier(executor, body.name)),
      name: body.name,
      type,
      country: body.country,
      currency: body.currency,
      timeZone: defaultTimeZoneOf(body.country),
      // Partner businesses have no payments verification to go through.
      onboardingStatus: type === 'partner' ? 'completed' : 'questionnaire',
      createdAt: now,
      updatedAt: now,
    });
    await repo.addMember(executor, { id: newId(), businessId: row.id, userId: owner.id, role: 'owner', createdAt: now });
    await deps.audit.record(executor, where, {
      action: 'business.created',
      description: `Created business ${row.name}`,
      actorUserId: owner.id,
      businessId: row.id,
      objectType: 'business',
      objectId: row.id,
    });
    return row;
  }

  /** The business of the context, with its active warnings, as the caller sees it. */
  async function present(ctx: BusinessView, executor: Executor = db): Promise<Business> {
    const { row } = ctx.business;
    // The dot asks for the person who can act on it: a member who may approve transfers, for the ones others requested.
    const approves = ctx.business.role !== null && can(ctx.business, 'transfers:manage');
    const awaiting = row.features.send_money && approves ? await transfersAwaitingReview(executor, row.id, ctx.user.id) : 0;
    return presentBusiness(ctx, await repo.activeWarnings(executor, row.id), { transfersAwaitingReview: awaiting, testMode: deps.testMode?.() ?? false });
  }

  return {
    create,
    present,
    /** The business with this id, or null. */
    async find(businessId: string): Promise<BusinessRow | null> {
      return (await repo.findById(db, businessId)) ?? null;
    },

    /**
     * The business row locked for the rest of the caller's transaction: a module that changes its columns of the
     * row (`update`) and must see no concurrent change first takes this lock.
     */
    async lock(tx: Executor, businessId: string): Promise<BusinessRow | null> {
      return repo.lock(tx, businessId);
    },

    /**
     * Changes columns of the business's row in the caller's transaction and answers the row. The row is this
     * module's: the modules that keep some of its columns (details, onboarding, verification, payment methods, the
     * checkout's logo) change them only through here (docs/architecture.md, "Table ownership").
     */
    async update(tx: Executor, businessId: string, values: BusinessChange): Promise<BusinessRow> {
      return repo.update(tx, businessId, values);
    },

    /** Changes a member's role or status (staff's changes) inside the caller's transaction. */
    async changeMember(tx: Executor, businessId: string, memberId: string, values: { role?: Role; status?: 'active' | 'deactivated' }): Promise<void> {
      await repo.updateMember(tx, businessId, memberId, values);
    },

    /** Removes a membership (staff's removal) inside the caller's transaction. */
    async removeMember(tx: Executor, businessId: string, memberId: string): Promise<void> {
      await repo.deleteMember(tx, businessId, memberId);
    },

    /** Turns off warning banners of a business (those another module raised) inside the caller's transaction. */
    async closeWarnings(tx: Executor, businessId: string, ids: string[]): Promise<void> {
      await repo.deactivateWarnings(tx, businessId, ids);
    },

    /** Raises a warning banner on a business inside the caller's transaction. */
    async addWarning(tx: Executor, warning: Omit<BusinessWarningInsert, 'active'>): Promise<void> {
      await repo.addWarning(tx, warning);
    },

    /**
     * The access hook's reading of a business endpoint's path: the business and the caller's active membership,
     * in one round trip, kept in this process while nothing changes them (standing-cache.ts).
     */
    async standingOf(businessId: string, userId: string) {
      let standing = standings?.get(businessId, userId);
      if (!standing) {
        const mark = standings?.mark() ?? 0;
        const row = await repo.findWithActiveRole(db, businessId, userId);
        if (!row) return { business: null, membership: null, locationIds: null };
        const read = { business: row.business, role: row.role ?? null, locationIds: row.locationIds };
        standing = standings ? standings.keep(mark, userId, read) : read;
      }
      return {
        business: standing.business,
        membership: standing.role ? { role: standing.role } : null,
        locationIds: standing.locationIds,
      };
    },

    /**
     * A person joins a business with a role inside the caller's transaction. One membership row per user and
     * business: a former (deactivated) member comes back active with the new role.
     */
    async join(tx: Executor, member: { businessId: string; userId: string; role: Role; at: Date }): Promise<void> {
      const existing = await repo.findMembership(tx, member.businessId, member.userId);
      if (!existing) {
        await repo.addMember(tx, { id: newId(), businessId: member.businessId, userId: member.userId, role: member.role, createdAt: member.at });
      } else if (existing.status !== 'active') {
        await repo.reactivateMember(tx, member.businessId, existing.id, member.role);
      }
    },

    /** What GET /v1/user shows of the user's businesses; `executor` reads inside the caller's transaction. */
    homeOf: loadUserHome,

    async createForUser(ctx: SignedInContext, body: CreateBusinessBody & { country: string; currency: string }): Promise<Business> {
      const { user } = ctx;
      return db.transaction(async (tx) => {
        const row = await create(tx, user, body, 'merchant', ctx);
        const standing = { row, role: 'owner' as const, isSuperAdmin: user.isSuperAdmin };
        const answer = await present({ user, business: { ...standing, permissions: permissionsOf(standing) } }, tx);
        // A keyed request's answer commits with the business (http/context.ts, `IdempotentRequest`).
        await ctx.idempotency?.answerIn(tx, answer);
        return answer;
      });
    },

    domainInfo(row: BusinessRow): DomainInfo {
      return {
        business_shop_domain: row.customDomain,
        app_shop_domain: `${row.identifier}.shop.${deps.baseDomain}`,
        app_api_shop_domain: `shop.${deps.baseDomain}`,
        is_domain_verified: Boolean(row.customDomain) && row.customDomainVerified,
      };
    },

    /**
     * Storefront cache calls (spec 7): the caller must be an active member of the named business. Super
     * admins open businesses read-only, so like every other write of theirs outside the admin area it is a 403.
     */
    async bumpStorefrontCache(user: UserRow, headers: { businessId: string; identifier: string }, kind: string): Promise<number> {
      const row = await repo.findById(db, headers.businessId);
      const member = row && (await repo.findActiveMembership(db, row.id, user.id));
      if (!row || (!member && !user.isSuperAdmin) || row.identifier !== headers.identifier) {
        throw new AppError('NOT_FOUND', 'Business not found.');
      }
      if (!member) throw new AppError('FORBIDDEN', 'Super admins open businesses read-only; use the admin area to change them.');
      return repo.bumpStorefrontCache(db, row.id, kind);
    },

    /** The dashboard's own purge after a change of what the storefront shows (docs/online-store.md, "Storefront"). */
    purgeStorefront: (businessId: string, kind: 'identity' | 'categories' | 'products'): Promise<number> => repo.bumpStorefrontCache(db, businessId, kind),
  };
}

export type BusinessService = ReturnType<typeof createBusinessService>;
