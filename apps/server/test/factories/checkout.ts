import { PaymentLinkBodySchema, StaticQrBodySchema } from '@merchant/payments';
import { seedMember } from '@/db/seed-context';
import type { BusinessContext } from '@/http/context';
import type { TestContext } from '../harness';
import { makePayment } from './payments';

/**
 * Payment links and static QR codes made through the app's own services, in the states the checkout tests need.
 * The services (not the endpoints) so that a business the routes refuse (a partner, a blocked one) can still hold one,
 * as it does after the fact in the product; every later state comes the way the product makes it.
 */
export interface TestLinkValues {
  amount?: number | null;
  currency?: string;
  singleUse?: boolean;
  collectEmail?: boolean;
  collectPhone?: boolean;
  collectNote?: boolean;
  redirectUrl?: string | null;
  purpose?: string;
  /**
   * `cancelled` by the links service; `completed` by a succeeded card payment; `expired` by an expiry a minute
   * ahead and the test clock moved past it (the status is read from the time, as the product reads it).
   */
  state?: 'active' | 'completed' | 'expired' | 'cancelled';
}

/** Whom the factories act as: the business's owner. */
export interface LinkOwner {
  id: string;
  people: { owner: { id: string } };
}

const ownerContext = (t: TestContext, business: LinkOwner): Promise<BusinessContext> =>
  seedMember(t.database.db, t.services, business.id, business.people.owner.id);

/** A payment link (SGD 120.00, single use, "Consultation" unless told) through the links service; answers its public id. */
export async function createLink(t: TestContext, business: LinkOwner, values: TestLinkValues = {}): Promise<string> {
  const ctx = await ownerContext(t, business);
  const state = values.state ?? 'active';
  const expiresAt = state === 'expired' ? new Date(t.clock.now().getTime() + 60_000).toISOString() : null;
  const body = PaymentLinkBodySchema.parse({
    amount: values.amount === undefined ? 120_00 : values.amount,
    currency: values.currency ?? 'sgd',
    purpose: values.purpose ?? 'Consultation',
    single_use: values.singleUse ?? true,
    collect_email: values.collectEmail ?? true,
    collect_phone: values.collectPhone ?? false,
    collect_note: values.collectNote ?? false,
    redirect_url: values.redirectUrl ?? null,
    expires_at: expiresAt,
  });
  const link = await t.services.paymentLinks.create(ctx, { ...body, send_email: false });
  if (state === 'cancelled') await t.services.paymentLinks.cancel(ctx, link.id);
  if (state === 'completed') {
    await makePayment(t, business.id, { amount: link.amount ?? 10_00, source: 'payment_link', sourceId: link.id, customer: { email: 'payer@example.com' } });
  }
  if (state === 'expired') t.clock.advance(60_000);
  return link.public_id;
}

/** A static QR code ("Counter 1", SGD, any amount unless told) through the QR codes service; `archived` by its archive. */
export async function createQr(t: TestContext, business: LinkOwner, values: { amount?: number | null; state?: 'active' | 'archived' } = {}): Promise<string> {
  const ctx = await ownerContext(t, business);
  const qr = await t.services.staticQrCodes.create(ctx, StaticQrBodySchema.parse({ name: 'Counter 1', currency: 'sgd', amount: values.amount ?? null }));
  if (values.state === 'archived') await t.services.staticQrCodes.archive(ctx, qr.id);
  return qr.public_id;
}
