import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NOTIFICATION_EVENTS, NOTIFICATION_EVENT_INFO } from '@merchant/business';
import { auditLogs, businessUsers, businesses } from '../src/db/schema';
import { notificationRecipients } from '../src/modules/business/notification-settings/notification-settings.service';
import { userRepository } from '../src/modules/identity/user/user.repository';
import { Agent, createTestContext, signedIn, DEMO_USERS, type TestContext } from './harness';

/** Notification settings: which business events mail which people, and the recipients later issues mail. */
let t: TestContext;
let owner: Agent;
const as = (email: string) => signedIn(t.app, email);

beforeAll(async () => {
  t = await createTestContext();
  owner = await as(DEMO_USERS.owner);
});
afterAll(() => t.close());

const url = (event = '') => `/v1/business/${t.demoBusinessId}/notification-settings${event ? `/${event}` : ''}`;

describe('GET /v1/business/:id/notification-settings', () => {
  it('answers every event with its defaults: the owner for all, never cashiers', async () => {
    const res = await owner.get(url());
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { event: string; roles: string[]; emails: string[]; is_default: boolean; label: string }[];
    expect(data.map((d) => d.event)).toEqual([...NOTIFICATION_EVENTS]);
    for (const d of data) {
      expect(d.roles).toContain('owner');
      expect(d.roles).not.toContain('cashier');
      expect(d).toMatchObject({ emails: [], is_default: true, label: NOTIFICATION_EVENT_INFO[d.event as 'new_order'].label });
    }
    expect(data.find((d) => d.event === 'new_order')!.roles).toEqual(['owner', 'admin', 'manager']);
    expect(data.find((d) => d.event === 'verification_result')!.roles).toEqual(['owner']);
  });
});

describe('PUT /v1/business/:id/notification-settings/:event', () => {
  it('replaces one event, normalises the emails, keeps the others and audits the change', async () => {
    const res = await owner.put(url('new_order'), { roles: ['cashier', 'owner', 'owner'], emails: ['Orders@Shop.test', 'orders@shop.test', ' acc@books.test '] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ event: 'new_order', roles: ['owner', 'cashier'], emails: ['orders@shop.test', 'acc@books.test'], is_default: false });
    const all = (await owner.get(url())).json().data as { event: string; roles: string[]; is_default: boolean }[];
    expect(all.find((d) => d.event === 'new_order')).toMatchObject({ roles: ['owner', 'cashier'], is_default: false });
    expect(all.find((d) => d.event === 'payment_received')).toMatchObject({ roles: ['owner'], is_default: true });

    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, t.demoBusinessId), eq(auditLogs.action, 'notification_settings.updated')));
    expect(entry).toMatchObject({ objectType: 'notification_setting', objectId: 'new_order', ip: owner.ip });
    expect(entry!.description).toContain('New order');
    expect(entry!.meta).toMatchObject({ before: { roles: ['owner', 'admin', 'manager'], emails: [] }, after: { roles: ['owner', 'cashier'] }, actor_role: 'owner' });
  });

  it('may mail nobody', async () => {
    const res = await owner.put(url('payout_sent'), { roles: [], emails: [] });
    expect(res.json()).toMatchObject({ roles: [], emails: [] });
    expect(await notificationRecipients(t.database.db, t.demoBusinessId, 'payout_sent')).toEqual([]);
  });

  it('refuses bad input with field issues', async () => {
    const cases: [unknown, string][] = [
      [{ roles: ['owner'], emails: ['not-an-email'] }, 'emails.0'],
      [{ roles: ['boss'], emails: [] }, 'roles.0'],
      [{ roles: ['owner'], emails: Array.from({ length: 11 }, (_, i) => `p${i}@x.test`) }, 'emails'],
      [{ roles: ['owner'] }, 'emails'],
    ];
    for (const [body, path] of cases) {
      const res = await owner.put(url('invoice_paid'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await owner.put(url('unknown_event'), { roles: [], emails: [] })).statusCode).toBe(422);
  });

  it('is for owners and admins: 403 for managers and cashiers, 404 for other businesses', async () => {
    for (const email of [DEMO_USERS.manager, DEMO_USERS.cashier]) {
      const a = await as(email);
      expect((await a.get(url())).statusCode).toBe(403);
      expect((await a.put(url('new_order'), { roles: ['cashier'], emails: [] })).statusCode).toBe(403);
    }
    const partner = await as(DEMO_USERS.partner);
    expect((await partner.put(url('new_order'), { roles: ['cashier'], emails: [] })).statusCode).toBe(404);
    const admin = await as(DEMO_USERS.admin);
    expect((await admin.put(url('staff_invited'), { roles: ['owner'], emails: ['hr@shop.test'] })).statusCode).toBe(200);
  });

  it('keeps each business to its own settings', async () => {
    const [partnerBusiness] = await t.database.db.select().from(businesses).where(eq(businesses.identifier, 'demo-partners'));
    expect(await notificationRecipients(t.database.db, partnerBusiness!.id, 'new_order')).toEqual([DEMO_USERS.partner]);
  });
});

describe('notificationRecipients', () => {
  it('answers the active members of the chosen roles, then the extra emails, each once', async () => {
    await owner.put(url('invoice_paid'), { roles: ['owner', 'admin'], emails: ['books@shop.test', 'ADMIN@demo.test'] });
    expect(await notificationRecipients(t.database.db, t.demoBusinessId, 'invoice_paid')).toEqual([DEMO_USERS.owner, DEMO_USERS.admin, 'books@shop.test']);
  });

  it('uses the defaults while an event was never changed', async () => {
    expect(await notificationRecipients(t.database.db, t.demoBusinessId, 'verification_result')).toEqual([DEMO_USERS.owner]);
  });

  it('leaves out deactivated members', async () => {
    const cashier = (await userRepository.findByEmail(t.database.db, DEMO_USERS.cashier))!;
    expect(await notificationRecipients(t.database.db, t.demoBusinessId, 'new_order')).toEqual([DEMO_USERS.owner, DEMO_USERS.cashier, 'orders@shop.test', 'acc@books.test']);
    await t.database.db
      .update(businessUsers)
      .set({ status: 'deactivated' })
      .where(and(eq(businessUsers.businessId, t.demoBusinessId), eq(businessUsers.userId, cashier.id)));
    expect(await notificationRecipients(t.database.db, t.demoBusinessId, 'new_order')).toEqual([DEMO_USERS.owner, 'orders@shop.test', 'acc@books.test']);
  });
});
