import { count } from 'drizzle-orm';
import type { Role } from '@merchant/core';
import type { Executor } from './client';
import { businesses, businessUsers, businessWarnings, users } from './schema';
import { hashPassword, newId } from '../lib/crypto';
import type { Clock } from '../lib/clock';

export const DEMO_PASSWORD = 'demo-password';

/** The demo logins listed in the README (all with DEMO_PASSWORD). */
export const DEMO_USERS = {
  owner: 'owner@demo.test',
  admin: 'admin@demo.test',
  manager: 'manager@demo.test',
  cashier: 'cashier@demo.test',
  partner: 'partner@demo.test',
  super: 'super@demo.test',
  new: 'new@demo.test',
} as const;

export async function isEmpty(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0) === 0;
}

/** Seeds demo data. Only call on an empty database (npm start checks). */
export async function seedDemoData(db: Executor, clock: Clock): Promise<{ businessId: string }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const user = async (email: string, name: string, isSuperAdmin = false) => {
      const id = newId();
      await tx.insert(users).values({ id, email, name, passwordHash, isSuperAdmin, createdAt: now, updatedAt: now });
      return id;
    };
    const business = async (values: Partial<typeof businesses.$inferInsert> & { name: string; identifier: string }) => {
      const id = newId();
      await tx.insert(businesses).values({ id, country: 'sg', currency: 'sgd', createdAt: now, updatedAt: now, ...values });
      return id;
    };
    const member = (businessId: string, userId: string, role: Role) =>
      tx.insert(businessUsers).values({ id: newId(), businessId, userId, role, createdAt: now });

    const demoId = await business({
      name: 'Demo Coffee Roasters',
      identifier: 'demo-coffee',
      onboardingStatus: 'completed',
      stripeEnabled: true,
      features: { send_money: true },
    });
    await member(demoId, await user(DEMO_USERS.owner, 'Olivia Owner'), 'owner');
    await member(demoId, await user(DEMO_USERS.admin, 'Adam Admin'), 'admin');
    await member(demoId, await user(DEMO_USERS.manager, 'Maya Manager'), 'manager');
    await member(demoId, await user(DEMO_USERS.cashier, 'Casey Cashier'), 'cashier');
    await tx.insert(businessWarnings).values({
      id: newId(),
      businessId: demoId,
      style: 'info',
      title: 'Demo data',
      body: 'This business was seeded for demonstration. Payments here are in test mode.',
      ctaTitle: null,
      ctaUrl: null,
      createdAt: now,
    });

    const partnerId = await business({ name: 'Demo Partners', identifier: 'demo-partners', type: 'partner', onboardingStatus: 'completed' });
    await member(partnerId, await user(DEMO_USERS.partner, 'Parker Partner'), 'owner');

    await user(DEMO_USERS.super, 'Sam Super', true);

    const newId_ = await business({ name: 'New Bakery', identifier: 'new-bakery', onboardingStatus: 'questionnaire' });
    await member(newId_, await user(DEMO_USERS.new, 'Nina New'), 'owner');
    return { businessId: demoId };
  });
}
