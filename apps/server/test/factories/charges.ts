import { eq } from 'drizzle-orm';
import type { Role } from '@merchant/core';
import { PaymentMethodDetailsSchema, paymentLinkEndpoints, type PaymentMethodDetails } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import type { ChargesActor } from '@/modules/payments/charges/charges.service';
import type { Agent } from '../harness';

/** A refund's caller: a member of the business with a role (what a business endpoint's context carries). */
export async function actorOf(db: Executor, businessId: string, email: string, role: Role | null): Promise<ChargesActor> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { ip: '127.0.0.1', userAgent: 'charges test', user: { id: user!.id }, business: { row: { id: businessId }, role } };
}

/** Card details as the checkout's confirm call parses them (spaces in the number dropped). */
export const card = (number = '4242424242424242', overrides: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}): PaymentMethodDetails =>
  PaymentMethodDetailsSchema.parse({ method: 'card', card: { number, exp_month: 12, exp_year: 2030, cvc: '123', ...overrides } });

/** A payment link (SGD) made through the payment links endpoint by a person who may create payments; answers its id. */
export async function createTestLink(agent: Agent, businessId: string, values: { amount: number; singleUse: boolean }): Promise<string> {
  const link = await agent.ok(paymentLinkEndpoints.create, {
    params: { business_id: businessId },
    body: { amount: values.amount, currency: 'sgd', purpose: 'Test', single_use: values.singleUse },
  });
  return link.id;
}
