import { takesPayments } from '@merchant/core';
import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { businessOfPass, type Billing, type BusinessOfPass, type ChargeDone } from './subscriptions.billing';
import { subscriptionsRepository as repo } from './subscriptions.repository';

/** Due subscriptions read per query. */
const BATCH = 200;
/**
 * Charges in flight at once within one pass: each holds a connection for its transaction, so the pool's size
 * less two (left to requests and the pass's own reads), at least one and at most 16.
 */
export function chargesInFlight(poolSize: number): number {
  return Math.max(1, Math.min(16, poolSize - 2));
}

/** A pass's reads of each business (name, settlement delay, receipt switch): once per business, not per charge. */
function businessesOfPass(db: Executor) {
  // The read itself is kept, so the charges in flight at the start of a pass wait for one read; a failed read is
  // forgotten and tried again by the next charge.
  const known = new Map<string, Promise<BusinessOfPass | null>>();
  return (businessId: string): Promise<BusinessOfPass | null> => {
    let read = known.get(businessId);
    if (!read) {
      read = businessOfPass(db, businessId);
      known.set(businessId, read);
      read.catch(() => known.delete(businessId));
    }
    return read;
  };
}

/**
 * The charging schedule of subscriptions (docs/payments.md, "subscriptions"). Each due subscription is handled
 * once per pass, in one transaction that:
 *
 * - locks its row (`FOR UPDATE SKIP LOCKED`, only while trialing, active or past due and due now): a second
 *   scheduler skips it, or reads the advanced `next_charge_at` once the first has committed;
 * - ends it at the period's end when it was cancelled at period end or has made all its charges, or else
 *   records the period's payment and its processor attempt (skipped while another charge of it is at the processor);
 * - commits; the processor is called with no transaction open, and a second transaction records the outcome
 *   (`billing.chargeTwoPhase`): the charge's row, whose unique key (subscription, period, attempt) and
 *   one-success-per-period index refuse a second charge, and the next step. An answer lost on the way leaves the
 *   attempt pending: the reconciliation settles it, and the pass does not charge the period again meanwhile.
 *
 * The customer's mail (receipt, or failure with a link to update the card) leaves after the commit.
 */
export function createSubscriptionScheduler(deps: { db: Executor; clock: Clock; billing: Billing; poolSize?: number }) {
  const { db, clock, billing } = deps;
  const parallel = chargesInFlight(deps.poolSize ?? 10);

  /**
   * Acts on one subscription if it is due: answers the charge made, 'ended', or null (not due, or another runner
   * has it). `business`: what the pass read of its business already (else `chargeSaved` reads it).
   */
  async function runOne(businessId: string, id: string, now: Date, business?: BusinessOfPass | null): Promise<ChargeDone | 'ended' | null> {
    let ended = false;
    const done = await billing.chargeTwoPhase(async (tx) => {
      const locked = await repo.lockDueWithCustomer(tx, businessId, id, now);
      if (!locked) return null;
      const sub = locked.subscription;
      const atBoundary = sub.status !== 'past_due';
      const endsNow = atBoundary && (sub.cancelAtPeriodEnd || (sub.cyclesTotal !== null && sub.cyclesDone >= sub.cyclesTotal));
      if (endsNow) {
        const status = sub.cancelAtPeriodEnd ? 'cancelled' : 'completed';
        const ended_ = await repo.update(tx, businessId, id, { status, nextChargeAt: null, endedAt: sub.nextChargeAt ?? clock.now(), updatedAt: clock.now() });
        await billing.record(
          tx,
          ended_,
          `subscription.${status}`,
          status === 'cancelled' ? `The subscription ${sub.name} ended at the end of its period` : `The subscription ${sub.name} made its last charge`,
        );
        ended = true;
        return null;
      }
      if (!sub.methodToken) return null;
      // A business that takes no payments now (blocked) is not charged: the subscription stays due and is charged
      // at the first pass after it may again.
      const known = business ?? (await businessOfPass(tx, businessId));
      if (!known || !takesPayments(known.charge.standing)) return null;
      // A charge of the subscription at the processor (its outcome not written yet) is not made twice: the pass skips it.
      return (await billing.beginPeriod(tx, sub, { reanchor: false, customer: locked.customer, business: known })) ?? 'in_flight';
    });
    if (ended) return 'ended';
    return done === 'in_flight' ? null : done;
  }

  return {
    runOne,
    /** Acts on one subscription if it is due now (a charge mails the customer in its transaction). */
    async runSubscription(businessId: string, id: string): Promise<void> {
      await runOne(businessId, id, clock.now());
    },
    /**
     * Acts once on every subscription due at `now` across businesses; answers how many it charged (succeeded or
     * failed). A subscription that fails does not hold the others up: the failures are thrown at the end, so the
     * job is retried. A period missed while no scheduler ran is charged at the next pass, one period per pass.
     */
    async runDue(now: Date = clock.now()): Promise<number> {
      let charged = 0;
      const seen = new Set<string>();
      const failures: unknown[] = [];
      const businessOf = businessesOfPass(db);
      let after: { at: Date; id: string } | undefined;
      for (;;) {
        const page = await repo.due(db, now, BATCH, after);
        const last = page[page.length - 1];
        if (!last) break;
        after = { at: last.at, id: last.id };
        // Several charges at once (each its own transaction on its own connection; the row locks keep them apart).
        const pending = page.filter(({ id }) => !seen.has(id));
        for (const { id } of pending) seen.add(id);
        let next = 0;
        const worker = async () => {
          while (next < pending.length) {
            const { businessId, id } = pending[next++]!;
            try {
              const business = await businessOf(businessId);
              const done = await runOne(businessId, id, now, business);
              if (done && done !== 'ended') charged++;
            } catch (error) {
              failures.push(error);
            }
            // Let requests in between charges: on the embedded database a query's promise settles without waiting
            // for I/O, so a pass that only awaited the database would never give the event loop back (the server
            // answered nothing until a 10,000-subscription pass was over; docs/benchmarks.md).
            await new Promise<void>((resolve) => setImmediate(resolve));
          }
        };
        await Promise.all(Array.from({ length: parallel }, worker));
        if (page.length < BATCH) break;
      }
      if (failures.length > 0) throw new AggregateError(failures, `${failures.length} subscription charge(s) failed to run`);
      return charged;
    },
  };
}

export type SubscriptionScheduler = ReturnType<typeof createSubscriptionScheduler>;
