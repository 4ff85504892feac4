import { AppError } from '@merchant/core';
import { INCOMPLETE_PAYMENT_TTL_HOURS } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { chargesRepository as repo, type PaymentRow } from './charges.repository';

/**
 * Payments started and never confirmed (docs/payments.md, "The payment lifecycle"): a confirm refuses one
 * `INCOMPLETE_PAYMENT_TTL_HOURS` after it started, and a schedule stores it as `expired` (final) with its event
 * (`expireIncomplete`, which the charges service offers to the jobs schedule).
 */
export const INCOMPLETE_PAYMENT_TTL_MS = INCOMPLETE_PAYMENT_TTL_HOURS * 3_600_000;
const EXPIRE_BATCH = 500;

/** Whether a payment waiting for its confirm has passed its time (the schedule may not have stored it as expired yet). */
export function isPastConfirmTime(payment: Pick<PaymentRow, 'status' | 'createdAt'>, now: Date): boolean {
  return payment.status === 'requires_payment_method' && now.getTime() - payment.createdAt.getTime() >= INCOMPLETE_PAYMENT_TTL_MS;
}

/** A confirm's first check (the payment's row locked): it must still wait for its confirm, within its time. */
export function assertConfirmable(payment: Pick<PaymentRow, 'status' | 'createdAt'>, now: Date): void {
  if (payment.status !== 'requires_payment_method') throw new AppError('PAYMENT_NOT_PAYABLE', 'This payment has been paid, has failed or has expired.');
  if (isPastConfirmTime(payment, now)) throw new AppError('PAYMENT_NOT_PAYABLE', 'This payment has expired. Start a new one.');
}

/**
 * Stores as `expired` every payment still waiting for its confirm that started `INCOMPLETE_PAYMENT_TTL_MS` or more
 * before `now`, each with an `expired` event, in batches of one transaction each. Answers how many it expired.
 */
export async function expireIncomplete(db: Executor, clock: Clock, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - INCOMPLETE_PAYMENT_TTL_MS);
  let expired = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await repo.expireIncomplete(tx, cutoff, clock.now(), EXPIRE_BATCH);
      const at = clock.now();
      await repo.insertEvents(
        tx,
        rows.map((row) => ({ businessId: row.businessId, id: newTimeOrderedId(), paymentId: row.id, type: 'expired' as const, data: {}, createdAt: at })),
      );
      return rows.length;
    });
    expired += batch;
    if (batch < EXPIRE_BATCH) return expired;
  }
}
