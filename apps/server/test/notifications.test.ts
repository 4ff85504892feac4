import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsEndpoints as bell, verificationAdminEndpoints as admin } from '@merchant/business';
import { endpointPath } from '@merchant/core';
import { transferEndpoints } from '@merchant/payments';
import { eq } from 'drizzle-orm';
import { notifications } from '@/db/schema';
import type { ChargesService } from '@/modules/payments/charges/charges.service';
import { addBeneficiary, createBusiness, createSuperAdmin, fundAvailable, type FactoryBusiness, type Person } from './factories';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { bellSocketPath, cookieOf, openBell, payByCard } from './notifications-setup';

/**
 * The bell (docs/decisions.md, "Notifications"): who receives each kind, in the transaction of what it tells of; a
 * person reads and marks only their own; pages; the socket that says when to read again; the purge of old read rows.
 */
let t: TestContext;
let charges: ChargesService;
let business: FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;
let other: FactoryBusiness<'owner'>;

const at = (b: { id: string } = business) => ({ business_id: b.id });

const pay = (businessId: string, amount: number) => payByCard(charges, businessId, amount);

async function all(person: Person, b: { id: string } = business) {
  return person.agent.ok(bell.list, { params: at(b), query: { limit: 100 } });
}
const kinds = async (person: Person, kind: string, b: { id: string } = business) => (await all(person, b)).data.filter((n) => n.kind === kind);

beforeAll(async () => {
  t = await createTestContext();
  ({ charges } = t.services);
  business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'], flags: { features: { send_money: true } } });
  other = await createBusiness(t);
  // A socket's upgrade is served once the app is ready.
  await t.app.ready();
});
afterAll(() => t.close());

const socketPath = () => bellSocketPath(business.id);
const openSocket = (person: Person) => openBell(t.app, person.agent, business.id);

describe('recipients', () => {
  it('tells every member who sees payments of a payment, live on their socket, and no one of another business', async () => {
    const { socket, next } = await openSocket(business.people.cashier);
    const payment = await pay(business.id, 12_34);
    expect(await next((f) => f.type === 'changed')).toEqual({ type: 'changed' });
    socket.terminate();
    for (const role of ['owner', 'admin', 'manager', 'cashier'] as const) {
      const [row, ...rest] = await kinds(business.people[role], 'payment_received');
      expect(rest).toHaveLength(0);
      expect(row).toMatchObject({
        title: 'Payment received: SGD 12.34',
        link: `/business/${business.id}/payments/transactions/${payment.id}`,
        read_at: null,
      });
    }
    expect((await all(other.people.owner, other)).data).toHaveLength(0);
  });

  it('tells the members who may approve a transfer waiting for approval, never its requester nor a cashier', async () => {
    const payee = await addBeneficiary(business.id, business.people.owner);
    await fundAvailable(t, business.id, 500_00);
    await business.people.owner.agent.ok(transferEndpoints.saveSettings, { params: at(), body: { approval_threshold: 100_00 } });
    const below = await business.people.manager.agent.ok(transferEndpoints.create, { params: at(), body: { beneficiary_id: payee.id, amount: 50_00 } });
    expect(below.status).toBe('processing');
    expect(await kinds(business.people.owner, 'transfer_awaiting_approval')).toHaveLength(0);
    const held = await business.people.manager.agent.ok(transferEndpoints.create, { params: at(), body: { beneficiary_id: payee.id, amount: 150_00 } });
    expect(held.status).toBe('awaiting_review');
    for (const role of ['owner', 'admin'] as const) {
      const rows = await kinds(business.people[role], 'transfer_awaiting_approval');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ title: 'Transfer awaiting approval: SGD 150.00', link: `/business/${business.id}/payments/transfer-history/${held.id}` });
      expect(rows[0]!.body).toContain(business.people.manager.name);
    }
    expect(await kinds(business.people.manager, 'transfer_awaiting_approval')).toHaveLength(0);
    expect(await kinds(business.people.cashier, 'transfer_awaiting_approval')).toHaveLength(0);
  });

  it("tells the owners and admins of a verification's result, not managers or cashiers", async () => {
    const pending = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'], onboarding: 'pending_verification' });
    const { agent: superAdmin } = await createSuperAdmin(t);
    await superAdmin.ok(admin.approve, { params: at(pending) });
    for (const role of ['owner', 'admin'] as const) {
      const rows = await kinds(pending.people[role], 'verification_result', pending);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ title: `${pending.name} is verified`, link: `/business/${pending.id}/payments/settings/account-verification` });
    }
    for (const role of ['manager', 'cashier'] as const) expect(await kinds(pending.people[role], 'verification_result', pending)).toHaveLength(0);
  });
});

