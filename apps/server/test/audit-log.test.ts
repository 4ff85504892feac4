import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpointPath } from '@merchant/core';
import { AUDIT_EXPORT_MAX_ROWS, auditLogEndpoints, businessEndpoints, notificationSettingsEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { businessUsers } from '../src/db/schema';
import { createAuditService } from '../src/modules/platform/audit/audit.service';
import { Agent, createTestContext, type TestContext } from './harness';
import { createBusiness, signInAgain, type FactoryBusiness } from './factories';
import { parseCsv } from '../src/lib/csv';

/** The business audit log: filters, pages, CSV export, tenancy, permissions and append-only storage. */
let t: TestContext;
/** The business whose log is read, with a member of each role, and another business. */
let business: FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;
let businessId: string;
let partner: FactoryBusiness;
let owner: Agent;
/** Signed in again once the clock is back in November (the set-up's sessions have long expired by then). */
let agents: Record<'cashier' | 'manager' | 'admin' | 'outsider', Agent>;
let ids: { owner: string; admin: string; partner: string };
let partnerBusinessId: string;
type Entry = { action: string; description: string; created_at: string; actor: { user_id: string; name: string; role: string } | null };
/**
 * The entries the business's own making wrote (sign-up, invitations, joining), newest first. They are made
 * before every entry below, so they are the oldest of the log: each list below ends with those it matches.
 */
let setup: Entry[];
const setupActions = (keep: (e: Entry) => boolean = () => true) => setup.filter(keep).map((e) => e.action);

const NASTY = '=HYPERLINK("http://evil.example","click"), then "quoted"\nand a new line';

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  t.clock.set(new Date('2026-09-01T08:00:00Z'));
  business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'] });
  businessId = business.id;
  owner = business.people.owner.agent;
  partner = await createBusiness(t);
  partnerBusinessId = partner.id;
  ids = { owner: business.people.owner.id, admin: business.people.admin.id, partner: partner.people.owner.id };
  setup = (await list()).data;
  const audit = createAuditService({ clock: t.clock });
  const where = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Macintosh) Chrome/130.0' };
  const at = async (iso: string, entry: Parameters<typeof audit.record>[2]) => {
    t.clock.set(new Date(iso));
    await audit.record(db, where, entry);
  };
  await at('2026-10-01T08:00:00Z', {
    action: 'staff.invited',
    description: 'Invited cashier@x.test as Cashier',
    actorUserId: ids.owner,
    businessId,
    objectType: 'invitation',
    objectId: 'inv-1',
  });
  await at('2026-10-05T00:00:00Z', {
    action: 'staff.role_changed',
    description: 'Changed Maya to Admin',
    actorUserId: ids.admin,
    businessId,
    objectType: 'business_user',
    objectId: 'bu-1',
  });
  await at('2026-10-10T23:59:59Z', {
    action: 'staff.removed',
    description: 'Removed Casey',
    actorUserId: ids.owner,
    businessId,
    objectType: 'business_user',
    objectId: 'bu-2',
  });
  await at('2026-10-12T12:00:00Z', {
    action: 'business.updated',
    description: NASTY,
    actorUserId: ids.admin,
    businessId,
    objectType: 'business',
    objectId: businessId,
  });
  await at('2026-10-12T12:00:00Z', { action: 'staff.invited', description: 'Partner business entry', actorUserId: ids.partner, businessId: partnerBusinessId });
  await at('2026-10-13T09:00:00Z', { action: 'system.sweep', description: 'Expired old invitations', actorUserId: null, businessId });
  // Later the admin becomes a manager: their old entries keep the role they acted in.
  await db
    .update(businessUsers)
    .set({ role: 'manager' })
    .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, ids.admin)));
  t.clock.set(new Date('2026-11-01T09:00:00Z'));
  owner = await signInAgain(t, business.people.owner);
  agents = {
    cashier: await signInAgain(t, business.people.cashier),
    manager: await signInAgain(t, business.people.manager),
    admin: await signInAgain(t, business.people.admin),
    outsider: await signInAgain(t, partner.people.owner),
  };
});
afterAll(() => t.close());

