import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { partnerEndpoints } from '@merchant/business';
import { authEndpoints } from '@merchant/identity';
import { transactionEndpoints } from '@merchant/payments';
import { auditLogs } from '../src/db/schema';
import { card } from './factories/charges';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, FACTORY_PASSWORD, lastMailTo, unique, uniqueEmail, type FactoryBusiness } from './factories';

/** Partners and referrals (issue 30): referral links, what a partner sees of its merchants, ending a link; both databases. */
let t: TestContext;
let partner: FactoryBusiness<'owner'>;
let merchant: FactoryBusiness<'owner' | 'cashier'>;
let code: string;

const at = (b: { id: string }) => ({ params: { business_id: b.id } });

beforeAll(async () => {
  t = await createTestContext();
  partner = await createBusiness(t, { kind: 'partner' });
  code = (await partner.people.owner.agent.ok(partnerEndpoints.referral, at(partner))).code;
  merchant = await createBusiness(t, { referralCode: code.toLowerCase(), staff: ['cashier'] });
});
afterAll(() => t.close());

describe('the referral link', () => {
  it('gives a partner one code that stays, as a link to the register screen', async () => {
    const again = await partner.people.owner.agent.ok(partnerEndpoints.referral, at(partner));
    expect(again).toEqual({ code, link_path: `/register?ref=${code}` });
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('is a partner business thing: a merchant asking is refused', async () => {
    const res = await merchant.people.owner.agent.call(partnerEndpoints.referral, at(merchant));
    expect(res.status).toBe(403);
    expect(failure(res).code).toBe('BUSINESS_NOT_PARTNER');
    expect((await merchant.people.owner.agent.call(partnerEndpoints.linkedBusinesses, at(merchant))).status).toBe(403);
  });

  it('links a business registered through it, audited on both sides', async () => {
    const { partners } = await merchant.people.owner.agent.ok(partnerEndpoints.businessPartners, at(merchant));
    expect(partners).toHaveLength(1);
    expect(partners[0]).toMatchObject({ partner_name: partner.name, source: 'referral', status: 'active', ended_at: null });
    for (const businessId of [merchant.id, partner.id]) {
      const rows = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.businessId, businessId), eq(auditLogs.action, 'partner.linked')));
      expect(rows, businessId).toHaveLength(1);
    }
  });

  it('refuses an unknown code on its field and makes no account', async () => {
    const email = uniqueEmail();
    const res = await new Agent(t.app).call(authEndpoints.register, {
      body: {
        name: 'Rae Ferral',
        email,
        password: FACTORY_PASSWORD,
        business: { name: unique('Business'), country: 'sg', currency: 'sgd' },
        referral_code: 'NOPE2345',
      },
    });
    expect(res.status).toBe(422);
    expect(failure(res).issues!.map((i) => i.path)).toContain('referral_code');
    const retry = await new Agent(t.app).call(authEndpoints.register, {
      body: { name: 'Rae Ferral', email, password: FACTORY_PASSWORD, business: { name: unique('Business'), country: 'sg', currency: 'sgd' } },
    });
    expect(retry.status).toBe(201);
  });

  it('refuses a code that is not a code with 422, never a 500', async () => {
    const res = await new Agent(t.app).call(authEndpoints.register, {
      body: {
        name: 'Rae Ferral',
        email: uniqueEmail(),
        password: FACTORY_PASSWORD,
        business: { name: unique('B'), country: 'sg', currency: 'sgd' },
        referral_code: "x' or 1=1 --",
      },
    });
    expect(res.status).toBe(422);
  });
});

