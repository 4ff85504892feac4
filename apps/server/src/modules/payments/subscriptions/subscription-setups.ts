import { AppError, CANNOT_TAKE_PAYMENTS, addLocalDays, fieldError, takesPayments, type StandingFacts } from '@merchant/core';
import { FAILURE_MESSAGES, type CardDetails, type SavedMethodKind, type SubscriptionSetupPage, type SubscriptionSetupResult } from '@merchant/payments';
import type { SavedChargeBegun } from '../charges/charges.service';
import type { Executor } from '@/db/client';
import type { KeyedContext, RequestMeta } from '@/http/context';
import type { RateLimiter } from '@/lib/rate-limit';
import { standingOfBusiness } from '../business-standing.repository';
import type { Processor } from '../processor/processor.module';
import { brandingAndSettingsFor } from '../checkout-customisation/checkout-customisation.service';
import type { Billing, BillingDeps, ChargeDone } from './subscriptions.billing';
import { savedMethodOf } from './subscriptions.presenter';
import { subscriptionsRepository as repo, type SubscriptionRow, type SubscriptionSetupRow } from './subscriptions.repository';

/** Card testing on the setup page: a few tries per setup an hour, a few dozen per address. */
export const SAVE_CARD_LIMITS = {
  perSetup: { max: 10, windowMs: 60 * 60_000 },
  perIp: { max: 30, windowMs: 10 * 60_000 },
} as const;

