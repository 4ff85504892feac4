import { fieldError } from '@merchant/core';
import type { Plan, PlanInterval, PublicPlan, PublicRecurringBilling, Subscription, SubscriptionStatus } from '@merchant/payments';
import { MAX_INTERVAL_DAYS } from '@merchant/payments';
import { hitpayIso, majorNumber } from './public-invoices.presenter';

type Cycle = Pick<PublicPlan, 'cycle' | 'cycle_frequency' | 'cycle_repeat'>;

/**
 * HitPay's cycle as our interval: weekly, monthly and yearly as they are; a custom cycle of N days or N weeks is every
 * N (or 7N) days; one month or one year is monthly or yearly. Several months or years have no interval here (422).
 */
export function intervalOf(body: { cycle?: string | undefined; cycle_frequency?: string | undefined; cycle_repeat?: number | undefined }): {
  interval: PlanInterval;
  interval_days: number | null;
} {
  if (body.cycle === 'weekly' || body.cycle === 'monthly' || body.cycle === 'yearly') return { interval: body.cycle, interval_days: null };
  const repeat = body.cycle_repeat ?? 1;
  if (body.cycle_frequency === 'month' || body.cycle_frequency === 'year') {
    if (repeat !== 1)
      throw fieldError('VALIDATION_FAILED', 'cycle_repeat', `A cycle of several ${body.cycle_frequency}s is not supported: use 1, or days or weeks.`);
    return { interval: body.cycle_frequency === 'month' ? 'monthly' : 'yearly', interval_days: null };
  }
  const days = body.cycle_frequency === 'week' ? repeat * 7 : repeat;
  if (days > MAX_INTERVAL_DAYS) throw fieldError('VALIDATION_FAILED', 'cycle_repeat', `A custom cycle is at most ${MAX_INTERVAL_DAYS} days.`);
  return days === 7 && body.cycle_frequency === 'week' ? { interval: 'weekly', interval_days: null } : { interval: 'every_n_days', interval_days: days };
}

/** Our interval as HitPay's cycle: every N days is `custom`, in weeks when N is a multiple of 7. */
export function cycleOf(interval: PlanInterval, days: number | null): Cycle {
  if (interval !== 'every_n_days' || days === null)
    return { cycle: interval === 'every_n_days' ? 'custom' : interval, cycle_frequency: null, cycle_repeat: null };
  return days % 7 === 0
    ? { cycle: 'custom', cycle_frequency: 'week', cycle_repeat: days / 7 }
    : { cycle: 'custom', cycle_frequency: 'day', cycle_repeat: days };
}

/** A recurring plan as HitPay's subscription plan (its example's fields and `redirect_url`; a text without a value is left out). */
export function presentPublicPlan(plan: Plan): PublicPlan {
  const answer: PublicPlan = {
    id: plan.id,
    name: plan.name,
    ...cycleOf(plan.interval, plan.interval_days),
    currency: plan.currency.toLowerCase(),
    amount: majorNumber(plan.amount, plan.currency),
    created_at: hitpayIso(plan.created_at)!,
    updated_at: hitpayIso(plan.updated_at)!,
  };
  if (plan.description) answer.description = plan.description;
  if (plan.reference) answer.reference = plan.reference;
  if (plan.redirect_url) answer.redirect_url = plan.redirect_url;
  return answer;
}

/** Our subscription statuses as HitPay's recurring billing's. */
export const RECURRING_STATUS: Record<SubscriptionStatus, string> = {
  pending: 'scheduled',
  trialing: 'active',
  active: 'active',
  past_due: 'retrying',
  paused: 'inactive',
  unpaid: 'inactive',
  completed: 'inactive',
  cancelled: 'canceled',
};
/** HitPay's list filter `status` as ours. */
export const RECURRING_STATUS_FILTER: Record<string, readonly SubscriptionStatus[]> = {
  scheduled: ['pending'],
  active: ['trialing', 'active'],
  retrying: ['past_due'],
  inactive: ['paused', 'unpaid', 'completed'],
  canceled: ['cancelled'],
};

export type ApiSubscription = Subscription & { updated_at: string; paused_at: string | null; setup_url: string | null };

/**
 * A subscription as HitPay's recurring billing (the fields of its examples). A value HitPay's schemas type as a string
 * or an integer is left out when there is none (`description`, `reference`, `redirect_url` among them).
 * `send_email` is a number, except in the delete's answer, whose schema has a boolean.
 */
export function presentRecurringBilling(sub: ApiSubscription, options: { sendEmailAsBoolean?: boolean } = {}): PublicRecurringBilling {
  const { currency } = sub.amount;
  const answer: PublicRecurringBilling = {
    id: sub.id,
    customer_phone_number: null,
    customer_phone_number_country_code: null,
    name: sub.name,
    ...cycleOf(sub.interval, sub.interval_days),
    currency: currency.toLowerCase(),
    price: majorNumber(sub.amount.amount, currency),
    amount: majorNumber(sub.amount.amount, currency),
    times_charged: sub.cycles_done,
    status: RECURRING_STATUS[sub.status],
    send_email: options.sendEmailAsBoolean ? false : 0,
    save_card: 0,
    payment_methods: ['card'],
    created_at: hitpayIso(sub.created_at)!,
    updated_at: hitpayIso(sub.updated_at)!,
    pause_from: hitpayIso(sub.paused_at),
    pause_until: null,
    url: sub.setup_url ?? '',
  };
  if (sub.plan) answer.business_recurring_plans_id = sub.plan.id;
  if (sub.description) answer.description = sub.description;
  if (sub.reference) answer.reference = sub.reference;
  if (sub.redirect_url) answer.redirect_url = sub.redirect_url;
  if (sub.customer.name) answer.customer_name = sub.customer.name;
  if (sub.customer.email) answer.customer_email = sub.customer.email;
  if (sub.cycles_total !== null) answer.times_to_be_charged = sub.cycles_total;
  const ends = sub.ended_at ?? (sub.cancel_at_period_end ? sub.current_period_end : null);
  if (ends) answer.expires_at = hitpayIso(ends);
  if (sub.method) {
    answer.payment_provider_charge_method = sub.method.kind === 'direct_debit' ? 'giro' : 'card';
    if (sub.method.kind === 'card' && sub.method.brand && sub.method.last4)
      answer.payment_method = { card: { brand: sub.method.brand, last4: sub.method.last4 } };
  }
  return answer;
}
