import type { PlanInterval, SubscriptionStatus } from '@merchant/payments';
import type { Executor } from './client';
import { recurringPlans, subscriptions } from './schema';
import { fixedClock } from '../lib/clock';
import { newTimeOrderedId } from '../lib/crypto';
import { createAuditService } from '../modules/platform/audit/audit.service';
import { createChargesService } from '../modules/payments/charges/charges.service';
import { createCustomersService } from '../modules/payments/customers/customers.service';
import { createLedgerService } from '../modules/payments/ledger/ledger.service';
import { createProcessor } from '../modules/payments/processor/processor.module';
import { createBilling } from '../modules/payments/subscriptions/subscriptions.billing';
import { subscriptionsRepository } from '../modules/payments/subscriptions/subscriptions.repository';

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
 * Who subscribes to what, where they got to and since when (days before now). A card's test token says how its
 * charges go (`tok_ok_`, `tok_nsf_`: insufficient funds), as the test provider's tokens do.
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

/**
 * The demo business's recurring billing: three plans and subscriptions in every status, their charges made
 * through the charges service and the subscriptions' billing with a clock set to when they happened (payments,
 * fees and ledger entries as real ones; no mail). Deterministic apart from ids.
 */
export async function seedDemoSubscriptions(db: Executor, businessId: string, ownerId: string, now: Date): Promise<{ subscriptions: number }> {
  const clock = fixedClock(now);
  const audit = createAuditService({ clock });
  const customerService = createCustomersService({ db, clock, audit });
  const charges = createChargesService({ db, clock, audit, ledger: createLedgerService({ clock }), processor: createProcessor(), customers: customerService });
  const billing = createBilling({ db, clock, audit, charges, checkoutOrigin: '' });
  const planIds = new Map<string, string>();
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS);

  await db.transaction(async (tx) => {
    for (const plan of PLANS) {
      const id = newTimeOrderedId(at(30).getTime());
      planIds.set(plan.key, id);
      await tx.insert(recurringPlans).values({
        businessId,
        id,
        name: plan.name,
        description: plan.description,
        amount: plan.amount,
        currency: 'sgd',
        interval: plan.interval,
        trialDays: plan.trialDays,
        cycles: plan.cycles,
        createdByUserId: ownerId,
        createdAt: at(30),
        updatedAt: at(30),
      });
    }
  });

  for (const spec of SUBSCRIBERS) {
    const plan = PLANS.find((p) => p.key === spec.plan)!;
    const planId = planIds.get(plan.key)!;
    const since = at(spec.since);
    clock.set(since);
    await db.transaction(async (tx) => {
      const customer = await customerService.findOrCreateByEmail(
        tx,
        businessId,
        { name: spec.customer[0], email: spec.customer[1], phone: null },
        { ip: '', userAgent: null },
      );
      // On a plan with a trial, a card saved starts it: a subscriber still in it saved the card `since`; one past it
      // saved the card a trial earlier and was first charged `since`, when the trial ended.
      const trialing = spec.status === 'trialing';
      const trialEnd = plan.trialDays > 0 && spec.card ? new Date(since.getTime() + (trialing ? plan.trialDays * DAY_MS : 0)) : null;
      const createdAt = trialEnd && !trialing ? new Date(since.getTime() - plan.trialDays * DAY_MS) : since;
      const id = newTimeOrderedId(createdAt.getTime());
      await tx.insert(subscriptions).values({
        businessId,
        id,
        customerId: customer.id,
        planId,
        name: plan.name,
        amount: plan.amount,
        currency: 'sgd',
        interval: plan.interval,
        intervalDays: null,
        trialDays: plan.trialDays,
        cyclesTotal: plan.cycles,
        status: trialing ? 'trialing' : 'pending',
        trialEndAt: trialEnd,
        anchorAt: trialing ? trialEnd : null,
        nextChargeAt: trialing ? trialEnd : null,
        ...(spec.card
          ? {
              methodKind: 'card' as const,
              methodToken: `tok_${spec.card}_demo${spec.since}`,
              methodBrand: 'visa',
              methodLast4: spec.card === 'ok' ? '4242' : '9995',
              methodExpMonth: 12,
              methodExpYear: 2030,
            }
          : {}),
        createdByUserId: ownerId,
        createdAt,
        updatedAt: since,
      });
      if (!spec.card || trialing) return;
      let row = (await subscriptionsRepository.lock(tx, businessId, id))!;
      row = (await billing.chargePeriod(tx, row, { reanchor: true })).subscription;
      // A completed one made every charge, each when its period began.
      while (spec.status === 'completed' && row.cyclesTotal !== null && row.cyclesDone < row.cyclesTotal && row.nextChargeAt) {
        clock.set(row.nextChargeAt);
        row = (await billing.chargePeriod(tx, row, { reanchor: false })).subscription;
      }
      const end = { nextChargeAt: null, endedAt: clock.now(), updatedAt: clock.now() };
      if (spec.status === 'paused') await subscriptionsRepository.update(tx, businessId, id, { status: 'paused', nextChargeAt: null, pausedAt: clock.now() });
      if (spec.status === 'cancelled') await subscriptionsRepository.update(tx, businessId, id, { status: 'cancelled', ...end });
      if (spec.status === 'completed') {
        // The period its last charge paid for has ended.
        await subscriptionsRepository.update(tx, businessId, id, { status: 'completed', ...end, endedAt: row.currentPeriodEnd ?? clock.now() });
      }
    });
  }
  return { subscriptions: SUBSCRIBERS.length };
}