/** A payment method the provider has accepted: its token and what may be shown of it. */
export interface SavedMethodInput {
  kind: SavedMethodKind;
  token: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

const NOT_FOUND = () => new AppError('SUBSCRIPTION_SETUP_NOT_FOUND', 'This link does not exist.');

/** Why a setup can no longer be used, in the customer's words; null when it can. */
function unavailable(setup: SubscriptionSetupRow, sub: SubscriptionRow, now: Date, business: StandingFacts | null): string | null {
  if (!business || !takesPayments(business)) return CANNOT_TAKE_PAYMENTS;
  if (sub.status === 'cancelled') return 'This subscription has been cancelled.';
  if (sub.status === 'completed') return 'This subscription has ended.';
  if (setup.status === 'completed') return 'This link has been used already. Ask the business for a new one if you need to change your card.';
  if (setup.expiresAt <= now) return 'This link has expired. Ask the business for a new one.';
  return null;
}

/** HitPay's recurring billing status of a subscription, as its `redirect_url` is told it. */
const REDIRECT_STATUS: Partial<Record<SubscriptionRow['status'], string>> = { trialing: 'active', active: 'active', pending: 'scheduled' };

/**
 * The subscription's `redirect_url` with `reference` (its id) and `status` added, as a payment request's is; none when
 * its first charge failed: the customer reads why on the page, and the link mailed to retry.
 */
function redirectOf(after: SubscriptionRow, failed: boolean): string | null {
  if (!after.redirectUrl || failed) return null;
  const url = new URL(after.redirectUrl);
  url.searchParams.set('reference', after.id);
  url.searchParams.set('status', REDIRECT_STATUS[after.status] ?? after.status);
  return url.toString();
}

/** What saving a method answers: the subscription after it, and the first charge when one was made. */
function setupResult(charged: ChargeDone | null, after: SubscriptionRow): SubscriptionSetupResult {
  const failed = charged !== null && charged.payment.status !== 'succeeded';
  return {
    redirect_url: redirectOf(after, failed),
    status: after.status,
    method: savedMethodOf(after)!,
    first_charge: charged
      ? {
          outcome: charged.payment.status === 'succeeded' ? 'succeeded' : 'failed',
          message: charged.payment.failureCode ? FAILURE_MESSAGES[charged.payment.failureCode] : null,
          payment_public_id: charged.payment.publicId,
        }
      : null,
    next_charge_at: after.nextChargeAt?.toISOString() ?? null,
  };
}

/**
 * The customer's page that saves a subscription's payment method (hosted checkout `/s/{public_id}`): the card
 * becomes a provider token; a pending subscription then starts its trial or is charged its first period, a past
 * due or unpaid one is charged again at once with the new card.
 */
export function createSubscriptionSetups(
  deps: BillingDeps & {
    billing: Billing;
    processor: Processor;
    limiter: RateLimiter;
  },
) {
  const { db, clock, billing } = deps;

  async function findSetup(publicId: string) {
    const setup = await repo.setupByPublicId(db, publicId);
    if (!setup) throw NOT_FOUND();
    const [sub, business] = await Promise.all([repo.find(db, setup.businessId, setup.subscriptionId), standingOfBusiness(db, setup.businessId)]);
    if (!sub) throw NOT_FOUND();
    return { setup, sub, business };
  }

  /**
   * What the method's saving does to the subscription, in the setup's transaction: a trial starts, or a charge's first
   * phase is recorded (answered, for its call and outcome after the commit).
   */
  async function startBilling(tx: Executor, sub: SubscriptionRow, requestKey: string | null): Promise<SavedChargeBegun | null> {
    const now = clock.now();
    switch (sub.status) {
      case 'pending':
        if (sub.trialDays > 0) {
          // The trial's days are the business's local days, ending at the local time the method was saved.
          const trialEnd = addLocalDays(now, sub.trialDays, await repo.businessTimeZone(tx, sub.businessId));
          await repo.update(tx, sub.businessId, sub.id, {
            status: 'trialing',
            trialEndAt: trialEnd,
            nextChargeAt: trialEnd,
            anchorAt: trialEnd,
            anchorPeriod: 1,
            updatedAt: now,
          });
          return null;
        }
        return billing.beginPeriod(tx, sub, { reanchor: true, requestKey });
      case 'past_due':
        return billing.beginPeriod(tx, sub, { reanchor: false, requestKey });
      case 'unpaid':
        return billing.beginPeriod(tx, sub, { reanchor: true, requestKey });
      default:
        return null;
    }
  }

  /**
   * Saves an accepted payment method on the setup's subscription and uses the setup up, in one transaction with
   * what follows (trial, first charge, a retry). The portal's direct debit calls this with its mandate's token.
   */
  async function completeSetup(publicId: string, method: SavedMethodInput, where: RequestMeta & KeyedContext): Promise<SubscriptionSetupResult> {
    // With a charge: the setup, the method and the charge's attempt commit first; the processor is called; the outcome
    // and the request's answer commit second (docs/payments.md, "Two-phase processor calls").
    let answer: SubscriptionSetupResult | null = null;
    let subscription: { businessId: string; id: string } | null = null;
    await billing.chargeTwoPhase(
      async (tx) => {
        const setup = await repo.setupByPublicId(tx, publicId, true);
        if (!setup) throw NOT_FOUND();
        const locked = await repo.lock(tx, setup.businessId, setup.subscriptionId);
        if (!locked) throw NOT_FOUND();
        subscription = { businessId: locked.businessId, id: locked.id };
        // This request's own first charge: its retry (after it died between the phases) resumes it.
        const requestKey = where.idempotency?.requestKey ?? null;
        const own = requestKey ? await deps.charges.savedCharges.resume(tx, requestKey, billing.methodOf(locked)) : null;
        if (own) return own;
        const refusal = unavailable(setup, locked, clock.now(), await standingOfBusiness(tx, setup.businessId));
        if (refusal) throw new AppError('SUBSCRIPTION_SETUP_UNAVAILABLE', refusal);
        await repo.completeSetup(tx, setup, clock.now());
        const sub = await repo.update(tx, setup.businessId, setup.subscriptionId, {
          methodKind: method.kind,
          methodToken: method.token,
          methodBrand: method.brand,
          methodLast4: method.last4,
          methodExpMonth: method.expMonth,
          methodExpYear: method.expYear,
          updatedAt: clock.now(),
        });
        await billing.tell(tx, sub, 'recurring_billing.method_attached');
        await deps.audit.record(tx, where, {
          action: 'subscription.payment_method_saved',
          description: `The customer saved a ${method.kind === 'card' ? `card ending ${method.last4 ?? ''}` : 'direct debit'} for the subscription ${sub.name}`,
          actorUserId: null,
          businessId: sub.businessId,
          objectType: 'subscription',
          objectId: sub.id,
        });
        subscription = { businessId: sub.businessId, id: sub.id };
        const begun = await startBilling(tx, sub, requestKey);
        if (begun) return begun;
        answer = setupResult(null, (await repo.lock(tx, sub.businessId, sub.id))!);
        // A keyed request's answer commits with the setup (http/context.ts, `IdempotentRequest`).
        await where.idempotency?.answerIn(tx, answer);
        return null;
      },
      async (tx, done) => {
        answer = setupResult(done, done.subscription);
        await where.idempotency?.answerIn(tx, answer);
      },
    );
    // The first charge's answer was lost: the method is saved and the reconciliation settles the charge.
    if (!answer && subscription) {
      const { businessId, id } = subscription;
      answer = setupResult(null, (await repo.find(db, businessId, id))!);
    }
    return answer!;
  }

  return {
    completeSetup,

    /** Who a setup is for and why it can no longer be used (null: it can): a direct-debit mandate started from it belongs to that customer. */
    async owner(publicId: string): Promise<{ businessId: string; customerId: string; unavailable: string | null }> {
      const { setup, sub, business } = await findSetup(publicId);
      return { businessId: sub.businessId, customerId: sub.customerId, unavailable: unavailable(setup, sub, clock.now(), business) };
    },

    async page(publicId: string): Promise<SubscriptionSetupPage> {
      const { setup, sub, business } = await findSetup(publicId);
      const branded = await brandingAndSettingsFor(db, sub.businessId);
      if (!branded) throw NOT_FOUND();
      return {
        business: branded.branding,
        name: sub.name,
        amount: { amount: sub.amount, currency: sub.currency },
        interval: sub.interval,
        interval_days: sub.intervalDays,
        trial_end_at:
          sub.status === 'pending' && sub.trialDays > 0
            ? addLocalDays(clock.now(), sub.trialDays, branded.timeZone).toISOString()
            : (sub.trialEndAt?.toISOString() ?? null),
        kind: setup.kind,
        status: sub.status,
        method: savedMethodOf(sub),
        unavailable: unavailable(setup, sub, clock.now(), business),
        time_zone: branded.timeZone,
        test_mode: deps.processor.provider().name === 'test',
      };
    },

    /** Checks the card with the provider (never stored: only its token, brand, last 4 and expiry) and completes the setup. */
    async saveCard(publicId: string, card: CardDetails, where: RequestMeta & KeyedContext): Promise<SubscriptionSetupResult> {
      const { setup, sub, business } = await findSetup(publicId);
      const refusal = unavailable(setup, sub, clock.now(), business);
      // A retry of a request that died between its charge's phases goes on to resume that charge.
      const resuming = where.idempotency ? await deps.charges.savedCharges.madeBy(db, where.idempotency.requestKey) : false;
      if (refusal && !resuming) throw new AppError('SUBSCRIPTION_SETUP_UNAVAILABLE', refusal);
      const { perSetup, perIp } = SAVE_CARD_LIMITS;
      const tooMany = () => new AppError('RATE_LIMITED', 'Too many attempts. Wait a while and try again.');
      if ((await deps.limiter.hit(`subscription-setup:${setup.id}`, perSetup.windowMs)) > perSetup.max) throw tooMany();
      if ((await deps.limiter.hit(`subscription-setup:ip:${where.ip}`, perIp.windowMs)) > perIp.max) throw tooMany();
      const outcome = await deps.processor.provider().saveCard(card, clock.now());
      if (outcome.status === 'refused') throw fieldError('PAYMENT_CARD_INVALID', outcome.path, FAILURE_MESSAGES[outcome.failure]);
      if (outcome.status === 'failed') throw fieldError('PAYMENT_CARD_DECLINED', 'card.number', FAILURE_MESSAGES[outcome.failure]);
      const saved = outcome.card;
      return completeSetup(
        publicId,
        { kind: 'card', token: saved.token, brand: saved.brand, last4: saved.last4, expMonth: saved.expMonth, expYear: saved.expYear },
        { ip: where.ip, userAgent: where.userAgent, idempotency: where.idempotency },
      );
    },
  };
}

export type SubscriptionSetups = ReturnType<typeof createSubscriptionSetups>;
