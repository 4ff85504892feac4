import { AppError, fieldError, formatMoneyWithCode, localDate } from '@merchant/core';
import {
  SUBSCRIPTION_STATUS_LABELS,
  planIntervalLabel,
  subscriptionAllows,
  subscriptionSetupUrl,
  type CreateSubscriptionFields,
  type ListSubscriptionsQuery,
  type PlanRevenue,
  type RetrySettings,
  type SavedMethodKind,
  type Subscription,
  type SubscriptionAction,
  type SubscriptionDetail,
  type SubscriptionFilters,
  type SubscriptionSetupLink,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { ActingContext, BusinessRow, RequestMeta } from '@/http/context';
import { decodeCursor, pageFrom, type Cursor } from '@/lib/cursor';
import { newTimeOrderedId } from '@/lib/crypto';
import type { RateLimiter } from '@/lib/rate-limit';
import type { Mailer } from '@/mail/mailer';
import { assertAmountWithinLimits } from '../checkout-source';
import type { JobSender } from '@/modules/platform/jobs/jobs.service';
import type { Processor } from '../processor/processor.module';
import { processorUnavailable } from '../charges/charges.service';
import { createBilling, retrySettingsOf, SCHEDULER, type BillingDeps } from './subscriptions.billing';
import { presentCharge, presentSubscription, SUBSCRIPTION_CSV, subscriptionCsvRow } from './subscriptions.presenter';
import { subscriptionsRepository as repo, type SubscriptionRow, type SubscriptionSetupRow, type SubscriptionWithNames } from './subscriptions.repository';
import { createSubscriptionScheduler } from './subscriptions.scheduler';
import { createSubscriptionSetups } from './subscription-setups';
import { createSavedMethodCharge } from './saved-method-charge';
import { describeSubscription, type SubscriptionDetailsChange } from './subscription-details';

const EXPORT_BATCH = 500;

const notFound = () => new AppError('SUBSCRIPTION_NOT_FOUND', 'Subscription not found.');
const ACTION_WORDS: Record<SubscriptionAction, string> = {
  pause: 'paused',
  resume: 'resumed',
  cancel_now: 'cancelled',
  cancel_at_period_end: 'cancelled at the end of its period',
  change_plan: 'moved to another plan',
  charge_now: 'charged now',
  send_setup_link: 'sent a new card link',
};

const AUDIT_ACTIONS: Record<SubscriptionAction, string> = {
  pause: 'subscription.paused',
  resume: 'subscription.resumed',
  cancel_now: 'subscription.cancelled',
  cancel_at_period_end: 'subscription.cancel_scheduled',
  change_plan: 'subscription.plan_change_scheduled',
  charge_now: 'subscription.charged_now',
  send_setup_link: 'subscription.setup_link_sent',
};

function refuse(action: SubscriptionAction, row: SubscriptionRow): AppError {
  const status = SUBSCRIPTION_STATUS_LABELS[row.status].toLowerCase();
  if (action === 'cancel_now' && row.status === 'cancelled') return new AppError('SUBSCRIPTION_ACTION_NOT_ALLOWED', 'This subscription is cancelled already.');
  if (action === 'charge_now' && !row.methodToken && subscriptionAllows(action, row.status))
    return new AppError('SUBSCRIPTION_ACTION_NOT_ALLOWED', 'The customer has not saved a payment method yet, so there is nothing to charge.');
  return new AppError('SUBSCRIPTION_ACTION_NOT_ALLOWED', `A ${status} subscription cannot be ${ACTION_WORDS[action]}.`);
}

/**
 * Subscriptions (docs/payments.md, "subscriptions"): the merchant's screens, the customer portal's calls
 * (`listForCustomer`, `cancelAtPeriodEndForCustomer`, `startPaymentMethodSetup`) and the hosted page that
 * saves the payment method (`setups`). Every charge goes through the billing (`subscriptions.billing.ts`).
 */
/** "Charge now" while a charge of the subscription is at the processor: refused, nothing charged twice. */
const beingCharged = () => new AppError('SUBSCRIPTION_ACTION_NOT_ALLOWED', 'A charge of this subscription is being processed: try again in a moment.');

/** The job that acts on one subscription at once (after a resume makes it due now) rather than at the next pass. */
export const CHARGE_ONE_JOB = 'subscriptions.charge-one';

export function createSubscriptionsService(
  deps: BillingDeps & { mailer: Mailer; processor: Processor; limiter: RateLimiter; jobs: JobSender; poolSize?: number },
) {
  const { db, clock, audit, mailer, checkoutOrigin } = deps;
  const billing = createBilling(deps);
  const scheduler = createSubscriptionScheduler({ db, clock, billing, poolSize: deps.poolSize });

  async function load(businessId: string, id: string, executor: Executor = db) {
    const row = await repo.find(executor, businessId, id);
    if (!row) throw notFound();
    return row;
  }

  const present = async (businessId: string, id: string) => presentSubscription(await load(businessId, id));

  async function detail(businessId: string, id: string, executor: Executor = db): Promise<SubscriptionDetail> {
    const [row, charges] = await Promise.all([load(businessId, id, executor), repo.charges(executor, businessId, id)]);
    return { ...presentSubscription(row), charges: charges.map(presentCharge) };
  }

  async function lockOr404(tx: Executor, businessId: string, id: string): Promise<SubscriptionRow> {
    const row = await repo.lock(tx, businessId, id);
    if (!row) throw notFound();
    return row;
  }

  /** Mails the customer a link to save or update the payment method, in the setup's transaction (the outbox). */
  async function mailSetup(tx: Executor, sub: SubscriptionRow, setup: SubscriptionSetupRow, first: boolean): Promise<void> {
    const customer = await repo.customer(tx, sub.businessId, sub.customerId);
    if (!customer?.email) return;
    const business = (await repo.businessName(tx, sub.businessId)) ?? 'The business';
    const amount = formatMoneyWithCode(sub.amount, sub.currency);
    const how = planIntervalLabel({ interval: sub.interval, interval_days: sub.intervalDays }).toLowerCase();
    await mailer.send(tx, {
      to: customer.email,
      subject: first ? `${business}: set up your subscription` : `${business}: update the card of your subscription`,
      text: [
        first ? `${business} has subscribed you to ${sub.name}: ${amount} ${how}.` : `Update the card ${business} charges for ${sub.name} (${amount} ${how}).`,
        sub.trialDays > 0 && first ? `Your first ${sub.trialDays} days are free; the first charge follows the trial.` : null,
        '',
        `Save your card: ${subscriptionSetupUrl(checkoutOrigin, setup.publicId)}`,
        `The link works for ${Math.round((setup.expiresAt.getTime() - setup.createdAt.getTime()) / 86_400_000)} days.`,
      ]
        .filter((line) => line !== null)
        .join('\n'),
    });
  }

  /**
   * A merchant's action in one transaction: lock, check the status allows it, change, audit. The change writes the
   * audit entry's sentence with the subscription's name in it (issue 25: one sentence, not "... (Coffee club)").
   */
  async function act(
    ctx: ActingContext,
    id: string,
    action: SubscriptionAction,
    change: (tx: Executor, row: SubscriptionRow) => Promise<{ description: string; meta?: Record<string, unknown>; audit?: string } | null>,
  ): Promise<void> {
    const businessId = ctx.business.row.id;
    await db.transaction(async (tx) => {
      const row = await lockOr404(tx, businessId, id);
      if (!subscriptionAllows(action, row.status)) throw refuse(action, row);
      const done = await change(tx, row);
      if (!done) return;
      // A change of the subscription itself (not a card link sent) is told to the webhooks.
      if (action !== 'send_setup_link') await billing.tell(tx, (await repo.lock(tx, businessId, id))!);
      await audit.record(tx, ctx, {
        action: done.audit ?? AUDIT_ACTIONS[action],
        description: done.description,
        actorUserId: ctx.user.id,
        businessId,
        objectType: 'subscription',
        objectId: id,
        ...(done.meta ? { meta: done.meta } : {}),
      });
    });
  }

  async function usablePlan(tx: Executor, businessId: string, planId: string, path: string) {
    const plan = await repo.plan(tx, businessId, planId);
    if (!plan) throw fieldError('PLAN_NOT_FOUND', path, 'Plan not found.');
    if (plan.status === 'archived') throw fieldError('PLAN_ARCHIVED', path, `${plan.name} is archived and takes no new subscriptions.`);
    return plan;
  }

  async function forApi(row: SubscriptionWithNames) {
    const setup = await repo.latestSetup(db, row.businessId, row.id);
    return {
      ...presentSubscription(row),
      updated_at: row.updatedAt.toISOString(),
      paused_at: row.pausedAt ? row.pausedAt.toISOString() : null,
      setup_url: setup ? subscriptionSetupUrl(checkoutOrigin, setup.publicId) : null,
    };
  }

  const setups = createSubscriptionSetups({ ...deps, billing });

  return {
    scheduler,
    setups,

    async list(ctx: ActingContext, query: ListSubscriptionsQuery & { limit: number }) {
      const rows = await repo.page(db, ctx.business.row.id, query, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r);
      return { data: page.rows.map(presentSubscription), next_cursor: page.nextCursor };
    },

    /**
     * The public API's page (offset, newest first, with the count) and one subscription: each with its last change
     * and its newest card page (`setup_url`, null before one is made).
     */
    async pageForApi(businessId: string, filter: Parameters<typeof repo.offsetPage>[2], limit: number, offset: number) {
      const { rows, total } = await repo.offsetPage(db, businessId, filter, limit, offset);
      return { data: await Promise.all(rows.map((r) => forApi(r))), total };
    },
    getForApi: async (businessId: string, id: string) => forApi(await load(businessId, id)),

    /** The filtered subscriptions as CSV, newest first, read in batches while it is sent. */
    exportCsv(business: BusinessRow, filters: SubscriptionFilters) {
      async function* lines(): AsyncGenerator<string> {
        yield SUBSCRIPTION_CSV.head();
        let cursor: Cursor | undefined;
        for (;;) {
          const rows = await repo.page(db, business.id, filters, EXPORT_BATCH, cursor);
          const batch = rows.slice(0, EXPORT_BATCH);
          if (batch.length > 0) yield batch.map((r) => SUBSCRIPTION_CSV.line(subscriptionCsvRow(presentSubscription(r)))).join('');
          const last = batch[batch.length - 1];
          if (rows.length <= EXPORT_BATCH || !last) return;
          cursor = { createdAt: last.createdAt, id: last.id };
        }
      }
      const date = localDate(clock.now(), business.timeZone);
      return { filename: `subscriptions-${business.identifier}-${date}.csv`, lines: lines() };
    },

    get: (ctx: ActingContext, id: string) => detail(ctx.business.row.id, id),

    /**
     * Subscribes a customer to a plan or to terms of its own, in the business's currency; the subscription waits
     * (`pending`) for the customer to save a card through the mailed link.
     */
    async create(ctx: ActingContext, body: CreateSubscriptionFields, options: { mail?: boolean } = {}): Promise<Subscription> {
      const businessId = ctx.business.row.id;
      const currency = ctx.business.row.currency;
      const now = clock.now();
      const id = newTimeOrderedId(now.getTime());
      await db.transaction(async (tx) => {
        const customer = await repo.customer(tx, businessId, body.customer_id);
        if (!customer) throw fieldError('CUSTOMER_NOT_FOUND', 'customer_id', 'Customer not found.');
        if (!customer.email)
          throw fieldError('VALIDATION_FAILED', 'customer_id', 'This customer has no email address to send the card link to. Add one first.');
        let terms;
        if (body.plan_id) {
          const plan = await usablePlan(tx, businessId, body.plan_id, 'plan_id');
          terms = {
            planId: plan.id,
            name: plan.name,
            amount: plan.amount,
            currency: plan.currency,
            interval: plan.interval,
            intervalDays: plan.intervalDays,
            trialDays: body.trial_days ?? plan.trialDays,
            cyclesTotal: body.cycles ?? plan.cycles,
            // The plan's text and return address are copied, as its terms are, unless the subscription has its own.
            description: body.description ?? plan.description,
            reference: body.reference ?? null,
            redirectUrl: body.redirect_url ?? plan.redirectUrl,
          };
        } else {
          if (body.currency && body.currency !== currency) {
            throw fieldError('VALIDATION_FAILED', 'currency', `Subscriptions are charged in ${currency.toUpperCase()}, your business's currency`);
          }
          assertAmountWithinLimits(body.amount!, currency);
          terms = {
            planId: null,
            name: body.name || 'Subscription',
            amount: body.amount!,
            currency,
            interval: body.interval!,
            intervalDays: body.interval === 'every_n_days' ? (body.interval_days ?? null) : null,
            trialDays: body.trial_days ?? 0,
            cyclesTotal: body.cycles ?? null,
            description: body.description ?? null,
            reference: body.reference ?? null,
            redirectUrl: body.redirect_url ?? null,
          };
        }
        await repo.insert(tx, {
          businessId,
          id,
          customerId: customer.id,
          ...terms,
          status: 'pending',
          createdByUserId: ctx.user.id,
          createdAt: now,
          updatedAt: now,
        });
        const row = (await repo.lock(tx, businessId, id))!;
        await billing.tell(tx, row);
        const setup = await billing.newSetup(tx, row, ctx.business.row.timeZone);
        await audit.record(tx, ctx, {
          action: 'subscription.created',
          description: `Subscribed ${customer.name ?? customer.email} to ${terms.name}: ${formatMoneyWithCode(terms.amount, terms.currency)} ${planIntervalLabel({ interval: terms.interval, interval_days: terms.intervalDays }).toLowerCase()}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'subscription',
          objectId: id,
          meta: { plan_id: terms.planId, customer_id: customer.id },
        });
        // The public API mails the link only when its body asks (`send_email`); the dashboard always does.
        if (options.mail !== false) await mailSetup(tx, row, setup, true);
      });
      return present(businessId, id);
    },

    async pause(ctx: ActingContext, id: string): Promise<Subscription> {
      await act(ctx, id, 'pause', async (tx, row) => {
        await repo.update(tx, row.businessId, id, { status: 'paused', nextChargeAt: null, pausedAt: clock.now(), updatedAt: clock.now() });
        return { description: `Paused the subscription ${row.name}` };
      });
      return present(ctx.business.row.id, id);
    },

    /**
     * Resumes a paused subscription: a trial that has not ended goes on; a period paid for that has not ended
     * runs to its end; otherwise the next period starts now (missed periods are not charged).
     */
    async resume(ctx: ActingContext, id: string): Promise<Subscription> {
      await act(ctx, id, 'resume', async (tx, row) => {
        const now = clock.now();
        const inTrial = row.cyclesDone === 0 && row.trialEndAt !== null && row.trialEndAt > now;
        const paidUntil = row.failedAttempts === 0 && row.currentPeriodEnd !== null && row.currentPeriodEnd > now ? row.currentPeriodEnd : null;
        const status = inTrial ? 'trialing' : row.failedAttempts > 0 ? 'past_due' : 'active';
        const nextChargeAt = inTrial ? row.trialEndAt : (paidUntil ?? now);
        const reanchor = !inTrial && !paidUntil ? { anchorAt: now, anchorPeriod: row.period } : {};
        await repo.update(tx, row.businessId, id, { status, nextChargeAt, pausedAt: null, ...reanchor, updatedAt: now });
        // Due now: charged by a job at once, which commits with the resume (the outbox).
        if (nextChargeAt && nextChargeAt <= now) await deps.jobs.send(tx, CHARGE_ONE_JOB, { business_id: ctx.business.row.id, id });
        return { description: `Resumed the subscription ${row.name}` };
      });
      return present(ctx.business.row.id, id);
    },

    /** Cancels now (nothing more is charged), or at the end of the period paid for (the scheduler ends it then). */
    async cancel(ctx: ActingContext, id: string, body: { at_period_end: boolean }): Promise<Subscription> {
      await act(ctx, id, body.at_period_end ? 'cancel_at_period_end' : 'cancel_now', async (tx, row) => {
        const now = clock.now();
        if (body.at_period_end) {
          if (row.cancelAtPeriodEnd) return null;
          await repo.update(tx, row.businessId, id, { cancelAtPeriodEnd: true, updatedAt: now });
          return { description: `Set the subscription ${row.name} to end at the end of its period` };
        }
        await repo.update(tx, row.businessId, id, { status: 'cancelled', nextChargeAt: null, endedAt: now, updatedAt: now });
        return { description: `Cancelled the subscription ${row.name}` };
      });
      return present(ctx.business.row.id, id);
    },

    /** The merchant's text of a subscription: description, reference, return address (`subscription-details.ts`). */
    async describe(ctx: ActingContext, id: string, body: SubscriptionDetailsChange): Promise<Subscription> {
      await db.transaction(async (tx) => describeSubscription(tx, { clock, audit }, ctx, await lockOr404(tx, ctx.business.row.id, id), body));
      return present(ctx.business.row.id, id);
    },

    /** Moves the subscription to another plan of the business from its next period (its next charge takes the new price). */
    async changePlan(ctx: ActingContext, id: string, body: { plan_id: string }): Promise<Subscription> {
      await act(ctx, id, 'change_plan', async (tx, row) => {
        const plan = await usablePlan(tx, row.businessId, body.plan_id, 'plan_id');
        await repo.update(tx, row.businessId, id, { pendingPlanId: plan.id, updatedAt: clock.now() });
        return { description: `Moved the subscription ${row.name} to the plan ${plan.name} from its next period`, meta: { plan_id: plan.id } };
      });
      return present(ctx.business.row.id, id);
    },

    /** Charges the next period now through the saved card; the period starts now. */
    async chargeNow(ctx: ActingContext, id: string): Promise<SubscriptionDetail> {
      const businessId = ctx.business.row.id;
      let answer: SubscriptionDetail | null = null;
      const done = await billing.chargeTwoPhase(
        async (tx) => {
          const row = await lockOr404(tx, businessId, id);
          // This request's own charge: its retry (after it died between the phases) resumes it.
          const requestKey = ctx.idempotency?.requestKey ?? null;
          const own = requestKey ? await deps.charges.savedCharges.resume(tx, requestKey, billing.methodOf(row)) : null;
          if (own) return own;
          if (!subscriptionAllows('charge_now', row.status) || !row.methodToken) throw refuse('charge_now', row);
          const begun = await billing.beginPeriod(tx, row, { reanchor: true, requestKey });
          if (!begun) throw beingCharged();
          await audit.record(tx, ctx, {
            action: AUDIT_ACTIONS.charge_now,
            description: `Charged the subscription ${row.name} now`,
            actorUserId: ctx.user.id,
            businessId,
            objectType: 'subscription',
            objectId: id,
            meta: { payment_id: begun.payment.id, period: row.period },
          });
          return begun;
        },
        // Read in the outcome's transaction: a keyed request stores it there (http/context.ts, `IdempotentRequest`).
        async (tx) => {
          answer = await detail(businessId, id, tx);
          await ctx.idempotency?.answerIn(tx, answer);
        },
      );
      if (done === 'in_flight') throw processorUnavailable();
      return answer ?? detail(businessId, id);
    },

    chargeSavedMethod: createSavedMethodCharge({ db, audit, charges: deps.charges, billing }),

    /** Mails the customer a new link to save or update the payment method. */
    async sendSetupLink(ctx: ActingContext, id: string): Promise<SubscriptionSetupLink> {
      let made: { row: SubscriptionRow; setup: SubscriptionSetupRow } | null = null;
      await act(ctx, id, 'send_setup_link', async (tx, row) => {
        made = { row, setup: await billing.newSetup(tx, row, ctx.business.row.timeZone) };
        await mailSetup(tx, row, made.setup, row.status === 'pending');
        return { description: `Mailed the customer of the subscription ${row.name} a link to save their card` };
      });
      const { setup } = made!;
      return { public_id: setup.publicId, url: subscriptionSetupUrl(checkoutOrigin, setup.publicId), expires_at: setup.expiresAt.toISOString() };
    },

    /** A new link to save or update the payment method, not mailed: the merchant copies it (the same rule as mailing one). */
    async copySetupLink(ctx: ActingContext, id: string): Promise<SubscriptionSetupLink> {
      let setup: SubscriptionSetupRow | null = null;
      await act(ctx, id, 'send_setup_link', async (tx, row) => {
        setup = await billing.newSetup(tx, row, ctx.business.row.timeZone);
        return {
          description: `Made a link for the customer of the subscription ${row.name} to save their card, to copy without a mail`,
          audit: 'subscription.setup_link_copied',
        };
      });
      const made: SubscriptionSetupRow = setup!;
      return { public_id: made.publicId, url: subscriptionSetupUrl(checkoutOrigin, made.publicId), expires_at: made.expiresAt.toISOString() };
    },

    retrySettings: (ctx: ActingContext): Promise<RetrySettings> => retrySettingsOf(db, ctx.business.row.id),

    async saveRetrySettings(ctx: ActingContext, body: RetrySettings): Promise<RetrySettings> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        await repo.saveSettings(tx, { businessId, retryDays: body.retry_days, finalAction: body.final_action, updatedAt: clock.now() });
        await audit.record(tx, ctx, {
          action: 'subscription_settings.updated',
          description: `Failed subscription charges are retried after ${body.retry_days.join(', ')} days, then ${body.final_action === 'cancel' ? 'cancelled' : 'left unpaid'}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'business',
          objectId: businessId,
        });
      });
      return retrySettingsOf(db, businessId);
    },

    async planRevenue(ctx: ActingContext, planId: string): Promise<PlanRevenue> {
      const businessId = ctx.business.row.id;
      if (!(await repo.plan(db, businessId, planId))) throw new AppError('PLAN_NOT_FOUND', 'Plan not found.');
      const { all, active, revenue } = await repo.planRevenue(db, businessId, planId);
      return { subscriptions: all, active, revenue };
    },

    // The customer portal's calls (a customer of the business, not signed in; the portal checks its signed link).

    /** A customer's subscriptions in a business, newest first. */
    async listForCustomer(businessId: string, customerId: string): Promise<Subscription[]> {
      const rows = await repo.page(db, businessId, { customer_id: customerId }, 100);
      return rows.slice(0, 100).map(presentSubscription);
    },

    /** The customer cancels at the end of the period paid for (only a trialing or active subscription of theirs). */
    async cancelAtPeriodEndForCustomer(businessId: string, customerId: string, subscriptionId: string, where: RequestMeta): Promise<Subscription> {
      await db.transaction(async (tx) => {
        const row = await repo.lock(tx, businessId, subscriptionId);
        if (!row || row.customerId !== customerId) throw notFound();
        if (!subscriptionAllows('cancel_at_period_end', row.status)) throw refuse('cancel_at_period_end', row);
        if (row.cancelAtPeriodEnd) return;
        await billing.tell(tx, await repo.update(tx, businessId, subscriptionId, { cancelAtPeriodEnd: true, updatedAt: clock.now() }));
        await audit.record(tx, where, {
          action: 'subscription.cancel_scheduled',
          description: `The customer set the subscription ${row.name} to end at the end of its period`,
          actorUserId: null,
          businessId,
          objectType: 'subscription',
          objectId: subscriptionId,
        });
      });
      return present(businessId, subscriptionId);
    },

    /**
     * Starts saving a payment method for a subscription: a setup (the hosted checkout's `/s/{public_id}` page,
     * unguessable, expiring). `kind` is what will be saved ('card' today). Nothing is mailed: the caller shows or
     * mails the URL.
     */
    async startPaymentMethodSetup(businessId: string, subscriptionId: string, options: { kind?: SavedMethodKind } = {}): Promise<SubscriptionSetupLink> {
      const setup = await db.transaction(async (tx) => {
        const row = await lockOr404(tx, businessId, subscriptionId);
        if (!subscriptionAllows('send_setup_link', row.status)) throw refuse('send_setup_link', row);
        const made = await billing.newSetup(tx, row);
        return options.kind && options.kind !== made.kind ? repo.setKind(tx, made, options.kind) : made;
      });
      return { public_id: setup.publicId, url: subscriptionSetupUrl(checkoutOrigin, setup.publicId), expires_at: setup.expiresAt.toISOString() };
    },
  };
}

export { SCHEDULER };
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
