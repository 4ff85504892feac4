import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUDIT_EXPORT_MAX_ROWS } from '@merchant/business';
import { businessUsers, businesses } from '../src/db/schema';
import { createAuditService } from '../src/modules/platform/audit/audit.service';
import { userRepository } from '../src/modules/identity/user/user.repository';
import { Agent, createTestContext, signedIn, DEMO_USERS, type TestContext } from './harness';
import { parseCsv } from '../src/lib/csv';

/** The business audit log: filters, pages, CSV export, tenancy, permissions and append-only storage. */
let t: TestContext;
let owner: Agent;
let ids: { owner: string; admin: string; partner: string };
let partnerBusinessId: string;

const as = (email: string) => signedIn(t.app, email);

const NASTY = '=HYPERLINK("http://evil.example","click"), then "quoted"\nand a new line';

beforeAll(async () => {
  t = await createTestContext({}, { demoData: true });
  const db = t.database.db;
  const idOf = async (email: string) => (await userRepository.findByEmail(db, email))!.id;
  ids = { owner: await idOf(DEMO_USERS.owner), admin: await idOf(DEMO_USERS.admin), partner: await idOf(DEMO_USERS.partner) };
  partnerBusinessId = (await db.select().from(businesses).where(eq(businesses.identifier, 'demo-partners')))[0]!.id;
  const audit = createAuditService({ clock: t.clock });
  const where = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Macintosh) Chrome/130.0' };
  const at = async (iso: string, entry: Parameters<typeof audit.record>[2]) => {
    t.clock.set(new Date(iso));
    await audit.record(db, where, entry);
  };
  const demo = t.demoBusinessId;
  await at('2026-10-01T08:00:00Z', {
    action: 'staff.invited',
    description: 'Invited cashier@x.test as Cashier',
    actorUserId: ids.owner,
    businessId: demo,
    objectType: 'invitation',
    objectId: 'inv-1',
  });
  await at('2026-10-05T00:00:00Z', {
    action: 'staff.role_changed',
    description: 'Changed Maya to Admin',
    actorUserId: ids.admin,
    businessId: demo,
    objectType: 'business_user',
    objectId: 'bu-1',
  });
  await at('2026-10-10T23:59:59Z', {
    action: 'staff.removed',
    description: 'Removed Casey',
    actorUserId: ids.owner,
    businessId: demo,
    objectType: 'business_user',
    objectId: 'bu-2',
  });
  await at('2026-10-12T12:00:00Z', {
    action: 'business.updated',
    description: NASTY,
    actorUserId: ids.admin,
    businessId: demo,
    objectType: 'business',
    objectId: demo,
  });
  await at('2026-10-12T12:00:00Z', { action: 'staff.invited', description: 'Partner business entry', actorUserId: ids.partner, businessId: partnerBusinessId });
  await at('2026-10-13T09:00:00Z', { action: 'system.sweep', description: 'Expired old invitations', actorUserId: null, businessId: demo });
  // Later the admin becomes a manager: their old entries keep the role they acted in.
  await db
    .update(businessUsers)
    .set({ role: 'manager' })
    .where(and(eq(businessUsers.businessId, demo), eq(businessUsers.userId, ids.admin)));
  t.clock.set(new Date('2026-11-01T09:00:00Z'));
  owner = await as(DEMO_USERS.owner);
});
afterAll(() => t.close());

const url = (query = '') => `/v1/business/${t.demoBusinessId}/audit-logs${query}`;
const list = async (query = '') => {
  const res = await owner.get(url(query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    data: { action: string; description: string; created_at: string; actor: { name: string; role: string } | null }[];
    next_cursor: string | null;
  }>();
};

describe('GET /v1/business/:id/audit-logs', () => {
  it('answers who, what, when and where, newest first, only for this business', async () => {
    const page = await list();
    expect(page.data.map((e) => e.action)).toEqual(['system.sweep', 'business.updated', 'staff.removed', 'staff.role_changed', 'staff.invited']);
    expect(page.next_cursor).toBeNull();
    expect(page.data[1]).toEqual({
      id: expect.any(String),
      created_at: '2026-10-12T12:00:00.000Z',
      actor: { user_id: ids.admin, name: 'Adam Admin', email: DEMO_USERS.admin, role: 'Admin' },
      action: 'business.updated',
      description: NASTY,
      object_type: 'business',
      object_id: t.demoBusinessId,
      ip: '203.0.113.7',
      user_agent: 'Mozilla/5.0 (Macintosh) Chrome/130.0',
    });
    expect(page.data[0]!.actor).toBeNull();
    expect(page.data.some((e) => e.description === 'Partner business entry')).toBe(false);
  });

  it('filters by person', async () => {
    const page = await list(`?person=${ids.owner}`);
    expect(page.data.map((e) => e.action)).toEqual(['staff.removed', 'staff.invited']);
    expect(page.data.every((e) => e.actor?.name === 'Olivia Owner' && e.actor.role === 'Owner')).toBe(true);
  });

  it('filters by exact action and by prefix', async () => {
    expect((await list('?action=staff.invited')).data.map((e) => e.description)).toEqual(['Invited cashier@x.test as Cashier']);
    expect((await list('?action=staff.*')).data.map((e) => e.action)).toEqual(['staff.removed', 'staff.role_changed', 'staff.invited']);
    expect((await list('?action=staff')).data).toEqual([]);
  });

  it('filters by UTC dates, both ends inclusive', async () => {
    expect((await list('?from=2026-10-05&to=2026-10-10')).data.map((e) => e.action)).toEqual(['staff.removed', 'staff.role_changed']);
    expect((await list('?from=2026-10-11')).data.map((e) => e.action)).toEqual(['system.sweep', 'business.updated']);
    expect((await list('?to=2026-10-01')).data.map((e) => e.action)).toEqual(['staff.invited']);
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
      for (const res of [await owner.get(url(query)), await owner.get(url(`/export${query}`))]) {
        expect(res.statusCode, query).toBe(422);
        expect(
          res.json().issues.map((i: { path: string }) => i.path),
          query,
        ).toContain(`querystring.${path}`);
      }
    }
  });

  it('takes every day of the shared date range, its first and last included', async () => {
    expect((await list('?from=1900-01-01&to=2999-12-31')).data).toHaveLength(5);
    expect((await list('?from=2999-12-31')).data).toEqual([]);
    expect((await owner.get(url('/export?from=1900-01-01&to=2999-12-31'))).statusCode).toBe(200);
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
    expect(pages).toBe(3);
    expect(seen).toEqual(['system.sweep', 'business.updated', 'staff.removed', 'staff.role_changed', 'staff.invited']);
    const filtered = await list('?limit=1&action=staff.*');
    const second = await list(`?limit=1&action=staff.*&cursor=${filtered.next_cursor}`);
    expect(second.data.map((e) => e.action)).toEqual(['staff.role_changed']);
  });

  it('answers the recorded actions for the filter, with groups', async () => {
    const res = await owner.get(url('/actions'));
    expect(res.statusCode).toBe(200);
    const actions = res.json().data.map((a: { action: string }) => a.action);
    expect(actions).toEqual(['staff.*', 'business.updated', 'staff.invited', 'staff.removed', 'staff.role_changed', 'system.sweep']);
    expect(res.json().data[0].label).toBe('All staff actions');
  });

  it('records actions of the product itself with the role of the actor', async () => {
    t.clock.set(new Date('2026-11-01T10:00:00Z'));
    const res = await owner.put(`/v1/business/${t.demoBusinessId}/notification-settings/payment_received`, { roles: ['owner', 'admin'], emails: [] });
    expect(res.statusCode).toBe(200);
    const page = await list('?action=notification_settings.updated');
    expect(page.data[0]).toMatchObject({ actor: { name: 'Olivia Owner', role: 'Owner' }, created_at: '2026-11-01T10:00:00.000Z' });
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
  });
});

