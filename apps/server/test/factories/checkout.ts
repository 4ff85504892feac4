import type { Executor } from '@/db/client';
import { paymentLinks, staticQrCodes } from '@/db/schema';
import { newId, newPublicId } from '@/lib/crypto';

/** Payment links and static QR codes written straight to their tables, in the states the checkout tests need. */
export interface TestLinkValues {
  amount?: number | null;
  currency?: string;
  singleUse?: boolean;
  expiresAt?: Date | null;
  status?: 'active' | 'completed' | 'expired' | 'cancelled';
  collectEmail?: boolean;
  collectPhone?: boolean;
  collectNote?: boolean;
  redirectUrl?: string | null;
  purpose?: string;
}

/** A payment link straight in the table (the links capability's endpoints are not here yet); answers its public id. */
export async function insertLink(db: Executor, businessId: string, values: TestLinkValues = {}): Promise<string> {
  const publicId = newPublicId('pl_');
  await db.insert(paymentLinks).values({
    businessId,
    id: newId(),
    publicId,
    currency: 'sgd',
    purpose: 'Consultation',
    singleUse: true,
    ...values,
    amount: values.amount === undefined ? 120_00 : values.amount,
  });
  return publicId;
}

export async function insertQr(db: Executor, businessId: string, values: { amount?: number | null; status?: 'active' | 'archived' } = {}): Promise<string> {
  const publicId = newPublicId('qr_');
  await db
    .insert(staticQrCodes)
    .values({ businessId, id: newId(), publicId, name: 'Counter 1', currency: 'sgd', amount: values.amount ?? null, status: values.status ?? 'active' });
  return publicId;
}
