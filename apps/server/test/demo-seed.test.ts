import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '../src/db/seed';
import { createTestContext, signedIn, type TestContext } from './harness';

/** The demo data `npm start` writes into an empty database: its businesses and logins, as the e2e tests and the README rely on them. */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  await seedDemoData(t.database.db, t.clock, { config: t.config });
});
afterAll(() => t.close());

async function ownedBy(email: string) {
  const agent = await signedIn(t.app, email, DEMO_PASSWORD);
  const me = await agent.ok(userEndpoints.me);
  return { agent, owned: me.businesses.owned };
}

describe('the demo seed', () => {
  it('makes the demo business in Singapore with its country’s time zone, onboarded, with its Stripe connection', async () => {
    const { agent, owned } = await ownedBy(DEMO_USERS.owner);
    expect(owned.map((b) => b.identifier)).toEqual(['demo-coffee']);
    const business = await agent.ok(businessEndpoints.get, { params: { business_id: owned[0]!.id } });
    expect(business).toMatchObject({
      name: 'Demo Coffee Roasters',
      country: 'sg',
      currency: 'sgd',
      time_zone: 'Asia/Singapore',
      onboarding_status: 'completed',
      stripe_enabled: true,
      active_providers: ['stripe'],
      features: { send_money: true },
    });
    expect(business.warnings.map((w) => w.title)).toEqual(['Demo data']);
  });

  it('gives every demo login its business and role', async () => {
    const cases = [
      [DEMO_USERS.partner, 'demo-partners', 'partner', 'completed'],
      [DEMO_USERS.new, 'new-bakery', 'merchant', 'questionnaire'],
      [DEMO_USERS.pending, 'pending-pottery', 'merchant', 'pending_verification'],
    ] as const;
    for (const [email, identifier, type, status] of cases) {
      const { owned } = await ownedBy(email);
      expect(owned).toEqual([expect.objectContaining({ identifier, type, onboarding_status: status, country: 'sg', currency: 'sgd' })]);
    }
    for (const email of [DEMO_USERS.admin, DEMO_USERS.manager, DEMO_USERS.cashier]) {
      const agent = await signedIn(t.app, email, DEMO_PASSWORD);
      const me = await agent.ok(userEndpoints.me);
      expect(me.businesses.member.map((b) => b.identifier)).toEqual(['demo-coffee']);
    }
    const admin = await signedIn(t.app, DEMO_USERS.super, DEMO_PASSWORD);
    expect((await admin.ok(userEndpoints.me)).is_super_admin).toBe(true);
  });
});