/* Raw requests (query strings as a browser writes them, CSV answers), addressed by the declarations. */
const inBusiness = () => ({ params: { business_id: businessId } });
const url = (query = '') => `${endpointPath(auditLogEndpoints.list, inBusiness())}${query}`;
const exportUrl = (query = '') => `${endpointPath(auditLogEndpoints.export, inBusiness())}${query}`;
const list = async (query = '') => {
  const res = await owner.get(url(query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Entry[]; next_cursor: string | null }>();
};

describe('GET /v1/business/:id/audit-logs', () => {
  it('answers who, what, when and where, newest first, only for this business', async () => {
    const page = await list();
    expect(page.data.map((e) => e.action)).toEqual([
      'system.sweep',
      'business.updated',
      'staff.removed',
      'staff.role_changed',
      'staff.invited',
      ...setupActions(),
    ]);
    expect(page.next_cursor).toBeNull();
    expect(page.data[1]).toEqual({
      id: expect.any(String),
      created_at: '2026-10-12T12:00:00.000Z',
      actor: { user_id: ids.admin, name: business.people.admin.name, email: business.people.admin.email, role: 'Admin' },
      action: 'business.updated',
      description: NASTY,
      object_type: 'business',
      object_id: businessId,
      ip: '203.0.113.7',
      user_agent: 'Mozilla/5.0 (Macintosh) Chrome/130.0',
    });
    expect(page.data[0]!.actor).toBeNull();
    expect(page.data.some((e) => e.description === 'Partner business entry')).toBe(false);
  });

  it('filters by person', async () => {
    const page = await list(`?person=${ids.owner}`);
    expect(page.data.map((e) => e.action)).toEqual(['staff.removed', 'staff.invited', ...setupActions((e) => e.actor?.user_id === ids.owner)]);
    expect(page.data.every((e) => e.actor?.name === business.people.owner.name && e.actor.role === 'Owner')).toBe(true);
  });

  it('filters by exact action and by prefix', async () => {
    const invited = setup.filter((e) => e.action === 'staff.invited');
    expect(invited.length).toBeGreaterThan(0);
    expect((await list('?action=staff.invited')).data.map((e) => e.description)).toEqual([
      'Invited cashier@x.test as Cashier',
      ...invited.map((e) => e.description),
    ]);
    expect((await list('?action=staff.*')).data.map((e) => e.action)).toEqual([
      'staff.removed',
      'staff.role_changed',
      'staff.invited',
      ...setupActions((e) => e.action.startsWith('staff.')),
    ]);
    expect((await list('?action=staff')).data).toEqual([]);
  });

  it('filters by the business’s days (a UTC business here), both ends inclusive', async () => {
    expect((await list('?from=2026-10-05&to=2026-10-10')).data.map((e) => e.action)).toEqual(['staff.removed', 'staff.role_changed']);
    expect((await list('?from=2026-10-11')).data.map((e) => e.action)).toEqual(['system.sweep', 'business.updated']);
    expect((await list('?to=2026-10-01')).data.map((e) => e.action)).toEqual(['staff.invited', ...setupActions()]);
  });

  it('refuses bad filters with field issues', async () => {
    for (const [query, path] of [
      ['?from=2026-10-10&to=2026-10-01', 'to'],
      ['?from=2026-02-30', 'from'],
      ['?from=2024-02-31', 'from'],
      ['?to=2023-02-29', 'to'],
      ['?to=yesterday', 'to'],
      ['?from=0000-01-01', 'from'],
      ['?to=9999-12-31', 'to'],
      ['?from=1899-12-31', 'from'],
      ['?to=3000-01-01', 'to'],
      ['?person=not-a-uuid', 'person'],
      ['?action=DROP%20TABLE', 'action'],
    ] as const) {
      for (const res of [await owner.get(url(query)), await owner.get(exportUrl(query))]) {
        expect(res.statusCode, query).toBe(422);
        expect(
          res.json().issues.map((i: { path: string }) => i.path),
          query,
        ).toContain(`querystring.${path}`);
      }
    }
  });

  it('takes every day of the shared date range, its first and last included', async () => {
    expect((await list('?from=1900-01-01&to=2999-12-31')).data).toHaveLength(5 + setup.length);
    expect((await list('?from=2999-12-31')).data).toEqual([]);
    expect((await owner.get(exportUrl('?from=1900-01-01&to=2999-12-31'))).statusCode).toBe(200);
  });

  it('reads a forged cursor as the first page, whatever it holds', async () => {
    const first = (await list()).data.map((e) => e.action);
    const forge = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      forge('2026-10-12T12:00:00.000Z|not-a-uuid'),
      forge('+275760-09-13T00:00:00.000Z|00000000-0000-4000-8000-000000000000'),
      forge('0000-01-01T00:00:00.000Z|00000000-0000-4000-8000-000000000000'),
      forge('2026-10-12T12:00:00.000Z|00000000-0000-4000-8000-000000000000\u0000'),
      'not base64 at all',
    ]) {
      expect(
        (await list(`?cursor=${encodeURIComponent(cursor)}`)).data.map((e) => e.action),
        cursor,
      ).toEqual(first);
    }
  });

  it('pages with a cursor without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((e) => e.action));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil((5 + setup.length) / 2));
    expect(seen).toEqual(['system.sweep', 'business.updated', 'staff.removed', 'staff.role_changed', 'staff.invited', ...setupActions()]);
    const filtered = await list('?limit=1&action=staff.*');
    const second = await list(`?limit=1&action=staff.*&cursor=${filtered.next_cursor}`);
    expect(second.data.map((e) => e.action)).toEqual(['staff.role_changed']);
  });

  it('answers the recorded actions for the filter, with groups', async () => {
    const res = await owner.get(endpointPath(auditLogEndpoints.actions, inBusiness()));
    expect(res.statusCode).toBe(200);
    const actions = res.json().data.map((a: { action: string }) => a.action);
    // With the business's own making: business.created, invitation.accepted and staff.invited.
    expect(actions).toEqual([
      'business.*',
      'staff.*',
      'business.created',
      'business.updated',
      'invitation.accepted',
      'staff.invited',
      'staff.removed',
      'staff.role_changed',
      'system.sweep',
    ]);
    expect(res.json().data[1].label).toBe('All staff actions');
  });

  it('records actions of the product itself with the role of the actor', async () => {
    t.clock.set(new Date('2026-11-01T10:00:00Z'));
    await owner.ok(notificationSettingsEndpoints.update, {
      params: { business_id: businessId, event: 'payment_received' },
      body: { roles: ['owner', 'admin'], emails: [] },
    });
    const page = await list('?action=notification_settings.updated');
    expect(page.data[0]).toMatchObject({ actor: { name: business.people.owner.name, role: 'Owner' }, created_at: '2026-11-01T10:00:00.000Z' });
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
  });
});

