import type { PaymentEventType } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { Write } from '@/db/write-together';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { chargesRepository as repo, type PaymentRow } from './charges.repository';

export type NewPaymentEvent = Parameters<typeof repo.insertEvent>[1];

/** A payment's timeline entries (time-ordered ids, the clock's time), as the charges service and refunds write them. */
export function paymentEvents(clock: Clock) {
  const row = (payment: PaymentRow, type: PaymentEventType, data: Record<string, unknown> = {}, actorUserId: string | null = null): NewPaymentEvent => ({
    businessId: payment.businessId,
    id: newTimeOrderedId(),
    paymentId: payment.id,
    type,
    data,
    actorUserId,
    createdAt: clock.now(),
  });
  return {
    row,
    async insert(tx: Executor, payment: PaymentRow, type: PaymentEventType, data: Record<string, unknown> = {}, actorUserId: string | null = null) {
      await repo.insertEvent(tx, row(payment, type, data, actorUserId));
    },
    /** The same entry as a write for `writeTogether`. */
    write(tx: Executor, payment: PaymentRow, type: PaymentEventType, data: Record<string, unknown> = {}, actorUserId: string | null = null): Write {
      return repo.eventWrite(tx, row(payment, type, data, actorUserId));
    },
  };
}
