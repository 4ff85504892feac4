import type { PlanInterval, SubscriptionStatus } from '@merchant/payments';
import type { AppConfig } from '../config';
import { UNATTENDED } from '../http/context';
import { fixedClock } from '../lib/clock';
import { buildServices, quietSideEffects } from '../services';
import type { Executor } from './client';
import { seedMember } from './seed-context';

const DAY_MS = 24 * 60 * 60_000;

const PLANS: { key: string; name: string; description: string; amount: number; interval: PlanInterval; trialDays: number; cycles: number | null }[] = [
  { key: 'club', name: 'Coffee club', description: 'A bag of the month’s beans, delivered', amount: 2990, interval: 'monthly', trialDays: 14, cycles: null },
  {
    key: 'office',
    name: 'Office beans',
    description: 'Two kilos for the office pantry every week',
    amount: 12000,
    interval: 'weekly',
    trialDays: 0,
    cycles: null,
  },
  { key: 'course', name: 'Home barista course', description: 'Three monthly lessons', amount: 8000, interval: 'monthly', trialDays: 0, cycles: 3 },
];

/**
 * Who subscribes to what, where they got to and since when (days before now). The test card the customer saved
 * says how its charges go (`nsf`: it saves, and its charges fail for insufficient funds).
 */
const SUBSCRIBERS: { customer: readonly [string, string]; plan: string; status: SubscriptionStatus; since: number; card?: 'ok' | 'nsf' }[] = [
  { customer: ['Jamie Tan', 'jamie.tan@example.com'], plan: 'club', status: 'pending', since: 1 },
  { customer: ['Priya Nair', 'priya.nair@example.com'], plan: 'club', status: 'trialing', since: 4, card: 'ok' },
  { customer: ['Marina Bay Office Pantry', 'pantry@marinabay.example.com'], plan: 'office', status: 'active', since: 3, card: 'ok' },
  { customer: ['Daniel Lim', 'daniel.lim@example.com'], plan: 'club', status: 'active', since: 12, card: 'ok' },
  { customer: ['Aisha Rahman', 'aisha.rahman@example.com'], plan: 'club', status: 'past_due', since: 0, card: 'nsf' },
  { customer: ['Harbour Café', 'accounts@harbourcafe.example.com'], plan: 'office', status: 'paused', since: 5, card: 'ok' },
  { customer: ['Ben Koh', 'ben.koh@example.com'], plan: 'course', status: 'cancelled', since: 20, card: 'ok' },
  { customer: ['Lena Ong', 'lena.ong@example.com'], plan: 'course', status: 'completed', since: 100, card: 'ok' },
];

const CARDS = { ok: '4242424242424242', nsf: '4000000000009995' } as const;

/**
 * The demo business's recurring billing: three plans and subscriptions in every status, made as the owner and the
 * subscribers would through the product's services, with the clock set to when each step happened: the owner
 * subscribes the customer and copies the card link, the customer saves a card on it (which starts the trial or
 * makes the first charge), the schedule charges what falls due until now, and the owner pauses or cancels. So
 * the charges are real payments (fees and ledger entries), and nobody is mailed. Deterministic apart from ids.
 *
 * The processor is called between the charge's two transactions, as in the product: the test processor records
 * its calls on the database's own handle, so a charge made inside a transaction held open around the call would
 * wait for itself on the embedded database's one connection.
 */
export async function seedDemoSubscriptions(
  db: Executor,
  businessId: string,
  ownerId: string,
  now: Date,
  config: AppConfig,
): Promise<{ subscriptions: number }> {
  const clock = fixedClock(now);
  const { services } = buildServices({ db, clock, config, ...quietSideEffects });
  const { subscriptions, recurringPlans, customers } = services;
  const owner = await seedMember(db, services, businessId, ownerId);
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS);

  clock.set(at(30));
  const planIds = new Map<string, string>();
  for (const plan of PLANS) {
    const { id } = await recurringPlans.create(owner, {
      name: plan.name,
      description: plan.description,
      amount: plan.amount,
      interval: plan.interval,
      interval_days: null,
      trial_days: plan.trialDays,
      cycles: plan.cycles,
      reference: null,
      redirect_url: null,
    });
    planIds.set(plan.key, id);
  }

  for (const spec of SUBSCRIBERS) {
    const plan = PLANS.find((p) => p.key === spec.plan)!;
    const since = at(spec.since);
    // On a plan with a trial, a card saved starts it: a subscriber still in it saved the card `since`; one past it
    // saved the card a trial earlier and was first charged `since`, when the trial ended.
    const pastTrial = plan.trialDays > 0 && spec.card !== undefined && spec.status !== 'trialing';
    clock.set(pastTrial ? new Date(since.getTime() - plan.trialDays * DAY_MS) : since);
    const customer = await customers.findOrCreateByEmail(db, businessId, { name: spec.customer[0], email: spec.customer[1], phone: null }, UNATTENDED, {
      userId: ownerId,
      via: 'The owner',
    });
    const { id } = await subscriptions.create(owner, {
      customer_id: customer.id,
      plan_id: planIds.get(plan.key)!,
      description: null,
      reference: null,
      redirect_url: null,
    });
    if (!spec.card) continue;
    const link = await subscriptions.copySetupLink(owner, id);
    await subscriptions.setups.saveCard(link.public_id, { number: CARDS[spec.card], exp_month: 12, exp_year: 2030, cvc: '123' }, UNATTENDED);
    // The schedule charges each period as it falls due, until now (a completed one made every charge and ended).
    // The schedule acts at the next charge, or at the end of the period that ends it (the last of a fixed number).
    const dueAt = async () => {
      const sub = await subscriptions.get(owner, id);
      return sub.next_charge_at ?? (sub.status === 'active' ? sub.current_period_end : null);
    };
    for (let due = await dueAt(); due && Date.parse(due) <= now.getTime();) {
      clock.set(new Date(Math.max(Date.parse(due), clock.now().getTime())));
      await subscriptions.scheduler.runSubscription(businessId, id);
      const next = await dueAt();
      if (next === due) break;
      due = next;
    }
    if (spec.status === 'paused') await subscriptions.pause(owner, id);
    if (spec.status === 'cancelled') await subscriptions.cancel(owner, id, { at_period_end: false });
  }
  return { subscriptions: SUBSCRIBERS.length };
}
