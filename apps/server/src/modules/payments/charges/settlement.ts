import { addBusinessDays, localDate, startOfLocalDay } from '@merchant/core';
import { DEFAULT_SETTLEMENT_DELAY_DAYS, balanceOfProvider, paymentLedgerText } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { LedgerService } from '../ledger/ledger.service';
import { chargesRepository as repo } from './charges.repository';

const SETTLE_BATCH = 200;

/** What a payment's settlement date depends on: the business's delay (null: the default) and its time zone. */
export interface SettlementTerms {
  delayDays: number | null;
  timeZone: string;
}

/**
 * When a payment's funds become available (docs/decisions.md, "A business day"): the start of the business's local
 * day `delayDays` business days after the local day it succeeded on, Saturdays and Sundays skipped (a success on a
 * weekend counts from the Monday). Never a multiple of 24 hours.
 */
export function availableOnOf(succeededAt: Date, terms: SettlementTerms): Date {
  const day = localDate(succeededAt, terms.timeZone);
  return startOfLocalDay(addBusinessDays(day, terms.delayDays ?? DEFAULT_SETTLEMENT_DELAY_DAYS), terms.timeZone);
}

/**
 * Moves the net of every succeeded payment whose `available_on` has passed from pending to available,
 * exactly once: each payment is locked (skipping one another settler holds), posted and marked settled
 * in one transaction. Answers how many payments it settled.
 */
export async function settleDue(db: Executor, clock: Clock, ledger: LedgerService, now: Date): Promise<number> {
  let settled = 0;
  for (;;) {
    const due = await repo.dueForSettlement(db, now, SETTLE_BATCH);
    let progressed = 0;
    for (const { businessId, id } of due) {
      const done = await db.transaction(async (tx) => {
        const payment = await repo.lockUnsettled(tx, businessId, id);
        if (!payment) return false;
        if (payment.net > 0) {
          await ledger.post(tx, businessId, {
            kind: 'settlement',
            paymentId: payment.id,
            balance: balanceOfProvider(payment.provider),
            description: paymentLedgerText('settlement', payment),
            entries: [
              { account: 'merchant_pending', currency: payment.currency, amount: -payment.net },
              { account: 'merchant_available', currency: payment.currency, amount: payment.net },
            ],
          });
        }
        await repo.update(tx, payment, { settledAt: clock.now(), updatedAt: clock.now() });
        await repo.insertEvent(tx, {
          businessId,
          id: newTimeOrderedId(),
          paymentId: payment.id,
          type: 'settled',
          data: { amount: payment.net },
          createdAt: clock.now(),
        });
        return true;
      });
      if (done) progressed++;
    }
    settled += progressed;
    if (due.length < SETTLE_BATCH || progressed === 0) return settled;
  }
}
