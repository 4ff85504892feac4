import { randomBytes, randomUUID } from 'node:crypto';
import type { PaymentStatus } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { payments } from '@/db/schema';

/** A payment row as the checkout will write it, for reading it back on customer screens. */
export async function insertPayment(
  db: Executor,
  row: { businessId: string; customerId: string | null; amount: number; createdAt: Date; status?: PaymentStatus; currency?: string },
): Promise<string> {
  const id = randomUUID();
  await db.insert(payments).values({
    businessId: row.businessId,
    id,
    publicId: `pay_${randomBytes(16).toString('hex')}`,
    sourceType: 'payment_link',
    customerId: row.customerId,
    status: row.status ?? 'succeeded',
    amount: row.amount,
    currency: row.currency ?? 'sgd',
    method: 'card',
    cardBrand: 'visa',
    cardLast4: '4242',
    cardExpMonth: 12,
    cardExpYear: 2030,
    createdAt: row.createdAt,
    updatedAt: row.createdAt,
  });
  return id;
}
