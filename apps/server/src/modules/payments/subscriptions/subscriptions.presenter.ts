import { minorToMajorString } from '@merchant/core';
import {
  FAILURE_CODES,
  FAILURE_MESSAGES,
  PLAN_INTERVAL_LABELS,
  SUBSCRIPTION_CSV_HEADER,
  SUBSCRIPTION_STATUS_LABELS,
  type FailureCode,
  type SavedMethod,
  type Subscription,
  type SubscriptionCharge,
} from '@merchant/payments';
import { csvTable } from '@/lib/csv';
import type { SubscriptionChargeRow, SubscriptionRow, SubscriptionWithNames } from './subscriptions.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Whether the subscription ends when its current period does (cancelled at period end, or every charge made). */
export const endsAtPeriodEnd = (row: SubscriptionRow) => row.cancelAtPeriodEnd || (row.cyclesTotal !== null && row.cyclesDone >= row.cyclesTotal);

export function savedMethodOf(row: SubscriptionRow): SavedMethod | null {
  return row.methodKind
    ? { kind: row.methodKind, brand: row.methodBrand, last4: row.methodLast4, exp_month: row.methodExpMonth, exp_year: row.methodExpYear }
    : null;
}

export function presentSubscription(row: SubscriptionWithNames): Subscription {
  const scheduled = row.status === 'trialing' || row.status === 'active' || row.status === 'past_due';
  const charges = scheduled && row.nextChargeAt !== null && (row.status === 'past_due' || !endsAtPeriodEnd(row));
  const nextAmount = row.status !== 'past_due' && row.pendingPlanAmount !== null ? row.pendingPlanAmount : row.amount;
  return {
    id: row.id,
    customer: { id: row.customerId, name: row.customerName, email: row.customerEmail },
    plan: row.planId ? { id: row.planId, name: row.planName ?? row.name } : null,
    name: row.name,
    description: row.description,
    reference: row.reference,
    redirect_url: row.redirectUrl,
    amount: { amount: row.amount, currency: row.currency },
    interval: row.interval,
    interval_days: row.intervalDays,
    trial_days: row.trialDays,
    trial_end_at: iso(row.trialEndAt),
    cycles_total: row.cyclesTotal,
    cycles_done: row.cyclesDone,
    status: row.status,
    current_period_start: iso(row.currentPeriodStart),
    current_period_end: iso(row.currentPeriodEnd),
    next_charge_at: charges ? iso(row.nextChargeAt) : null,
    next_charge_amount: charges ? { amount: nextAmount, currency: row.currency } : null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    pending_plan:
      row.pendingPlanId && row.pendingPlanName !== null
        ? { id: row.pendingPlanId, name: row.pendingPlanName, amount: { amount: row.pendingPlanAmount ?? 0, currency: row.currency } }
        : null,
    method: savedMethodOf(row),
    ended_at: iso(row.endedAt),
    created_at: row.createdAt.toISOString(),
  };
}

export function presentCharge(row: SubscriptionChargeRow): SubscriptionCharge {
  const code = (FAILURE_CODES as readonly string[]).includes(row.failureCode ?? '') ? (row.failureCode as FailureCode) : null;
  return {
    id: row.id,
    period: row.period,
    attempt: row.attempt,
    amount: { amount: row.amount, currency: row.currency },
    outcome: row.outcome,
    refunded: { amount: row.refundedAmount, currency: row.currency },
    failure: code ? { code, message: FAILURE_MESSAGES[code] } : null,
    payment_id: row.paymentId,
    next_retry_at: iso(row.nextRetryAt),
    created_at: row.createdAt.toISOString(),
  };
}

/** The subscriptions CSV: the amount (major units) and the charges made are numbers. */
export const SUBSCRIPTION_CSV = csvTable(SUBSCRIPTION_CSV_HEADER, ['Amount', 'Charges made']);

/** The CSV row of a subscription, in the order of `SUBSCRIPTION_CSV_HEADER`. */
export const subscriptionCsvRow = (s: Subscription) => [
  s.customer.name,
  s.customer.email,
  s.name,
  minorToMajorString(s.amount.amount, s.amount.currency),
  s.amount.currency.toUpperCase(),
  s.interval === 'every_n_days' ? `Every ${s.interval_days} days` : PLAN_INTERVAL_LABELS[s.interval],
  SUBSCRIPTION_STATUS_LABELS[s.status],
  s.next_charge_at,
  s.cycles_done,
  s.created_at,
];
