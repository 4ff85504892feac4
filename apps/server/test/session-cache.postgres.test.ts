import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { appOn, freePort } from './app-processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_FEED_APPLICATION } from '../src/db/change-feed';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { fixedClock } from '../src/lib/clock';
import { createBusiness, createLocation, FACTORY_PASSWORD, openDrawer, type FactoryBusiness } from './factories';
import { endpointPath, type Endpoint, type EndpointResponse } from '@merchant/core';
import { businessEndpoints, staffEndpoints } from '@merchant/business';
import { drawerEndpoints, type Location } from '@merchant/catalogue';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import type { CallInput } from './harness';
import { newPostgresDatabase } from './postgres-instances';
import { serverBundle } from './server-process';

/**
 * Two app processes on one PostgreSQL database, each with its own session cache: what one process
 * changes, the other obeys on the very next request (PostgreSQL only: the embedded database belongs to
 * one process).
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let database: Awaited<ReturnType<typeof newPostgresDatabase>>;
let dataDir: string;
const processes: ChildProcess[] = [];
let a: string;
let b: string;
/** A business with a member of each role, made before the two processes start. */
let business: FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;
/** Two locations of the business, and the owner's drawer open at the second. */
let north: Location;
let south: Location;
let southDrawer: string;

async function startApp(url: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverBundle()], {
    cwd: join(ROOT, 'apps/server'),
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      BIND_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  processes.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error(`the app process exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return base;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the app process did not start');
}

/** A browser: one cookie jar, one anti-forgery token, talking to whichever process it is told. */
class Browser {
  cookie = '';
  csrf = '';
  /** Calls an endpoint through its contract (the URL from its declaration) on one process. */
  async call<E extends Endpoint>(base: string, endpoint: E, input: CallInput<E> = {}): Promise<Response> {
    const body = input.body;
    const res = await fetch(`${base}${endpointPath(endpoint, input)}`, {
      method: endpoint.method,
      headers: {
        cookie: this.cookie,
        'x-csrf-token': this.csrf,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return res;
  }
  /** Calls an endpoint that must answer its declared status; answers the body its response schema parses. */
  async ok<E extends Endpoint>(base: string, endpoint: E, input: CallInput<E> = {}): Promise<EndpointResponse<E>> {
    const res = await this.call(base, endpoint, input);
    expect(res.status, endpoint.id).toBe(endpoint.status ?? 200);
    return endpoint.response.parse(await res.json()) as EndpointResponse<E>;
  }
  async signIn(base: string, email: string): Promise<this> {
    this.csrf = (await this.ok(base, authEndpoints.csrfToken)).token;
    await this.ok(base, authEndpoints.login, { body: { email, password: FACTORY_PASSWORD } });
    return this;
  }
  async me(base: string): Promise<{ status: number; member: string[] }> {
    const res = await this.call(base, userEndpoints.me);
    if (res.status !== 200) return { status: res.status, member: [] };
    const body = userEndpoints.me.response.parse(await res.json());
    return { status: 200, member: body.businesses.member.map((m) => `${m.name}: ${m.role?.title}`) };
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'md-two-processes-'));
  database = await newPostgresDatabase('md_test');
  // The people are made by the factories through an app in this process, which closes before the two start.
  const opened = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
  const t = await appOn(opened, fixedClock(new Date()), testConfig({ webDist: '/nonexistent' }));
  business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'] });
  const owner = business.people.owner.agent;
  north = await createLocation(owner, business.id, { name: 'North' });
  south = await createLocation(owner, business.id, { name: 'South' });
  southDrawer = (await openDrawer(owner, business.id, south.id)).id;
  await t.close();
  await opened.close();
  [a, b] = await Promise.all([startApp(database.url), startApp(database.url)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(
    processes.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.exitCode !== null) return resolve();
          p.once('exit', () => resolve());
          p.kill('SIGTERM');
        }),
    ),
  );
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two app processes on one PostgreSQL database', () => {
  it('sign out through one: the other refuses the cookie on the very next request', async () => {
    for (let round = 0; round < 5; round++) {
      const browser = await new Browser().signIn(a, business.people.admin.email);
      expect((await browser.me(b)).status).toBe(200);
      expect((await browser.me(b)).status).toBe(200); // now from process b's cache
      const cookie = browser.cookie;
      await browser.ok(a, authEndpoints.logout);
      browser.cookie = cookie; // a stolen copy of the cookie
      expect((await browser.me(b)).status).toBe(401);
      expect((await browser.me(a)).status).toBe(401);
    }
  });

  it('a role change, a rename and a removal through one show in the other at the next request', async () => {
    const owner = await new Browser().signIn(a, business.people.owner.email);
    const cashier = await new Browser().signIn(b, business.people.cashier.email);
    expect(await cashier.me(b)).toEqual({ status: 200, member: [`${business.name}: Cashier`] });
    const id = (await owner.ok(a, userEndpoints.me)).businesses.owned[0]!.id;
    expect(id).toBe(business.id);
    const staff = await owner.ok(a, businessEndpoints.users, { params: { business_id: id } });
    const member = { params: { business_id: id, id: staff.data.find((m) => m.email === business.people.cashier.email)!.id } };

    // Process b knows the cashier's standing in the business (its access check keeps it) before each change.
    const staffList = async () => (await cashier.call(b, businessEndpoints.users, { params: { business_id: id } })).status;
    const name = async () => (await cashier.ok(b, businessEndpoints.get, { params: { business_id: id } })).name;
    expect(await staffList()).toBe(403);
    expect(await staffList()).toBe(403);

    await owner.ok(a, staffEndpoints.updateMemberRole, { ...member, body: { role: 'manager' } });
    expect(await cashier.me(b)).toEqual({ status: 200, member: [`${business.name}: Manager`] });
    expect(await staffList()).toBe(200);

    expect(await name()).toBe(business.name);
    await owner.ok(a, businessEndpoints.update, { params: { business_id: id }, body: { name: 'Renamed Through A' } });
    expect(await name()).toBe('Renamed Through A');

    await owner.ok(a, staffEndpoints.removeMember, member);
    expect(await cashier.me(b)).toEqual({ status: 200, member: [] });
    expect((await cashier.call(b, businessEndpoints.get, { params: { business_id: id } })).status).toBe(404);
    expect(await staffList()).toBe(404);
  });

  it("a member's locations changed through one limit their lists in the other at the next request", async () => {
    const owner = await new Browser().signIn(a, business.people.owner.email);
    const manager = await new Browser().signIn(b, business.people.manager.email);
    const inBusiness = { params: { business_id: business.id } };
    const staff = await owner.ok(a, businessEndpoints.users, inBusiness);
    const member = { params: { business_id: business.id, id: staff.data.find((m) => m.email === business.people.manager.email)!.id } };
    // Process b keeps the manager's standing, their locations with it (the access check reads them with the role).
    const drawers = async () => (await manager.ok(b, drawerEndpoints.list, { ...inBusiness, query: {} })).data.map((d) => d.id);
    expect(await drawers()).toContain(southDrawer);
    expect(await drawers()).toContain(southDrawer);

    await owner.ok(a, staffEndpoints.setMemberLocations, { ...member, body: { location_ids: [north.id] } });
    expect(await drawers()).not.toContain(southDrawer);
    await owner.ok(a, staffEndpoints.setMemberLocations, { ...member, body: { location_ids: [] } });
    expect(await drawers()).toContain(southDrawer);
  });

  it('forgets everything when its listening connection drops, so changes made meanwhile are not missed', async () => {
    const browser = await new Browser().signIn(a, business.people.manager.email);
    expect((await browser.me(b)).status).toBe(200);
    expect((await browser.me(b)).status).toBe(200);
    const listeners = async () =>
      (
        await database.admin.query<{ pid: number; backend_start: Date }>(
          'SELECT pid, backend_start FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
          [database.name, CHANGE_FEED_APPLICATION],
        )
      ).rows;
    const before = await listeners();
    expect(before).toHaveLength(2);
    // Every connection that listens is cut (the pooled ones too), then the session ends behind the apps'
    // backs: its notification reaches no one.
    await database.admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN%'`, [database.name]);
    await database.admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2`, [
      database.name,
      CHANGE_FEED_APPLICATION,
    ]);
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    await direct.query(`DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [business.people.manager.email]);
    await direct.end();
    // Both processes listen again on new connections...
    const old = new Set(before.map((r) => r.pid));
    for (let i = 0; i < 200; i++) {
      const now = await listeners();
      if (now.length === 2 && now.every((r) => !old.has(r.pid))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const again = await listeners();
    expect(again.filter((r) => !old.has(r.pid))).toHaveLength(2);
    // ...and hold nothing from before: the ended session is refused.
    expect((await browser.me(b)).status).toBe(401);
    expect((await browser.me(a)).status).toBe(401);
  });
});