describe('GET /v1/business/:id/audit-logs/export', () => {
  it('downloads the filtered log as escaped CSV with formulas neutralised', async () => {
    const res = await owner.get(exportUrl('?person=' + ids.admin));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const { identifier } = await owner.ok(businessEndpoints.get, { params: { business_id: businessId } });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="audit-log-${identifier}-2026-11-01.csv"`);
    expect(res.headers['x-export-row-limit']).toBe(String(AUDIT_EXPORT_MAX_ROWS));
    expect(res.headers['x-export-truncated']).toBe('false');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual(['Time (UTC)', 'Person', 'Email', 'Role', 'Action', 'Description', 'Object type', 'Object ID', 'IP address', 'User agent']);
    expect(rows.slice(1).map((r) => r[4])).toEqual(['business.updated', 'staff.role_changed', ...setupActions((e) => e.actor?.user_id === ids.admin)]);
    expect(rows[1]).toEqual([
      '2026-10-12T12:00:00.000Z',
      business.people.admin.name,
      business.people.admin.email,
      'Admin',
      'business.updated',
      `'${NASTY}`,
      'business',
      businessId,
      '203.0.113.7',
      'Mozilla/5.0 (Macintosh) Chrome/130.0',
    ]);
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('takes the same filters as the list, and names the system for entries without a person', async () => {
    const rows = parseCsv((await owner.get(exportUrl('?action=system.*'))).body.slice(1));
    expect(rows.slice(1)).toEqual([
      ['2026-10-13T09:00:00.000Z', 'System', '', '', 'system.sweep', 'Expired old invitations', '', '', '203.0.113.7', expect.any(String)],
    ]);
    const bad = await owner.get(exportUrl('?from=2026-10-10&to=2026-10-01'));
    expect(bad.statusCode).toBe(422);
  });

  it('keeps a name with the list separator in one cell, and no spreadsheet locale runs it as a formula (issue 6)', async () => {
    const evil = "x;=cmd|' /C calc'!A0";
    await owner.ok(userEndpoints.updateAccount, { body: { name: evil } });
    try {
      const res = await owner.get(exportUrl(`?person=${ids.owner}`));
      expect(res.statusCode).toBe(200);
      // Quoted, with the formula after the semicolon neutralised.
      expect(res.body).toContain(`,"x;'=cmd|' /C calc'!A0",${business.people.owner.email},`);
      const rows = parseCsv(res.body.slice(1));
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows.slice(1)) expect(row[1]).toBe(`x;'=cmd|' /C calc'!A0`);
      // Read as a spreadsheet in a locale whose list separator is ";" (or a tab): no field starts a formula.
      for (const separator of [';', '\t']) {
        for (const field of parseCsv(res.body.slice(1), separator).flat()) expect(field).not.toMatch(/^[\s"]*[=+\-@]/);
      }
    } finally {
      await owner.ok(userEndpoints.updateAccount, { body: { name: business.people.owner.name } });
    }
  });
});

describe('who may read it, and that nobody can change it', () => {
  it('answers 404 to a member of another business, and 403 to cashiers and managers', async () => {
    const { outsider } = agents;
    expect((await outsider.get(url())).statusCode).toBe(404);
    expect((await outsider.get(exportUrl())).statusCode).toBe(404);
    for (const role of ['cashier', 'manager'] as const) {
      const a = agents[role];
      expect((await a.get(url())).statusCode, role).toBe(403);
      expect((await a.get(exportUrl())).statusCode, role).toBe(403);
    }
    const { admin } = agents;
    // The admin was made a manager above: managers do not see the audit log.
    expect((await admin.get(url())).statusCode).toBe(403);
  });

  it('has no endpoint that edits or deletes an entry', async () => {
    const writes = t.app.endpoints.filter((e) => e.path.includes('audit-logs') && e.method !== 'GET');
    expect(writes).toEqual([]);
    const [entry] = (await list()).data as unknown as { id: string }[];
    expect((await owner.delete(url(`/${entry!.id}`))).statusCode).toBe(404);
    expect((await owner.patch(url(`/${entry!.id}`), { description: 'changed' })).statusCode).toBe(404);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of audit_logs', async () => {
    await expect(t.database.exec(`UPDATE audit_logs SET description = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.database.exec(`DELETE FROM audit_logs`)).rejects.toThrow(/append-only/);
    await expect(t.database.exec(`TRUNCATE audit_logs`)).rejects.toThrow(/append-only/);
    expect((await list()).data.length).toBeGreaterThan(0);
  });
});

describe("the date filters are the business's days", () => {
  it('counts an entry on the calendar day of the business’s time zone, not the UTC day', async () => {
    // 17:00 UTC on 1 October is 01:00 on 2 October in Singapore (UTC+8).
    t.clock.set(new Date('2026-10-01T17:00:00Z'));
    const singapore = await createBusiness(t, { timeZone: 'Asia/Singapore' });
    await createAuditService({ clock: t.clock }).record(
      t.database.db,
      { ip: '203.0.113.7', userAgent: null },
      {
        action: 'staff.invited',
        description: 'Invited late@x.test as Cashier',
        actorUserId: singapore.people.owner.id,
        businessId: singapore.id,
        objectType: 'invitation',
        objectId: 'inv-late',
      },
    );
    const days = async (query: Record<string, string>) => {
      const page = await singapore.people.owner.agent.ok(auditLogEndpoints.list, {
        params: { business_id: singapore.id },
        query: { action: 'staff.invited', ...query },
      });
      return page.data.map((e) => e.description);
    };
    expect(await days({ from: '2026-10-02', to: '2026-10-02' })).toEqual(['Invited late@x.test as Cashier']);
    expect(await days({ to: '2026-10-01' })).toEqual([]);
    expect(await days({ from: '2026-10-01', to: '2026-10-01' })).toEqual([]);
    // The export takes the same days.
    const csv = await singapore.people.owner.agent.get(
      endpointPath(auditLogEndpoints.export, { params: { business_id: singapore.id }, query: { from: '2026-10-02', action: 'staff.invited' } }),
    );
    expect(
      parseCsv(csv.body.replace(/^\uFEFF/, ''))
        .slice(1)
        .map((row) => row[5]),
    ).toEqual(['Invited late@x.test as Cashier']);
  });
});
