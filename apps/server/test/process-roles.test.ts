import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointPath } from '@merchant/core';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { buildApp } from '../src/app';
import { testConfig, type ProcessRole } from '../src/config';
import type { Database } from '../src/db/client';
import { healthRoutes, type Readiness } from '../src/modules/platform/health/health.routes';
import { rows } from './app-processes';
import { fakeSmtp } from './fake-smtp';
import { signUp } from './factories';
import { Agent, createTestContext, type TestContext } from './harness';

/**
 * Processes by role (ROLE, docs/operations.md): web processes serve HTTP and run no jobs, schedules or drains;
 * worker processes run them and serve health only. Here both run in this process on one database, as separate
 * apps, which is what two processes on one PostgreSQL share (the embedded database allows only this).
 */
const silent = pino({ level: 'silent' });
const opened: FastifyInstance[] = [];
let t: TestContext | undefined;
let smtp: Awaited<ReturnType<typeof fakeSmtp>> | undefined;

afterEach(async () => {
  for (const app of opened.splice(0).reverse()) await app.close();
  await t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

async function appOf(database: Database, role: ProcessRole, extra: { smtpUrl?: string; readiness?: Readiness } = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({ webDist: '/nonexistent', role, ...(extra.smtpUrl ? { smtpUrl: extra.smtpUrl } : {}) }),
    db: database.db,
    jobsConnection: database.jobs,
    logger: silent,
    ...(extra.readiness ? { readiness: extra.readiness } : {}),
  });
  opened.push(app);
  return app;
}

const sweepJobs = (database: Database) => rows<{ n: number | string }>(database, sql`select count(*) as n from pgboss.job where name = 'mail.sweep'`);

describe('a web process and a worker process on one database', () => {
  it('the web process answers requests and runs nothing; the worker delivers the mail the web process wrote, and runs the schedules', async () => {
    smtp = await fakeSmtp();
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    t = await createTestContext();
    const { email } = (await signUp(t)).person;
    await t.app.close();
    const { database } = t;
    t = { ...t, close: () => database.close() };

    const web = await appOf(t.database, 'web', { smtpUrl });
    const asked = await new Agent(web).post(endpointPath(authEndpoints.requestPasswordReset), { email });
    expect(asked.statusCode).toBe(200);
    // Longer than a worker's poll and a drain's debounce: a process that ran drains would have sent it by now.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(smtp.received).toHaveLength(0);
    expect(Number((await sweepJobs(t.database))[0]!.n)).toBe(0);

    const worker = await appOf(t.database, 'worker', { smtpUrl });
    await vi.waitFor(() => expect(smtp!.received).toHaveLength(1), { timeout: 20_000, interval: 50 });
    expect(smtp.received[0]).toContain(email);
    // The worker's schedules ticked (the mail sweep's first tick is enqueued at its start).
    expect(Number((await sweepJobs(t.database))[0]!.n)).toBeGreaterThan(0);

    // The worker serves health, not the product; the web process serves both.
    expect((await worker.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await worker.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await worker.inject({ method: 'GET', url: endpointPath(userEndpoints.me) })).statusCode).toBe(404);
    expect((await web.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await web.inject({ method: 'GET', url: endpointPath(userEndpoints.me) })).statusCode).toBe(401);
  });
});

describe('/readyz', () => {
  it('is ready with every migration applied, not while migrations are pending or the process is stopping; /healthz stays up', async () => {
    t = await createTestContext();
    const readiness: Readiness = { stopping: false };
    const app = await appOf(t.database, 'all', { readiness });
    const ready = () => app.inject({ method: 'GET', url: '/readyz' });
    expect((await ready()).json() as unknown).toEqual({ ok: true });

    readiness.stopping = true;
    const stopping = await ready();
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toEqual({ ok: false, reason: 'stopping' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    readiness.stopping = false;

    // A build newer than its database: the newest migration is not applied yet.
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    const pending = await ready();
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ ok: false, reason: 'migrations pending' });
  });

  it('is not ready when its database cannot be reached', async () => {
    const app = Fastify();
    opened.push(app);
    // A database that refuses every statement (the server gone, the network cut).
    const unreachable = { execute: () => Promise.reject(new Error('connect ECONNREFUSED')) } as unknown as Database['db'];
    healthRoutes(app, { db: unreachable, readiness: { stopping: false } });
    const answer = await app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ ok: false, reason: 'database unreachable' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