describe('what a partner sees of a linked merchant', () => {
  beforeAll(async () => {
    const { charges } = t.services;
    for (const amount of [40_00, 25_50]) {
      const started = await charges.start({
        businessId: merchant.id,
        source: { type: 'static_qr', id: null },
        amount,
        currency: 'sgd',
        customer: { name: 'Casey Secret', email: 'casey@example.com' },
      });
      await charges.confirm(started.publicId, card());
    }
  });

  it('is the name, onboarding state and volume totals, and nothing of its customers or payments', async () => {
    const { businesses } = await partner.people.owner.agent.ok(partnerEndpoints.linkedBusinesses, at(partner));
    expect(businesses).toHaveLength(1);
    const linked = businesses[0]!;
    expect(Object.keys(linked).sort()).toEqual(['ended_at', 'link_id', 'linked_at', 'name', 'onboarding_status', 'status', 'volume']);
    expect(linked).toMatchObject({ name: merchant.name, onboarding_status: 'completed', status: 'active' });
    expect(linked.volume).toEqual([{ currency: 'sgd', amount: 65_50, count: 2 }]);
    const raw = JSON.stringify(businesses);
    expect(raw).not.toContain('Casey');
    expect(raw).not.toContain('casey@example.com');
    expect(raw).not.toContain(merchant.id);
  });

  it("refuses the partner the merchant's payments and the merchant itself", async () => {
    const agent = partner.people.owner.agent;
    expect((await agent.call(transactionEndpoints.list, at(merchant))).status).toBe(404);
    expect((await agent.call(partnerEndpoints.businessPartners, at(merchant))).status).toBe(404);
  });

  it("shows a merchant's partners to who manages its settings only", async () => {
    expect((await merchant.people.cashier.agent.call(partnerEndpoints.businessPartners, at(merchant))).status).toBe(403);
    expect((await partner.people.owner.agent.call(partnerEndpoints.businessPartners, at(partner))).status).toBe(403);
  });
});

describe('ending a link', () => {
  let linkId: string;
  const end = (agent: Agent, id: string, body: unknown, business: { id: string } = merchant) =>
    agent.call(partnerEndpoints.endLink, { params: { business_id: business.id, link_id: id }, body: body as { confirm: true } });

  beforeAll(async () => {
    linkId = (await merchant.people.owner.agent.ok(partnerEndpoints.businessPartners, at(merchant))).partners[0]!.link_id;
  });

  it('needs the confirmation, and the right role', async () => {
    const res = await end(merchant.people.owner.agent, linkId, {});
    expect(res.status).toBe(422);
    expect(failure(res).issues!.map((i) => i.path)).toContain('confirm');
    expect((await end(merchant.people.cashier.agent, linkId, { confirm: true })).status).toBe(403);
  });

  it("answers 404 for a link that is not the business's", async () => {
    const other = await createBusiness(t);
    expect((await end(other.people.owner.agent, linkId, { confirm: true }, other)).status).toBe(404);
    expect((await end(merchant.people.owner.agent, '00000000-0000-4000-8000-000000000000', { confirm: true })).status).toBe(404);
  });

  it('ends it once: audited and mailed on both sides, and the partner sees it ended', async () => {
    const res = await end(merchant.people.owner.agent, linkId, { confirm: true, reason: 'We work with another agency now' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ link_id: linkId, status: 'ended' });
    const again = await end(merchant.people.owner.agent, linkId, { confirm: true });
    expect(again.body).toMatchObject({ status: 'ended', ended_at: (res.body as { ended_at: string }).ended_at });
    for (const businessId of [merchant.id, partner.id]) {
      const rows = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.businessId, businessId), eq(auditLogs.action, 'partner.link_ended')));
      expect(rows, businessId).toHaveLength(1);
    }
    expect((await lastMailTo(t, merchant.people.owner.email)).subject).toBe(`Your link with ${partner.name} has ended`);
    expect((await lastMailTo(t, partner.people.owner.email)).subject).toBe(`Your link with ${merchant.name} has ended`);
    const { businesses } = await partner.people.owner.agent.ok(partnerEndpoints.linkedBusinesses, at(partner));
    expect(businesses[0]).toMatchObject({ status: 'ended' });
  });
});
