import type { BusinessFlags, BusinessFlagsChanges, BusinessReview, VerificationQueueItem } from '@merchant/business';
import { AppError, SCREEN_PATHS, fillPath, screenLink } from '@merchant/core';
import type { Executor } from '@/db/client';
import type { BusinessRow, SignedInContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/crypto';
import type { Mailer } from '@/mail/mailer';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { BusinessService } from '../business/business.service';
import type { OnboardingService } from '../onboarding/onboarding.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { verificationRepository as repo } from './verification.repository';

export function flagsOf(row: BusinessRow): BusinessFlags {
  return {
    send_money: Boolean(row.features.send_money),
    stripe_enabled: row.stripeEnabled,
    xendit_enabled: row.xenditEnabled,
    platform_enabled: row.platformEnabled,
  };
}

const FLAG_LABELS: Record<keyof BusinessFlags, string> = {
  send_money: 'Send money',
  stripe_enabled: 'Stripe',
  xendit_enabled: 'Xendit',
  platform_enabled: 'Platform',
};

/**
 * The super admins' review of submitted questionnaires: approve, ask for changes (a warning banner the
 * merchant sees), block; and the flags of a business. Every decision is audited on the business and
 * mailed to its owners.
 */
export function createVerificationService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  business: BusinessService;
  onboarding: OnboardingService;
  /** The bell: a verification result tells the business's owners and admins. */
  notifications?: Pick<NotificationsService, 'notify'>;
  publicUrl: string;
}) {
  const { db, clock, audit, mailer } = deps;

  /** The bell's "verification result", for the owners and admins, in the decision's transaction. */
  const notifyResult = (tx: Executor, row: BusinessRow, title: string, body: string, link: string) =>
    deps.notifications?.notify(tx, row.id, {
      to: { roles: ['owner', 'admin'] },
      kind: 'verification_result',
      title,
      body,
      link: fillPath(link, { business_id: row.id }),
    });

  async function load(businessId: string): Promise<BusinessRow> {
    const row = await deps.business.find(businessId);
    if (!row) throw new AppError('VERIFICATION_BUSINESS_NOT_FOUND', 'Business not found.');
    return row;
  }

  async function review(row: BusinessRow): Promise<BusinessReview> {
    const [owners, onboarding, events] = await Promise.all([repo.owners(db, row.id), deps.onboarding.view(row), deps.onboarding.history(row.id)]);
    return {
      business: {
        id: row.id,
        name: row.name,
        identifier: row.identifier,
        type: row.type,
        country: row.country,
        currency: row.currency,
        onboarding_status: row.onboardingStatus,
        created_at: row.createdAt.toISOString(),
      },
      owners,
      flags: flagsOf(row),
      onboarding,
      history: events,
    };
  }

  function requirePending(row: BusinessRow): void {
    if (row.onboardingStatus !== 'pending_verification') {
      throw new AppError('VERIFICATION_NOT_PENDING', `${row.name} is not waiting for verification (its status is ${row.onboardingStatus.replace('_', ' ')}).`);
    }
  }

  /** Mails the owners in the transaction of the change the mail tells of (the outbox). */
  async function mailOwners(tx: Executor, row: BusinessRow, subject: string, text: (name: string) => string): Promise<void> {
    const owners = await repo.owners(tx, row.id);
    for (const owner of owners) await mailer.send(tx, { to: owner.email, subject, text: text(owner.name) });
  }

  const questionnairePath = (row: BusinessRow) => fillPath(SCREEN_PATHS.onboardingQuestionnaire, { business_id: row.id });

  return {
    async queue(): Promise<VerificationQueueItem[]> {
      const rows = await repo.pendingQueue(db);
      return Promise.all(
        rows.map(async ({ business, submittedAt }) => {
          const [owner] = await repo.owners(db, business.id);
          return {
            business_id: business.id,
            name: business.name,
            identifier: business.identifier,
            country: business.country,
            currency: business.currency,
            owner_name: owner?.name ?? null,
            owner_email: owner?.email ?? null,
            submitted_at: submittedAt ? new Date(submittedAt).toISOString() : null,
          };
        }),
      );
    },

    async review(businessId: string): Promise<BusinessReview> {
      return review(await load(businessId));
    },

    async approve(ctx: SignedInContext, businessId: string): Promise<BusinessReview> {
      const row = await load(businessId);
      requirePending(row);
      const updated = await db.transaction(async (tx) => {
        const now = clock.now();
        const next = await deps.business.update(tx, row.id, { onboardingStatus: 'completed', updatedAt: now });
        await deps.onboarding.closeVerificationWarnings(tx, row.id);
        await deps.onboarding.recordEvent(tx, { businessId: row.id, id: newId(), kind: 'approved', actorUserId: ctx.user.id, createdAt: now });
        await audit.record(tx, ctx, {
          action: 'verification.approved',
          description: `Approved the verification of ${row.name}`,
          actorUserId: ctx.user.id,
          subjectUserId: null,
          businessId: row.id,
          objectType: 'business',
          objectId: row.id,
        });
        await notifyResult(tx, row, `${row.name} is verified`, 'The business can start taking payments.', SCREEN_PATHS.accountVerification);
        await mailOwners(tx, next, `${row.name} is verified`, (name) =>
          [
            `Hello ${name},`,
            '',
            `Good news: we have verified ${row.name}. The dashboard is open and the business can start taking payments.`,
            '',
            `Open the dashboard: ${screenLink(deps.publicUrl, SCREEN_PATHS.paymentsOverview, { business_id: row.id })}`,
          ].join('\n'),
        );
        return next;
      });
      return review(updated);
    },

    async requestChanges(ctx: SignedInContext, businessId: string, message: string): Promise<BusinessReview> {
      const row = await load(businessId);
      requirePending(row);
      const updated = await db.transaction(async (tx) => {
        const now = clock.now();
        const next = await deps.business.update(tx, row.id, { onboardingStatus: 'questionnaire', updatedAt: now });
        await deps.onboarding.closeVerificationWarnings(tx, row.id);
        const warningId = newId();
        await deps.business.addWarning(tx, {
          businessId: row.id,
          id: warningId,
          style: 'warning',
          title: 'Changes needed to verify your business',
          body: message,
          ctaTitle: 'Update the questionnaire',
          ctaUrl: questionnairePath(row),
          // Only who may fill in the questionnaire (the owner) is offered it; the others are told to ask.
          ctaPermission: 'verification:view',
          createdAt: now,
        });
        await deps.onboarding.recordEvent(tx, {
          businessId: row.id,
          id: newId(),
          kind: 'changes_requested',
          message,
          actorUserId: ctx.user.id,
          warningId,
          createdAt: now,
        });
        await audit.record(tx, ctx, {
          action: 'verification.changes_requested',
          description: `Asked ${row.name} for changes before verification`,
          actorUserId: ctx.user.id,
          subjectUserId: null,
          businessId: row.id,
          objectType: 'business',
          objectId: row.id,
          meta: { message },
        });
        await notifyResult(tx, row, `Changes needed to verify ${row.name}`, message, SCREEN_PATHS.onboardingQuestionnaire);
        await mailOwners(tx, next, `Changes needed to verify ${row.name}`, (name) =>
          [
            `Hello ${name},`,
            '',
            `We reviewed the verification questionnaire of ${row.name} and need a few changes:`,
            '',
            message,
            '',
            `Update the questionnaire and submit it again: ${screenLink(deps.publicUrl, SCREEN_PATHS.onboardingQuestionnaire, { business_id: row.id })}`,
          ].join('\n'),
        );
        return next;
      });
      return review(updated);
    },

    async block(ctx: SignedInContext, businessId: string, reason: string): Promise<BusinessReview> {
      const row = await load(businessId);
      if (row.onboardingStatus === 'blocked') throw new AppError('VERIFICATION_NOT_PENDING', `${row.name} is already blocked.`);
      const updated = await db.transaction(async (tx) => {
        const now = clock.now();
        const next = await deps.business.update(tx, row.id, { onboardingStatus: 'blocked', statusBeforeBlock: row.onboardingStatus, updatedAt: now });
        await deps.onboarding.closeVerificationWarnings(tx, row.id);
        await deps.onboarding.recordEvent(tx, {
          businessId: row.id,
          id: newId(),
          kind: 'blocked',
          message: reason,
          actorUserId: ctx.user.id,
          createdAt: now,
        });
        await audit.record(tx, ctx, {
          action: 'verification.blocked',
          description: `Blocked ${row.name}`,
          actorUserId: ctx.user.id,
          subjectUserId: null,
          businessId: row.id,
          objectType: 'business',
          objectId: row.id,
          meta: { reason, previous_status: row.onboardingStatus },
        });
        await notifyResult(tx, row, `We could not verify ${row.name}`, 'It cannot take payments: contact customer support.', SCREEN_PATHS.accountVerification);
        await mailOwners(tx, next, `We could not verify ${row.name}`, (name) =>
          [
            `Hello ${name},`,
            '',
            `We could not verify ${row.name}, so it cannot take payments from the dashboard.`,
            'Please contact customer support: they can explain the decision and what you can provide to have it reviewed again.',
          ].join('\n'),
        );
        return next;
      });
      return review(updated);
    },

    /**
     * Lifts a block (docs/decisions.md, "Standing"): the business returns to the status the block interrupted, so
     * a verified one takes payments and pays out as before, and one waiting for verification waits again.
     */
    async unblock(ctx: SignedInContext, businessId: string): Promise<BusinessReview> {
      const row = await load(businessId);
      if (row.onboardingStatus !== 'blocked') throw new AppError('VERIFICATION_NOT_BLOCKED', `${row.name} is not blocked.`);
      // The status the block interrupted; a business blocked before it was kept is verified again if it ever was.
      const wasVerified = (await deps.onboarding.history(row.id)).some((event) => event.kind === 'approved');
      const status = row.statusBeforeBlock ?? (wasVerified ? 'completed' : 'questionnaire');
      const updated = await db.transaction(async (tx) => {
        const now = clock.now();
        const next = await deps.business.update(tx, row.id, { onboardingStatus: status, statusBeforeBlock: null, updatedAt: now });
        await deps.onboarding.recordEvent(tx, { businessId: row.id, id: newId(), kind: 'unblocked', actorUserId: ctx.user.id, createdAt: now });
        await audit.record(tx, ctx, {
          action: 'verification.unblocked',
          description: `Unblocked ${row.name}`,
          actorUserId: ctx.user.id,
          subjectUserId: null,
          businessId: row.id,
          objectType: 'business',
          objectId: row.id,
          meta: { status },
        });
        await mailOwners(tx, next, `${row.name} is unblocked`, (name) =>
          [
            `Hello ${name},`,
            '',
            status === 'completed'
              ? `${row.name} is no longer blocked: it takes payments and pays out again.`
              : status === 'pending_verification'
                ? `${row.name} is no longer blocked. We are reviewing its verification and will write to you with the result.`
                : `${row.name} is no longer blocked. Finish the questionnaire and submit it so that we can verify the business.`,
            '',
            `Open the dashboard: ${screenLink(deps.publicUrl, SCREEN_PATHS.paymentsOverview, { business_id: row.id })}`,
          ].join('\n'),
        );
        return next;
      });
      return review(updated);
    },

    async updateFlags(ctx: SignedInContext, businessId: string, changes: BusinessFlagsChanges): Promise<BusinessReview> {
      const row = await load(businessId);
      const before = flagsOf(row);
      const after: BusinessFlags = { ...before, ...changes };
      const changed = (Object.keys(after) as (keyof BusinessFlags)[]).filter((k) => after[k] !== before[k]);
      if (changed.length === 0) return review(row);
      const updated = await db.transaction(async (tx) => {
        const next = await deps.business.update(tx, row.id, {
          platformEnabled: after.platform_enabled,
          features: { ...row.features, send_money: after.send_money },
          updatedAt: clock.now(),
        });
        await audit.record(tx, ctx, {
          action: 'business.flags_updated',
          description: `Turned ${changed.map((k) => `${FLAG_LABELS[k]} ${after[k] ? 'on' : 'off'}`).join(', ')}`,
          actorUserId: ctx.user.id,
          subjectUserId: null,
          businessId: row.id,
          objectType: 'business',
          objectId: row.id,
          meta: { before, after },
        });
        return next;
      });
      return review(updated);
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
