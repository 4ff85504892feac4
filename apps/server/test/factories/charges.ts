import { and, eq } from 'drizzle-orm';
import type { Role } from '@merchant/core';
import { PaymentMethodDetailsSchema, type PaymentMethodDetails } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { businesses, paymentLinks, users } from '@/db/schema';
import type { Clock } from '@/lib/clock';
import { newId, newPublicId } from '@/lib/crypto';
import { createChargesService, type ChargesActor, type PaymentSourceAdapter } from '@/modules/payments/charges/charges.service';
import { createCustomersService } from '@/modules/payments/customers/customers.service';
import { createLedgerService } from '@/modules/payments/ledger/ledger.service';
import { createProcessor } from '@/modules/payments/processor/processor.module';
import { createAuditService } from '@/modules/platform/audit/audit.service';

/** The payments core services on a test database, wired as the app wires them (`processor`: its providers). */
export function paymentServices(db: Executor, clock: Clock, processor = createProcessor()) {
  const ledger = createLedgerService({ clock });
  const audit = createAuditService({ clock });
  const customers = createCustomersService({ db, clock, audit });
  const charges = createChargesService({ db, clock, audit, ledger, processor, customers });
  return { ledger, charges };
}

/** A refund's caller: a member of the business with a role (what a business endpoint's context carries). */
export async function actorOf(db: Executor, businessId: string, email: string, role: Role | null): Promise<ChargesActor> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { ip: '127.0.0.1', userAgent: 'charges test', user: { id: user!.id }, business: { row: { id: businessId }, role } };
}

/** Card details as the checkout's confirm call parses them (spaces in the number dropped). */
export const card = (number = '4242424242424242', overrides: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}): PaymentMethodDetails =>
  PaymentMethodDetailsSchema.parse({ method: 'card', card: { number, exp_month: 12, exp_year: 2030, cvc: '123', ...overrides } });

/** A business of its own (Singapore, SGD), for tests that need balances nobody else moves. */
export async function createTestBusiness(db: Executor, name = 'Ledger Test Shop'): Promise<string> {
  const id = newId();
  await db.insert(businesses).values({ id, identifier: `shop-${id.slice(0, 8)}`, name, country: 'sg', currency: 'sgd', onboardingStatus: 'completed' });
  return id;
}

/**
 * A minimal payment-link source for these tests (the payment links capability brings the real one): the
 * link's row is locked, an inactive link refuses, a single-use link completes with its first payment.
 */
export const testLinkSource: PaymentSourceAdapter = {
  type: 'payment_link',
  async lockForPayment(tx, businessId, sourceId, _now, _amount, inFlight) {
    const [link] = await tx
      .select({ status: paymentLinks.status, singleUse: paymentLinks.singleUse })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.businessId, businessId), eq(paymentLinks.id, sourceId)))
      .for('update');
    if (!link) return 'This link does not exist.';
    if (link.status !== 'active') return 'This link has been paid already.';
    // A payment of the link at the processor holds a single-use link until its outcome is written.
    return link.singleUse && (await inFlight()) > 0 ? 'Another payment of this link is being processed.' : null;
  },
  async paymentSucceeded(tx, businessId, sourceId) {
    await tx
      .update(paymentLinks)
      .set({ status: 'completed' })
      .where(and(eq(paymentLinks.businessId, businessId), eq(paymentLinks.id, sourceId), eq(paymentLinks.singleUse, true)));
  },
};

export async function createTestLink(db: Executor, businessId: string, values: { amount: number; singleUse: boolean }): Promise<string> {
  const id = newId();
  await db.insert(paymentLinks).values({ businessId, id, publicId: newPublicId('pl_'), currency: 'sgd', purpose: 'Test', ...values });
  return id;
}