describe('reading and marking', () => {
  it('pages newest first by cursor without repeats, with the unread count', async () => {
    const b = await createBusiness(t);
    const owner = b.people.owner;
    for (let i = 1; i <= 5; i++) {
      t.clock.set(new Date(t.clock.now().getTime() + 1_000));
      await pay(b.id, i * 100);
    }
    // Two in the same instant: the id orders them.
    await pay(b.id, 600);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; ; pages++) {
      expect(pages).toBeLessThan(4);
      const page = await owner.agent.ok(bell.list, { params: at(b), query: { limit: 2, ...(cursor ? { cursor } : {}) } });
      expect(page.unread_count).toBe(6);
      seen.push(...page.data.map((n) => n.title));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen.slice(2)).toEqual(['Payment received: SGD 4.00', 'Payment received: SGD 3.00', 'Payment received: SGD 2.00', 'Payment received: SGD 1.00']);
    expect(new Set(seen.slice(0, 2))).toEqual(new Set(['Payment received: SGD 5.00', 'Payment received: SGD 6.00']));
    // A forged cursor reads the first page.
    const forged = await owner.agent.ok(bell.list, { params: at(b), query: { limit: 2, cursor: 'not-a-cursor' } });
    expect(forged.data.map((n) => n.title)).toEqual(seen.slice(0, 2));
  });

  it('marks one and all read, live, and only the caller’s own rows', async () => {
    const owner = business.people.owner;
    const cashier = business.people.cashier;
    await pay(business.id, 7_00);
    const { socket, next } = await openSocket(owner);
    const before = await all(owner);
    const target = before.data.find((n) => n.read_at === null)!;

    // Another member cannot read or mark the owner's row: it is not theirs (404), and nothing changes.
    const foreign = await cashier.agent.call(bell.markRead, { params: { ...at(), id: target.id } });
    expect([foreign.status, failure(foreign).code]).toEqual([404, 'NOTIFICATION_NOT_FOUND']);
    expect((await cashier.agent.ok(bell.list, { params: at() })).data.map((n) => n.id)).not.toContain(target.id);
    // A member of another business gets its own 404 (no membership), whatever the id.
    expect((await other.people.owner.agent.call(bell.markRead, { params: { ...at(), id: target.id } })).status).toBe(404);
    expect((await other.people.owner.agent.call(bell.list, { params: at() })).status).toBe(404);
    expect((await new Agent(t.app).call(bell.list, { params: at() })).status).toBe(401);

    const bad = await owner.agent.call(bell.markRead, { params: { ...at(), id: 'nope' } });
    expect(bad.status).toBe(422);
    expect(failure(bad).issues?.[0]?.path).toBe('params.id');
    const unknown = await owner.agent.call(bell.markRead, { params: { ...at(), id: '0190a1b2-0000-7000-8000-000000000000' } });
    expect(unknown.status).toBe(404);

    const marked = await owner.agent.ok(bell.markRead, { params: { ...at(), id: target.id } });
    expect(marked.read_at).not.toBeNull();
    expect(await next((f) => f.type === 'changed')).toEqual({ type: 'changed' });
    // Marking again keeps the first read time.
    expect((await owner.agent.ok(bell.markRead, { params: { ...at(), id: target.id } })).read_at).toBe(marked.read_at);
    expect((await all(owner)).unread_count).toBe(before.unread_count - 1);

    const cashierBefore = (await all(cashier)).unread_count;
    expect(cashierBefore).toBeGreaterThan(0);
    const everything = await owner.agent.ok(bell.markAllRead, { params: at() });
    expect(everything.marked).toBe(before.unread_count - 1);
    expect((await all(owner)).unread_count).toBe(0);
    expect((await all(cashier)).unread_count).toBe(cashierBefore);
    socket.terminate();
  });

  it('refuses the socket without a session, to a non-member and from another site', async () => {
    await expect(t.app.injectWS(socketPath())).rejects.toThrow(/401/);
    await expect(t.app.injectWS(socketPath(), { headers: { cookie: cookieOf(other.people.owner.agent) } })).rejects.toThrow(/404/);
    await expect(t.app.injectWS(socketPath(), { headers: { cookie: cookieOf(business.people.owner.agent), origin: 'https://evil.example' } })).rejects.toThrow(
      /403/,
    );
  });
});

describe('the socket plugin', () => {
  it('reaches the socket routes only: other routes carry none of its request hooks, and an upgrade elsewhere is refused', async () => {
    // The plugin decorates the requests of the context it is registered in: the app's own have no `ws`.
    expect(t.app.hasRequestDecorator('ws')).toBe(false);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const upgrade = (path: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(
            `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
              'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
          ),
        );
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (text += chunk));
        // The server ends the connection itself: resolved on its close, not on a timeout of ours.
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
    expect(await upgrade(endpointPath(bell.list, { params: at() }))).toMatch(/^HTTP\/1\.1 404 /);
    expect(await upgrade('/healthz?x=1')).toMatch(/^HTTP\/1\.1 404 /);
    // A socket route's upgrade still reaches the app: no session, so 401 (and the socket is closed after it).
    expect(await upgrade(socketPath())).toMatch(/^HTTP\/1\.1 401 /);
  });
});

describe('retention', () => {
  it('deletes read notifications 90 days after they were read, never unread ones', async () => {
    const b = await createBusiness(t, { staff: ['cashier'] });
    await pay(b.id, 1_00);
    await b.people.owner.agent.ok(bell.markAllRead, { params: at(b) });
    const left = async (person: Person) => (await t.database.db.select().from(notifications).where(eq(notifications.userId, person.id))).length;
    const start = t.clock.now().getTime();
    t.clock.set(new Date(start + 89 * 86_400_000));
    await t.services.notifications.purgeRead();
    expect(await left(b.people.owner)).toBe(1);
    t.clock.set(new Date(start + 91 * 86_400_000));
    await t.services.notifications.purgeRead();
    expect(await left(b.people.owner)).toBe(0);
    // The cashier never read theirs: kept.
    expect(await left(b.people.cashier)).toBe(1);
  });
});