describe('GET /v1/business/:id/audit-logs/export', () => {
  it('downloads the filtered log as escaped CSV with formulas neutralised', async () => {
    const res = await owner.get(url('/export?person=' + ids.admin));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log-demo-coffee-2026-11-01.csv"');
    expect(res.headers['x-export-row-limit']).toBe(String(AUDIT_EXPORT_MAX_ROWS));
    expect(res.headers['x-export-truncated']).toBe('false');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual(['Time (UTC)', 'Person', 'Email', 'Role', 'Action', 'Description', 'Object type', 'Object ID', 'IP address', 'User agent']);
    expect(rows.slice(1).map((r) => r[4])).toEqual(['business.updated', 'staff.role_changed']);
    expect(rows[1]).toEqual([
      '2026-10-12T12:00:00.000Z',
      'Adam Admin',
      DEMO_USERS.admin,
      'Admin',
      'business.updated',
      `'${NASTY}`,
      'business',
      t.demoBusinessId,
      '203.0.113.7',
      'Mozilla/5.0 (Macintosh) Chrome/130.0',
    ]);
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('takes the same filters as the list, and names the system for entries without a person', async () => {
    const rows = parseCsv((await owner.get(url('/export?action=system.*'))).body.slice(1));
    expect(rows.slice(1)).toEqual([
      ['2026-10-13T09:00:00.000Z', 'System', '', '', 'system.sweep', 'Expired old invitations', '', '', '203.0.113.7', expect.any(String)],
    ]);
    const bad = await owner.get(url('/export?from=2026-10-10&to=2026-10-01'));
    expect(bad.statusCode).toBe(422);
  });

  it('keeps a name with the list separator in one cell, and no spreadsheet locale runs it as a formula (issue 6)', async () => {
    const evil = "x;=cmd|' /C calc'!A0";
    expect((await owner.patch('/v1/user', { name: evil })).statusCode).toBe(200);
    try {
      const res = await owner.get(url(`/export?person=${ids.owner}`));
      expect(res.statusCode).toBe(200);
      // Quoted, with the formula after the semicolon neutralised.
      expect(res.body).toContain(`,"x;'=cmd|' /C calc'!A0",${DEMO_USERS.owner},`);
      const rows = parseCsv(res.body.slice(1));
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows.slice(1)) expect(row[1]).toBe(`x;'=cmd|' /C calc'!A0`);
      // Read as a spreadsheet in a locale whose list separator is ";" (or a tab): no field starts a formula.
      for (const separator of [';', '\t']) {
        for (const field of parseCsv(res.body.slice(1), separator).flat()) expect(field).not.toMatch(/^[\s"]*[=+\-@]/);
      }
    } finally {
      await owner.patch('/v1/user', { name: 'Olivia Owner' });
    }
  });
});

describe('who may read it, and that nobody can change it', () => {
  it('answers 404 to a member of another business, and 403 to cashiers and managers', async () => {
    const partner = await as(DEMO_USERS.partner);
    expect((await partner.get(url())).statusCode).toBe(404);
    expect((await partner.get(url('/export'))).statusCode).toBe(404);
    for (const email of [DEMO_USERS.cashier, DEMO_USERS.manager]) {
      const a = await as(email);
      expect((await a.get(url())).statusCode).toBe(403);
      expect((await a.get(url('/export'))).statusCode).toBe(403);
    }
    const admin = await as(DEMO_USERS.admin);
    // The demo admin was made a manager above: managers do not see the audit log.
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
