import { NextActionSchema, type NextAction } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { chargesRepository as repo, type PaymentRow } from './charges.repository';

/** What a payment in `requires_action` waits for (the PayNow QR's payload included); null otherwise. */
export async function nextActionOf(db: Executor, payment: PaymentRow): Promise<NextAction | null> {
  if (payment.status !== 'requires_action') return null;
  const row = await repo.latestEvent(db, payment.businessId, payment.id, 'requires_action');
  const parsed = NextActionSchema.safeParse(row?.data.action);
  return parsed.success ? parsed.data : null;
}
