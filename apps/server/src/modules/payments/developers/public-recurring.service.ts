import { AppError, daysFrom, fieldError, localDate, parseMajorToMinor } from '@merchant/core';
import {
  CreateSubscriptionBodySchema,
  FAILURE_MESSAGES,
  MAX_TRIAL_DAYS,
  PlanBodySchema,
  SubscriptionDetailsBodySchema,
  type PublicPlanBody,
  type PublicRecurringBillingBody,
  type PublicRecurringBillingListQuery,
  type PublicRecurringBillingUpdate,
  type FailureCode,
  type PublicSavedCardCharge,
  type PublicSavedCardChargeBody,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { CustomersService } from '@/modules/payments/customers/customers.service';
import type { PlansService } from '@/modules/payments/recurring-plans/recurring-plans.service';
import type { SubscriptionsService } from '@/modules/payments/subscriptions/subscriptions.service';
import type { PublicApiCaller } from './public-api.service';
import { majorNumber } from './public-invoices.presenter';
import { defaultPerPageUrl, laravelPage } from './public-pages';
import { actingContext, inHitpayTerms } from './public-invoices.service';
import { intervalOf, presentPublicPlan, presentRecurringBilling, RECURRING_STATUS_FILTER } from './public-recurring.presenter';

export const PLAN_MODEL = 'App\\Business\\SubscriptionPlan';
export const BILLING_MODEL = 'App\\Business\\RecurringBilling';

/** Our plan's and subscription's field names as HitPay's bodies name them. */
const FIELD: Record<string, string> = {
  interval: 'cycle',
  interval_days: 'cycle_repeat',
  cycles: 'times_to_be_charged',
  trial_days: 'start_date',
  customer_id: 'customer_email',
};
const hitpayField = (path: string) => FIELD[path.split('.')[0]!] ?? path;

/** A zod result's issues as our 422 (renamed to HitPay's fields by `inHitpayTerms`). */
function parsedOr422<T>(result: { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }): T {
  if (result.success) return result.data;
  throw new AppError(
    'VALIDATION_FAILED',
    'The given data was invalid.',
    result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  );
}

const minorOf = (amount: string, currency: string, field = 'amount') => {
  const minor = parseMajorToMinor(amount, currency);
  if (minor === null) throw fieldError('VALIDATION_FAILED', field, `The ${field} must be a number with the decimals of ${currency.toUpperCase()}.`);
  return minor;
};

/**
 * HitPay's subscription plans (our recurring plans) and recurring billing (our subscriptions): docs/developers.md,
 * "Public API: invoices, subscription plans, recurring billing". Writes go through the plans' and subscriptions'
 * services as the key's maker.
 */
export function createPublicRecurringApi(deps: {
  db: Executor;
  clock: Clock;
  apiOrigin: () => string;
  plans: PlansService;
  subscriptions: SubscriptionsService;
  customers: Pick<CustomersService, 'findOrCreateByEmail'>;
}) {
  const { plans, subscriptions } = deps;

  /** HitPay's plan body as our plan's fields, by the plans' own rules. */
  function planFields(caller: PublicApiCaller, body: PublicPlanBody) {
    if (body.start_date_method && body.start_date_method !== 'sign_up_date')
      throw fieldError('VALIDATION_FAILED', 'start_date_method', 'Only sign_up_date is supported: a subscription starts when the customer saves the card.');
    const currency = body.currency ?? caller.business.row.currency;
    return parsedOr422(
      PlanBodySchema.safeParse({
        name: body.name,
        description: body.description ?? null,
        amount: minorOf(body.amount, currency),
        currency,
        ...intervalOf(body),
        trial_days: 0,
        cycles: body.times_to_be_charged ?? null,
        reference: body.reference ?? null,
        redirect_url: body.redirect_url ?? null,
      }),
    );
  }

  /** A plan of the business that is not deleted (archived): else HitPay's 404. */
  async function livePlan(caller: PublicApiCaller, meta: RequestMeta, id: string) {
    const plan = await plans.get(actingContext(caller, meta), id);
    if (plan.status === 'archived') throw new AppError('PLAN_NOT_FOUND', 'Plan not found.');
    return plan;
  }
  const onPlan = <T>(id: string | null, work: () => Promise<T>) => inHitpayTerms(PLAN_MODEL, id, ['PLAN_NOT_FOUND', 'PLAN_ARCHIVED'], hitpayField, work);
  const onBilling = <T>(id: string | null, work: () => Promise<T>) => inHitpayTerms(BILLING_MODEL, id, ['SUBSCRIPTION_NOT_FOUND'], hitpayField, work);
  const billing = async (caller: PublicApiCaller, id: string, options: { sendEmailAsBoolean?: boolean } = {}) =>
    presentRecurringBilling(await subscriptions.getForApi(caller.business.row.id, id), options);

  /** The first charge's day (HitPay's `start_date`, the business's day) as days of trial from today. */
  function trialDaysOf(caller: PublicApiCaller, startDate: string | undefined): number | null {
    if (!startDate) return null;
    const today = localDate(deps.clock.now(), caller.business.row.timeZone);
    const days = daysFrom(today, startDate);
    if (Number.isNaN(days) || days < 0) throw fieldError('VALIDATION_FAILED', 'start_date', 'The start date must be a date after or equal to today.');
    if (days > MAX_TRIAL_DAYS) throw fieldError('VALIDATION_FAILED', 'start_date', `The start date must be within ${MAX_TRIAL_DAYS} days.`);
    return days;
  }

  return {
    async listPlans(caller: PublicApiCaller, query: { page: number; per_page: number }) {
      const { data, total } = await plans.pageForApi(caller.business.row.id, query.per_page, (query.page - 1) * query.per_page);
      // The list's schema types `cycle_repeat` and `cycle_frequency` as an integer and a string: left out when null.
      const items = data.map((p) => {
        const { cycle_repeat, cycle_frequency, ...plan } = presentPublicPlan(p);
        return { ...plan, ...(cycle_repeat === null ? {} : { cycle_repeat }), ...(cycle_frequency === null ? {} : { cycle_frequency }), price: plan.amount };
      });
      const path = `${deps.apiOrigin()}/v1/subscription-plan`;
      const url = defaultPerPageUrl(path, query.per_page, 20);
      return laravelPage(items, { path, url, page: query.page, perPage: query.per_page, total, pager: 'window', prevAtMostLast: true });
    },

    getPlan: (caller: PublicApiCaller, meta: RequestMeta, id: string) => onPlan(id, async () => presentPublicPlan(await livePlan(caller, meta, id))),

    createPlan: (caller: PublicApiCaller, meta: RequestMeta, body: PublicPlanBody) =>
      onPlan(null, async () => presentPublicPlan(await plans.create(actingContext(caller, meta), planFields(caller, body)))),

    /** HitPay's update: every field anew; the plan's subscriptions keep their terms (as HitPay's document says). */
    updatePlan: (caller: PublicApiCaller, meta: RequestMeta, id: string, body: PublicPlanBody) =>
      onPlan(id, async () => {
        await livePlan(caller, meta, id);
        return presentPublicPlan(await plans.update(actingContext(caller, meta), id, planFields(caller, body)));
      }),

    /** HitPay's delete: the plan is archived (its subscriptions keep it); the API no longer finds it. */
    deletePlan: (caller: PublicApiCaller, meta: RequestMeta, id: string) =>
      onPlan(id, async () => {
        await plans.archive(actingContext(caller, meta), id);
      }),

    async listBillings(caller: PublicApiCaller, query: PublicRecurringBillingListQuery) {
      const filter = {
        statuses: query.status ? RECURRING_STATUS_FILTER[query.status] : undefined,
        planId: query.business_recurring_plans_id,
        customerEmail: query.customer_email,
      };
      const { data, total } = await subscriptions.pageForApi(
        caller.business.row.id,
        { ...filter, reference: query.reference },
        query.per_page,
        (query.page - 1) * query.per_page,
      );
      const path = `${deps.apiOrigin()}/v1/recurring-billing`;
      return laravelPage(
        data.map((s) => presentRecurringBilling(s)),
        { path, url: defaultPerPageUrl(path, query.per_page, 25), page: query.page, perPage: query.per_page, total, pager: 'window', prevAtMostLast: true },
      );
    },

    getBilling: (caller: PublicApiCaller, id: string) => onBilling(id, () => billing(caller, id)),

    /**
     * HitPay's create: the customer (by email, made when new) subscribed to a plan or to terms of its own; it waits
     * (`scheduled`) for the card on `url`. `start_date` is the first charge's day; `send_email` mails the customer the link.
     */
    createBilling: (caller: PublicApiCaller, meta: RequestMeta, body: PublicRecurringBillingBody) =>
      onBilling(null, async () => {
        if ((body.save_card || body.save_payment_method) && !body.plan_id && !body.cycle)
          throw fieldError('VALIDATION_FAILED', 'save_card', 'Saving a card without a schedule is not supported: give plan_id, or cycle and amount.');
        const currency = body.currency ?? caller.business.row.currency;
        const fields = parsedOr422(
          CreateSubscriptionBodySchema.safeParse({
            customer_id: '00000000-0000-4000-8000-000000000000',
            plan_id: body.plan_id ?? null,
            name: body.name ?? null,
            amount: body.plan_id || !body.amount ? null : minorOf(body.amount, currency),
            currency: body.plan_id ? null : currency,
            ...(body.plan_id || !body.cycle ? {} : intervalOf(body)),
            trial_days: trialDaysOf(caller, body.start_date),
            cycles: body.times_to_be_charged ?? null,
            description: body.description ?? null,
            reference: body.reference ?? null,
            redirect_url: body.redirect_url ?? null,
          }),
        );
        const customer = await deps.db.transaction(async (tx) =>
          deps.customers.findOrCreateByEmail(tx, caller.business.row.id, { email: body.customer_email, name: body.customer_name ?? null, phone: null }, meta, {
            userId: caller.makerUserId,
            via: 'The public API',
          }),
        );
        const made = await subscriptions.create(actingContext(caller, meta), { ...fields, customer_id: customer.id }, { mail: body.send_email });
        return billing(caller, made.id);
      }),

    /**
     * HitPay's update: `plan_id` moves the subscription to that plan from its next period; `description`, `reference`
     * and `redirect_url` change when sent. Its own terms (name, amount, cycle) and its customer do not change here: a
     * value other than the current one is refused (422).
     */
    updateBilling: (caller: PublicApiCaller, meta: RequestMeta, id: string, body: PublicRecurringBillingUpdate) =>
      onBilling(id, async () => {
        const current = await subscriptions.getForApi(caller.business.row.id, id);
        const currency = current.amount.currency;
        if (!body.plan_id) {
          if (body.name !== undefined && body.name !== current.name)
            throw fieldError('VALIDATION_FAILED', 'name', 'Move the subscription to a plan (plan_id) to change its terms.');
          if (body.amount !== undefined && minorOf(body.amount, currency) !== current.amount.amount)
            throw fieldError('VALIDATION_FAILED', 'amount', 'Move the subscription to a plan (plan_id) to change its amount.');
          if (body.cycle !== undefined) {
            const next = intervalOf(body);
            if (next.interval !== current.interval || next.interval_days !== current.interval_days)
              throw fieldError('VALIDATION_FAILED', 'cycle', 'Move the subscription to a plan (plan_id) to change its cycle.');
          }
        }
        if (body.customer_email !== undefined && body.customer_email.toLowerCase() !== (current.customer.email ?? '').toLowerCase())
          throw fieldError('VALIDATION_FAILED', 'customer_email', "A subscription's customer cannot change.");
        const details = parsedOr422(
          SubscriptionDetailsBodySchema.partial().safeParse({ description: body.description, reference: body.reference, redirect_url: body.redirect_url }),
        );
        if (body.plan_id && body.plan_id !== current.plan?.id) await subscriptions.changePlan(actingContext(caller, meta), id, { plan_id: body.plan_id });
        await subscriptions.describe(actingContext(caller, meta), id, details);
        return billing(caller, id);
      }),

    /** HitPay's delete: the subscription is cancelled now (nothing more is charged); its history stays. */
    deleteBilling: (caller: PublicApiCaller, meta: RequestMeta, id: string) =>
      onBilling(id, async () => {
        await subscriptions.cancel(actingContext(caller, meta), id, { at_period_end: false });
        return billing(caller, id, { sendEmailAsBoolean: true });
      }),

    /**
     * HitPay's "charge the saved card": an amount now through the subscription's saved card, as its renewals are
     * charged (the payment, its ledger entries, its `charge.created`); no period moves. A declined card is HitPay's
     * 422 `{ message }` and nothing is charged.
     */
    chargeSavedCard: (caller: PublicApiCaller, meta: RequestMeta, id: string, body: PublicSavedCardChargeBody) =>
      onBilling(id, async (): Promise<PublicSavedCardCharge> => {
        const current = await subscriptions.getForApi(caller.business.row.id, id);
        const currency = current.amount.currency.toLowerCase();
        if (body.currency !== currency) throw fieldError('VALIDATION_FAILED', 'currency', `The saved card is charged in ${currency.toUpperCase()}.`);
        const payment = await subscriptions.chargeSavedMethod(actingContext(caller, meta), id, minorOf(body.amount, currency));
        if (payment.status === 'failed') {
          const code = (payment.failureCode ?? 'card_declined') as FailureCode;
          throw new AppError('PAYMENT_CARD_DECLINED', FAILURE_MESSAGES[code] ?? FAILURE_MESSAGES.card_declined);
        }
        return {
          payment_id: payment.id,
          recurring_billing_id: id,
          amount: majorNumber(payment.amount, payment.currency),
          currency: payment.currency.toLowerCase(),
          status: payment.status === 'processing' ? 'pending' : payment.status,
        };
      }),
  };
}

export type PublicRecurringApi = ReturnType<typeof createPublicRecurringApi>;
