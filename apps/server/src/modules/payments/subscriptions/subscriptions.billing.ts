import { DEFAULT_TIME_ZONE, addLocalDays, formatDateTime, formatLocalDate, formatMoney } from '@merchant/core';
import {
  DEFAULT_RETRY_DAYS,
  FAILURE_MESSAGES,
  FAILURE_REASONS,
  SUBSCRIPTION_SETUP_PREFIX,
  SUBSCRIPTION_SETUP_TTL_DAYS,
  checkoutUrl,
  periodStartAt,
  subscriptionSetupUrl,
  type FailureCode,
  type RetrySettings,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import { UNATTENDED, type RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newPublicId, newTimeOrderedId } from '@/lib/crypto';
import type { Mailer } from '@/mail/mailer';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { PaymentRow } from '../charges/charges.types';
import type { ChargesService, SavedChargeBegun, SavedChargeContext } from '../charges/charges.service';
import { brandingAndSettingsFor } from '../checkout-customisation/checkout-customisation.service';
import { recurringBillingEvent } from '../developers/webhook-events.presenter';
import type { WebhooksService } from '../developers/webhooks.service';
import { paidWith } from '../payment.presenter';
import { createSubscriptionPaymentSource } from './subscriptions.payment-source';
import { subscriptionsRepository as repo, type SubscriptionChargeRow, type SubscriptionRow, type SubscriptionSetupRow } from './subscriptions.repository';

/** Audit entries of scheduled work and of customers: no person. */
export const SCHEDULER: RequestMeta = UNATTENDED;

/** What a period's charge keeps on its processor attempt for its outcome: the period, the attempt, the status before. */
interface PeriodCharge {
  period: number;
  attempt: number;
  priorStatus: SubscriptionRow['status'];
  /** The business's time zone when the charge began with it (a scheduler's pass); else read when the period moves on. */
  timeZone?: string;
}

/** The statuses a charge's outcome moves on (an ended, paused or cancelled subscription keeps its own). */
const BILLED: readonly SubscriptionRow['status'][] = ['pending', 'trialing', 'active', 'past_due', 'unpaid'];

/** What a charge leaves to do after its transaction commits: the mail to the customer. */
export interface ChargeDone {
  subscription: SubscriptionRow;
  charge: SubscriptionChargeRow;
  payment: PaymentRow;
  /** A new setup link to update the card, after a failure. */
  setup: SubscriptionSetupRow | null;
}

/**
 * What a charge and its mail need of the business, read once per business in a scheduler's pass rather than per
 * charge: its name and settlement delay (the payment) and its receipt switch (the mail).
 */
export interface BusinessOfPass {
  charge: SavedChargeContext;
  name: string;
  sendReceipts: boolean;
}

/** The customer's name, email and phone as the payment keeps them. */
export type ChargedCustomer = { name: string | null; email: string | null; phone: string | null };

/** The business's part of a charge and its mail, in one read (null: no such business). */
export async function businessOfPass(db: Executor, businessId: string): Promise<BusinessOfPass | null> {
  const found = await brandingAndSettingsFor(db, businessId);
  if (!found) return null;
  const name = found.branding.name;
  return {
    charge: { name, settlementDelayDays: found.settings.settlement_delay_days, timeZone: found.timeZone, standing: found.standing },
    name,
    sendReceipts: found.settings.send_receipts,
  };
}

/** Without a mailer (the demo seed's history) nothing is mailed. */
export type BillingDeps = {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer?: Mailer;
  charges: ChargesService;
  checkoutOrigin: string;
  /** A signed link to the customer's portal (the portal links module), for the mails. */
  portalUrl?: (business: { id: string; timeZone: string }, customerId: string, executor?: Executor) => Promise<{ url: string }>;
  /** HitPay's `recurring_billing.*` events to the business's webhooks, in the change's transaction (the outbox rule). */
  webhooks?: Pick<WebhooksService, 'emit'> | undefined;
};

export async function retrySettingsOf(db: Executor, businessId: string): Promise<RetrySettings> {
  const row = await repo.settings(db, businessId);
  return row ? { retry_days: row.retryDays, final_action: row.finalAction } : { retry_days: [...DEFAULT_RETRY_DAYS], final_action: 'cancel' };
}

/** Period n's start and end from the anchor, on the calendar of the business's time zone. */
export function periodOf(
  sub: Pick<SubscriptionRow, 'anchorAt' | 'anchorPeriod' | 'interval' | 'intervalDays'>,
  period: number,
  zone: string,
  anchor = sub.anchorAt!,
) {
  const schedule = { interval: sub.interval, interval_days: sub.intervalDays };
  const steps = period - sub.anchorPeriod;
  return { start: periodStartAt(anchor, schedule, steps, zone), end: periodStartAt(anchor, schedule, steps + 1, zone) };
}

/**
 * The charging of subscriptions (docs/payments.md, "subscriptions"), shared by the scheduler, "charge now" and the
 * customer's first save, around the processor's call in two phases (`chargeTwoPhase`).
 */
export function createBilling(deps: BillingDeps) {
  const { clock, audit, charges } = deps;

  /**
   * A new card link of the subscription, working `SUBSCRIPTION_SETUP_TTL_DAYS` local days of the business (`zone`, read
   * when the caller has not).
   */
  async function newSetup(tx: Executor, sub: SubscriptionRow, zone?: string): Promise<SubscriptionSetupRow> {
    const now = clock.now();
    const timeZone = zone ?? (await repo.businessTimeZone(tx, sub.businessId));
    return repo.insertSetup(tx, {
      businessId: sub.businessId,
      id: newTimeOrderedId(now.getTime()),
      publicId: newPublicId(SUBSCRIPTION_SETUP_PREFIX),
      subscriptionId: sub.id,
      kind: 'card',
      status: 'open',
      expiresAt: addLocalDays(now, SUBSCRIPTION_SETUP_TTL_DAYS, timeZone),
      createdAt: now,
    });
  }

  /** Tells the webhooks of a subscription as it is now (`subscription_updated` unless said otherwise). */
  async function tell(
    tx: Executor,
    sub: SubscriptionRow,
    type: 'recurring_billing.subscription_updated' | 'recurring_billing.method_attached' = 'recurring_billing.subscription_updated',
  ) {
    await deps.webhooks?.emit(tx, sub.businessId, recurringBillingEvent(type, sub));
  }

  /** A change the scheduler or the billing made: audited, and told to the webhooks. */
  async function record(tx: Executor, sub: SubscriptionRow, action: string, description: string, meta?: Record<string, unknown>) {
    await tell(tx, sub);
    await audit.record(tx, SCHEDULER, {
      action,
      description,
      actorUserId: null,
      businessId: sub.businessId,
      objectType: 'subscription',
      objectId: sub.id,
      ...(meta ? { meta } : {}),
    });
  }

  /** A plan change waiting for the next period takes over now: its terms, anchored at this period's start. */
  async function applyPendingPlan(tx: Executor, sub: SubscriptionRow, periodStart: Date): Promise<SubscriptionRow> {
    if (!sub.pendingPlanId) return sub;
    const plan = await repo.plan(tx, sub.businessId, sub.pendingPlanId);
    if (!plan) return repo.update(tx, sub.businessId, sub.id, { pendingPlanId: null });
    const updated = await repo.update(tx, sub.businessId, sub.id, {
      planId: plan.id,
      pendingPlanId: null,
      name: plan.name,
      amount: plan.amount,
      currency: plan.currency,
      interval: plan.interval,
      intervalDays: plan.intervalDays,
      cyclesTotal: plan.cycles === null ? null : sub.cyclesDone + plan.cycles,
      anchorAt: periodStart,
      anchorPeriod: sub.period,
      updatedAt: clock.now(),
    });
    await record(tx, updated, 'subscription.plan_changed', `The subscription moved to the plan ${plan.name} from period ${sub.period}`, { plan_id: plan.id });
    return updated;
  }

  /**
   * The first phase of a charge of the subscription's next period (`period`, attempt `failed_attempts + 1`) through
   * its saved method, in the caller's transaction with the subscription's row locked: the payment and its processor
   * attempt (docs/payments.md, "Two-phase processor calls"). Answers null when a charge of the subscription is at the
   * processor already (the scheduler and "charge now" never charge a period twice). `reanchor`: the period starts now
   * (the first charge, "charge now", a resumed or unpaid subscription); otherwise it keeps its place in the cycle.
   */
  async function beginPeriod(
    tx: Executor,
    locked: SubscriptionRow,
    options: { reanchor: boolean; business?: BusinessOfPass | null; customer?: ChargedCustomer | null; requestKey?: string | null },
  ): Promise<SavedChargeBegun | null> {
    if (await charges.savedCharges.inFlight(tx, locked.businessId, 'subscription', locked.id)) return null;
    const now = clock.now();
    let sub = locked;
    if (options.reanchor) sub = await repo.update(tx, sub.businessId, sub.id, { anchorAt: now, anchorPeriod: sub.period });
    const timeZone = options.business?.charge.timeZone;
    if (sub.failedAttempts === 0 && sub.pendingPlanId) {
      const zone = timeZone ?? (await repo.businessTimeZone(tx, sub.businessId));
      sub = await applyPendingPlan(tx, sub, periodOf(sub, sub.period, zone).start);
    }
    // The scheduler read the customer with the subscription's lock; the other callers read it here.
    const customer = options.customer !== undefined ? options.customer : await repo.customer(tx, sub.businessId, sub.customerId);
    const source: PeriodCharge = { period: sub.period, attempt: sub.failedAttempts + 1, priorStatus: locked.status, ...(timeZone ? { timeZone } : {}) };
    return charges.savedCharges.begin(
      tx,
      {
        businessId: sub.businessId,
        source: { type: 'subscription', id: sub.id },
        amount: sub.amount,
        currency: sub.currency,
        customer: { id: sub.customerId, name: customer?.name ?? null, email: customer?.email ?? null, phone: customer?.phone ?? null },
        reference: `${sub.name} #${sub.period}`,
        description: `${sub.name}, period ${sub.period}`,
      },
      // A direct debit's "brand" is its bank's name: the payment keeps it as the bank, with the method `direct_debit`.
      {
        method: sub.methodKind === 'direct_debit' ? 'direct_debit' : 'card',
        token: sub.methodToken ?? '',
        brand: sub.methodBrand,
        last4: sub.methodLast4,
        expMonth: sub.methodExpMonth ?? 0,
        expYear: sub.methodExpYear ?? 0,
      },
      { ...source },
      options.business?.charge,
      options.requestKey ?? null,
    );
  }

  /**
   * A period's charge has its outcome (the subscription source's `savedChargeSettled`: the request's second
   * transaction or the reconciliation's, the payment locked): the attempt's row, whose unique key (subscription,
   * period, attempt) and one-success-per-period index refuse a second charge, and the subscription's next step.
   */
  async function settlePeriod(tx: Executor, subscriptionId: string, payment: PaymentRow, charged: PeriodCharge): Promise<ChargeDone> {
    const now = clock.now();
    const sub = (await repo.lock(tx, payment.businessId, subscriptionId))!;
    const { attempt, period } = charged;
    const base = { businessId: sub.businessId, id: newTimeOrderedId(now.getTime()), subscriptionId: sub.id, period, attempt, paymentId: payment.id };
    const money = { amount: payment.amount, currency: payment.currency };
    // A subscription ended, paused or moved on while its charge was at the processor keeps its state: the charge is recorded.
    const current = BILLED.includes(sub.status) && sub.period === period;
    if (payment.status === 'succeeded') {
      const charge = await repo.insertCharge(tx, { ...base, ...money, outcome: 'succeeded', createdAt: now });
      if (!current) return { subscription: sub, charge, payment, setup: null };
      const { start, end } = periodOf(sub, period, charged.timeZone ?? (await repo.businessTimeZone(tx, sub.businessId)));
      const updated = await repo.update(tx, sub.businessId, sub.id, {
        status: 'active',
        cyclesDone: sub.cyclesDone + 1,
        period: period + 1,
        failedAttempts: 0,
        currentPeriodStart: start,
        currentPeriodEnd: end,
        nextChargeAt: end,
        updatedAt: now,
      });
      await tell(tx, updated);
      return { subscription: updated, charge, payment, setup: null };
    }
    const failure = (payment.failureCode ?? 'card_declined') as FailureCode;
    const settings = await retrySettingsOf(tx, sub.businessId);
    const firstAt = attempt === 1 ? now : ((await repo.firstAttemptAt(tx, sub.businessId, sub.id, period)) ?? now);
    const retryDay = settings.retry_days[attempt - 1];
    // Retries and the new card link count the business's local days, at the first attempt's local time.
    const zone = current ? (charged.timeZone ?? (await repo.businessTimeZone(tx, sub.businessId))) : DEFAULT_TIME_ZONE;
    const nextRetryAt = !current || retryDay === undefined ? null : addLocalDays(firstAt, retryDay, zone);
    const charge = await repo.insertCharge(tx, { ...base, ...money, outcome: 'failed', failureCode: failure, nextRetryAt, createdAt: now });
    if (!current) return { subscription: sub, charge, payment, setup: null };
    if (nextRetryAt) {
      const updated = await repo.update(tx, sub.businessId, sub.id, { status: 'past_due', failedAttempts: attempt, nextChargeAt: nextRetryAt, updatedAt: now });
      if (charged.priorStatus !== 'past_due')
        await record(tx, updated, 'subscription.past_due', `A charge of the subscription ${sub.name} failed: ${FAILURE_REASONS[failure]}`);
      else await tell(tx, updated);
      return { subscription: updated, charge, payment, setup: await newSetup(tx, updated, zone) };
    }
    const final = settings.final_action === 'cancel' ? 'cancelled' : 'unpaid';
    const updated = await repo.update(tx, sub.businessId, sub.id, {
      status: final,
      failedAttempts: attempt,
      nextChargeAt: null,
      cancelAtPeriodEnd: false,
      ...(final === 'cancelled' ? { endedAt: now } : {}),
      updatedAt: now,
    });
    await record(
      tx,
      updated,
      final === 'cancelled' ? 'subscription.cancelled' : 'subscription.unpaid',
      `The last retry of the subscription ${sub.name} failed; it is ${final === 'cancelled' ? 'cancelled' : 'left unpaid'}`,
    );
    return { subscription: updated, charge, payment, setup: final === 'unpaid' ? await newSetup(tx, updated, zone) : null };
  }

  // The customer's mail (receipt, or the failure with a link to update the card) commits with the outcome, whether
  // the request or the reconciliation records it (the outbox).
  charges.registerSource(
    createSubscriptionPaymentSource(async (tx, sourceId, payment, data) => {
      // A charge of the saved card outside the schedule (the public API's "charge the saved card"): no period moves.
      if (data.one_off === true) return { payment };
      const done = await settlePeriod(tx, sourceId, payment, data as unknown as PeriodCharge);
      await mailOutcome(tx, done);
      return done;
    }),
  );

  /**
   * A period's charge in two phases: `begin` (the caller's first transaction: it locks the subscription and answers
   * `beginPeriod`'s, or null when there is nothing to charge), the processor's call with no transaction open, and the
   * outcome's transaction (`then` runs last in it). Answers the charge made, null when nothing was charged, or
   * 'in_flight' when the processor did not answer (the attempt stays pending; the reconciliation settles it) or a
   * charge was at the processor already.
   */
  async function chargeTwoPhase(
    begin: (tx: Executor) => Promise<SavedChargeBegun | null | 'in_flight'>,
    then?: (tx: Executor, done: ChargeDone) => Promise<void>,
  ): Promise<ChargeDone | 'in_flight' | null> {
    const begun = await deps.db.transaction(begin);
    if (!begun || begun === 'in_flight') return begun;
    // A resumed attempt the reconciliation settled already: nothing left to do.
    if (begun.attempt.status !== 'pending') return null;
    const answer = await charges.savedCharges.call(begun);
    if (!answer) return 'in_flight';
    return deps.db.transaction(async (tx) => {
      const done = (await charges.savedCharges.finish(tx, begun, answer, SCHEDULER)) as ChargeDone | null;
      if (!done) return 'in_flight';
      await then?.(tx, done);
      return done;
    });
  }

  /**
   * Mails the customer after a charge: the receipt, or the failure with a link to update the card. Runs in the
   * charge's transaction (the outbox: the mail commits with the charge). The address is the one the payment kept
   * (the customer's, read in the charge's transaction); `known`: the business as the scheduler's pass read it, or
   * else it is read here.
   */
  async function mailOutcome(tx: Executor, done: ChargeDone, known?: BusinessOfPass | null): Promise<void> {
    const { mailer, checkoutOrigin } = deps;
    if (!mailer) return;
    const { subscription: sub, payment } = done;
    const to = payment.customerEmail;
    if (!to) return;
    const found = known ?? (await businessOfPass(tx, sub.businessId));
    const business = found?.name ?? 'the business';
    const amount = formatMoney(payment.amount, payment.currency);
    const zone = found?.charge.timeZone ?? DEFAULT_TIME_ZONE;
    const portal = deps.portalUrl
      ? `Manage your subscriptions and see your receipts: ${(await deps.portalUrl({ id: sub.businessId, timeZone: zone }, sub.customerId, tx)).url}`
      : null;
    if (payment.status === 'succeeded') {
      if (found && !found.sendReceipts) return;
      await mailer.send(tx, {
        to,
        subject: `Your receipt from ${business}`,
        text: [
          `You paid ${amount} to ${business} for ${sub.name}.`,
          `Paid with: ${paidWith(payment)}`,
          `Date: ${formatDateTime(payment.succeededAt, zone)}`,
          sub.nextChargeAt && sub.status === 'active' ? `Next charge: ${formatLocalDate(sub.nextChargeAt, zone)}` : null,
          '',
          `Your receipt: ${checkoutUrl(checkoutOrigin, 'receipt', payment.publicId)}`,
          portal,
        ]
          .filter((line) => line !== null)
          .join('\n'),
      });
      return;
    }
    const reason = payment.failureCode ? FAILURE_MESSAGES[payment.failureCode] : 'The card was declined.';
    const next =
      sub.status === 'past_due' && sub.nextChargeAt
        ? `We will try again on ${formatLocalDate(sub.nextChargeAt, zone)}.`
        : sub.status === 'cancelled'
          ? 'This was the last try: the subscription is cancelled.'
          : 'This was the last try: the subscription is unpaid until the card is updated.';
    await mailer.send(tx, {
      to,
      subject: `Your payment to ${business} failed`,
      text: [
        `We could not charge ${amount} for ${sub.name}: ${reason}`,
        next,
        ...(done.setup ? ['', `Update your card: ${subscriptionSetupUrl(checkoutOrigin, done.setup.publicId)}`] : []),
        ...(portal ? ['', portal] : []),
      ].join('\n'),
    });
  }

  /** The saved method of the subscription as its charges hand it to the processor. */
  const methodOf = (sub: SubscriptionRow) => ({
    method: sub.methodKind === 'direct_debit' ? ('direct_debit' as const) : ('card' as const),
    token: sub.methodToken ?? '',
    brand: sub.methodBrand,
    last4: sub.methodLast4,
    expMonth: sub.methodExpMonth ?? 0,
    expYear: sub.methodExpYear ?? 0,
  });

  return { beginPeriod, methodOf, chargeTwoPhase, mailOutcome, newSetup, record, tell };
}

export type Billing = ReturnType<typeof createBilling>;
