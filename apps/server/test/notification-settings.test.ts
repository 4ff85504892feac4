import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_EVENT_INFO,
  businessEndpoints,
  type NotificationEvent,
  notificationSettingsEndpoints as endpoints,
  staffEndpoints,
} from '@merchant/business';
import { buildPath, endpointPath } from '@merchant/core';
import { auditLogs } from '../src/db/schema';
import { notificationRecipients } from '../src/modules/business/notification-settings/notification-settings.service';
import { createBusiness, type StaffRole } from './factories';
import { createTestContext, type TestContext } from './harness';

/** Notification settings: which business events mail which people, and the recipients later issues mail. */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const everyone = <const S extends StaffRole = never>(staff: readonly S[] = []) => createBusiness(t, { staff });
const params = (businessId: string, event: NotificationEvent) => ({ params: { business_id: businessId, event } }) as const;

describe('GET /v1/business/:id/notification-settings', () => {
  it('answers every event with its defaults: the owner for all, never cashiers', async () => {
    const { id, people } = await everyone();
    const { data } = await people.owner.agent.ok(endpoints.list, { params: { business_id: id } });
    expect(data.map((d) => d.event)).toEqual([...NOTIFICATION_EVENTS]);
    for (const d of data) {
      expect(d.roles).toContain('owner');
      expect(d.roles).not.toContain('cashier');
      expect(d).toMatchObject({ emails: [], is_default: true, label: NOTIFICATION_EVENT_INFO[d.event].label });
    }
    expect(data.find((d) => d.event === 'new_order')!.roles).toEqual(['owner', 'admin', 'manager']);
    expect(data.find((d) => d.event === 'verification_result')!.roles).toEqual(['owner']);
  });
});

describe('PUT /v1/business/:id/notification-settings/:event', () => {
  it('replaces one event, normalises the emails, keeps the others and audits the change', async () => {
    const { id, people } = await everyone();
    const owner = people.owner.agent;
    const saved = await owner.ok(endpoints.update, {
      ...params(id, 'new_order'),
      body: { roles: ['cashier', 'owner', 'owner'], emails: ['Orders@Shop.test', 'orders@shop.test', ' acc@books.test '] },
    });
    expect(saved).toMatchObject({ event: 'new_order', roles: ['owner', 'cashier'], emails: ['orders@shop.test', 'acc@books.test'], is_default: false });
    const all = (await owner.ok(endpoints.list, { params: { business_id: id } })).data;
    expect(all.find((d) => d.event === 'new_order')).toMatchObject({ roles: ['owner', 'cashier'], is_default: false });
    expect(all.find((d) => d.event === 'payment_received')).toMatchObject({ roles: ['owner'], is_default: true });

    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, id), eq(auditLogs.action, 'notification_settings.updated')));
    expect(entry).toMatchObject({ objectType: 'notification_setting', objectId: 'new_order', ip: owner.ip });
    expect(entry!.description).toContain('New order');
    expect(entry!.meta).toMatchObject({
      before: { roles: ['owner', 'admin', 'manager'], emails: [] },
      after: { roles: ['owner', 'cashier'] },
      actor_role: 'owner',
    });
  });

  it('may mail nobody', async () => {
    const { id, people } = await everyone();
    expect(await people.owner.agent.ok(endpoints.update, { ...params(id, 'payout_sent'), body: { roles: [], emails: [] } })).toMatchObject({
      roles: [],
      emails: [],
    });
    expect(await notificationRecipients(t.database.db, id, 'payout_sent')).toEqual([]);
  });

  it('refuses bad input with field issues', async () => {
    const { id, people } = await everyone();
    const cases: [unknown, string][] = [
      [{ roles: ['owner'], emails: ['not-an-email'] }, 'emails.0'],
      [{ roles: ['boss'], emails: [] }, 'roles.0'],
      [{ roles: ['owner'], emails: Array.from({ length: 11 }, (_, i) => `p${i}@x.test`) }, 'emails'],
      [{ roles: ['owner'] }, 'emails'],
    ];
    // Deliberately malformed bodies go through the raw request.
    for (const [body, path] of cases) {
      const res = await people.owner.agent.put(endpointPath(endpoints.update, params(id, 'invoice_paid')), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toContain(path);
    }
    expect(
      (await people.owner.agent.put(buildPath(endpoints.update.path, { business_id: id, event: 'unknown_event' }), { roles: [], emails: [] })).statusCode,
    ).toBe(422);
  });

  it('is for owners and admins: 403 for managers and cashiers, 404 for other businesses', async () => {
    const { id, people } = await everyone(['admin', 'manager', 'cashier']);
    for (const role of ['manager', 'cashier'] as const) {
      const a = people[role].agent;
      expect(await a.call(endpoints.list, { params: { business_id: id } })).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
      expect(await a.call(endpoints.update, { ...params(id, 'new_order'), body: { roles: ['cashier'], emails: [] } })).toMatchObject({ status: 403 });
    }
    const stranger = (await everyone()).people.owner.agent;
    expect(await stranger.call(endpoints.update, { ...params(id, 'new_order'), body: { roles: ['cashier'], emails: [] } })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
    expect(
      (await people.admin.agent.call(endpoints.update, { ...params(id, 'staff_invited'), body: { roles: ['owner'], emails: ['hr@shop.test'] } })).status,
    ).toBe(200);
  });

  it('keeps each business to its own settings', async () => {
    const one = await everyone();
    const other = await everyone();
    await one.people.owner.agent.ok(endpoints.update, { ...params(one.id, 'new_order'), body: { roles: [], emails: ['one@shop.test'] } });
    expect(await notificationRecipients(t.database.db, other.id, 'new_order')).toEqual([other.people.owner.email]);
  });
});

describe('notificationRecipients', () => {
  it('answers the active members of the chosen roles, then the extra emails, each once', async () => {
    const { id, people } = await everyone(['admin']);
    await people.owner.agent.ok(endpoints.update, {
      ...params(id, 'invoice_paid'),
      body: { roles: ['owner', 'admin'], emails: ['books@shop.test', people.admin.email.toUpperCase()] },
    });
    expect(await notificationRecipients(t.database.db, id, 'invoice_paid')).toEqual([people.owner.email, people.admin.email, 'books@shop.test']);
  });

  it('uses the defaults while an event was never changed', async () => {
    const { id, people } = await everyone(['admin']);
    expect(await notificationRecipients(t.database.db, id, 'verification_result')).toEqual([people.owner.email]);
  });

  it('leaves out deactivated members', async () => {
    const { id, people } = await everyone(['cashier']);
    const owner = people.owner.agent;
    await owner.ok(endpoints.update, { ...params(id, 'new_order'), body: { roles: ['owner', 'cashier'], emails: ['orders@shop.test'] } });
    expect(await notificationRecipients(t.database.db, id, 'new_order')).toEqual([people.owner.email, people.cashier.email, 'orders@shop.test']);
    const [member] = (await owner.ok(businessEndpoints.users, { params: { business_id: id } })).data.filter((m) => m.email === people.cashier.email);
    await owner.ok(staffEndpoints.deactivateMember, { params: { business_id: id, id: member!.id } });
    expect(await notificationRecipients(t.database.db, id, 'new_order')).toEqual([people.owner.email, 'orders@shop.test']);
  });
});
