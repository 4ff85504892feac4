import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';
import { paymentLinks, staticQrCodes } from '../../src/db/schema';
import { newId, newPublicId } from '../../src/lib/crypto';
import type { PaymentSourceAdapter } from '../../src/modules/payments/charges/charges.service';

/**
 * Minimal payment-link and static-QR sources with a checkout page, for the checkout's tests (the payment
 * links capability brings the real ones): an expired, cancelled or completed link refuses, a single-use link
 * completes with its first payment, an archived QR code refuses.
 */
function linkRefusal(link: { status: string; expiresAt: Date | null }, now: Date): string | null {
  if (link.status === 'completed') return 'This link has been paid already.';
  if (link.status === 'cancelled') return 'This link has been cancelled.';
  if (link.status === 'expired' || (link.expiresAt && link.expiresAt <= now)) return 'This link has expired.';
  return null;
}

export const checkoutLinkSource: PaymentSourceAdapter = {
  type: 'payment_link',
  async lockForPayment(tx, businessId, sourceId, now) {
    const [link] = await tx.select().from(paymentLinks).where(and(eq(paymentLinks.businessId, businessId), eq(paymentLinks.id, sourceId))).for('update');
    return link ? linkRefusal(link, now) : 'This link does not exist.';
  },
  async paymentSucceeded(tx, businessId, sourceId) {
    await tx
      .update(paymentLinks)
      .set({ status: 'completed' })
      .where(and(eq(paymentLinks.businessId, businessId), eq(paymentLinks.id, sourceId), eq(paymentLinks.singleUse, true)));
  },
  async checkoutSource(db, publicId, now) {
    const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.publicId, publicId));
    if (!link) return null;
    return {
      businessId: link.businessId,
      sourceId: link.id,
      amount: link.amount,
      currency: link.currency,
      purpose: link.purpose,
      reference: link.reference,
      collect: { email: link.collectEmail, phone: link.collectPhone, note: link.collectNote },
      prefill: { email: link.customerEmail, phone: link.customerPhone },
      redirectUrl: link.redirectUrl,
      unavailable: linkRefusal(link, now),
    };
  },
};

export const checkoutQrSource: PaymentSourceAdapter = {
  type: 'static_qr',
  async lockForPayment(tx, businessId, sourceId) {
    const [qr] = await tx.select().from(staticQrCodes).where(and(eq(staticQrCodes.businessId, businessId), eq(staticQrCodes.id, sourceId))).for('update');
    return qr?.status === 'active' ? null : 'This QR code no longer takes payments.';
  },
  async checkoutSource(db, publicId) {
    const [qr] = await db.select().from(staticQrCodes).where(eq(staticQrCodes.publicId, publicId));
    if (!qr) return null;
    return {
      businessId: qr.businessId,
      sourceId: qr.id,
      amount: qr.amount,
      currency: qr.currency,
      purpose: qr.name,
      reference: null,
      collect: { email: true, phone: false, note: false },
      prefill: { email: null, phone: null },
      redirectUrl: null,
      unavailable: qr.status === 'active' ? null : 'This QR code no longer takes payments.',
    };
  },
};

export const checkoutSources = [checkoutLinkSource, checkoutQrSource] as const;

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
  await db.insert(staticQrCodes).values({ businessId, id: newId(), publicId, name: 'Counter 1', currency: 'sgd', amount: values.amount ?? null, status: values.status ?? 'active' });
  return publicId;
}
