import { and, eq, isNull } from 'drizzle-orm';
import { payments } from '@/db/schema';
import type { PaymentRow } from '@/modules/payments/charges/charges.types';
import type { TestContext } from '../harness';
import { makePayment } from './payments';

/**
 * A card payment of `amount` (SGD) made now and settled at once, as if its settlement delay had passed: its
 * net is in the wallet's available balance. Answers the payment (its `net` is what became available).
 */
export async function availableMoney(t: TestContext, businessId: string, amount: number, reference?: string): Promise<PaymentRow> {
  const payment = await makePayment(t, businessId, { amount, ...(reference ? { reference } : {}) });
  await settleNow(t, businessId);
  return payment;
}

/**
 * Settles every succeeded payment of the business that has not settled yet, now: their settlement day is moved
 * to now in the table (no service moves a payment's settlement day), then the charges service settles them.
 */
export async function settleNow(t: TestContext, businessId: string): Promise<void> {
  const db = t.database.db;
  await db
    .update(payments)
    .set({ availableOn: t.clock.now() })
    .where(and(eq(payments.businessId, businessId), isNull(payments.settledAt), eq(payments.status, 'succeeded')));
  await t.services.charges.settleDue(t.clock.now());
}
