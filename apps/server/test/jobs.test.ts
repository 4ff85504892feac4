import { createServer, type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointPath } from '@merchant/core';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { fixedClock } from '../src/lib/clock';
import { createMailer } from '../src/mail/mailer';
import { compose, defineModule, type Platform } from '../src/modules/module';
import { createJobs, minutes, type Jobs } from '../src/modules/platform/jobs/jobs.service';
import { authEndpoints } from '@merchant/identity';
import { Agent, createTestContext, mailbox, type TestContext } from './harness';
import { restartableDatabase } from './restartable-database';
import { fakeSmtp } from './fake-smtp';
import { FACTORY_PASSWORD, signUp, unique, uniqueEmail } from './factories';

const silent = pino({ level: 'silent' });

/** A port nobody listens on: SMTP delivery to it fails at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Rows of a query (both drivers answer `{ rows }`). */
async function rowsOf<Row>(database: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const outbox = (database: Database, subject: string) =>
  rowsOf<{ sent_at: string | null; error: string | null }>(
    database,
    sql`select sent_at, error from mail_outbox where subject = ${subject} order by created_at desc`,
  );

/** A mail's attempts, and whether it is held (claimed, or waiting out a failure's backoff) after `now`. */
const outboxAttempts = (database: Database, subject: string, now: Date) =>
  rowsOf<{ attempts: number; later: boolean }>(
    database,
    sql`select attempts, claimed_until > ${now.toISOString()}::timestamptz as later from mail_outbox where subject = ${subject}`,
  );
const mailJobs = (database: Database) => rowsOf<{ name: string }>(database, sql`select name from pgboss.job where name = 'mail.deliver'`);

/** A new person asks for a password reset: a mail that only the job delivers (signing up sends none). */
const requestReset = async (t: TestContext) => {
  const { email } = (await signUp(t)).person;
  return { email, res: await new Agent(t.app).post(endpointPath(authEndpoints.requestPasswordReset), { email }) };
};

describe('mail delivery from the outbox', () => {
  let t: TestContext;
  afterEach(async () => t.close());

  it('keeps the mail in the outbox during the request (the dev mailbox shows it) and delivers it afterwards, once, with no job', async () => {
    t = await createTestContext();
    const { email, res } = await requestReset(t);
    expect(res.statusCode).toBe(200);
    expect((await mailbox(t.app))[0]).toMatchObject({ to: email, subject: 'Reset your password' });
    expect(await outbox(t.database, 'Reset your password')).toEqual([{ sent_at: null, error: null }]);

    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const [row] = await outbox(t.database, 'Reset your password');
    expect(row?.sent_at).not.toBeNull();
    expect(await mailJobs(t.database)).toEqual([]);
    // Nothing is left to run.
    expect(await t.app.jobs.runDue()).toBe(0);
  });

  it('delivers over SMTP when configured, and never twice for one mail, even when two runners race', async () => {
    const smtp = await fakeSmtp();
    try {
      t = await createTestContext({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
      const { email } = await requestReset(t);
      await Promise.all([t.app.jobs.runDue(), t.app.jobs.runDue()]);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('Subject: Reset your password');
      expect(smtp.received[0]).toContain(`To: ${email}`);
      expect((await outbox(t.database, 'Reset your password'))[0]?.sent_at).not.toBeNull();

      // A minute later the sweep looks for kept mail no nudge delivered: the delivered one is left alone.
      t.clock.advance(minutes(2));
      await t.app.jobs.runDue({ ignoreDelays: true });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('retries a failing delivery with backoff, keeps the error, and gives up after its retry limit', async () => {
    t = await createTestContext({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    expect((await requestReset(t)).res.statusCode).toBe(200);
    await t.app.jobs.runDue();
    const [failed] = await outbox(t.database, 'Reset your password');
    expect(failed?.sent_at).toBeNull();
    expect(failed?.error).toMatch(/ECONNREFUSED/);
    // The retry waits (backoff): running what is due now does not attempt it again.
    expect(await outboxAttempts(t.database, 'Reset your password', t.clock.now())).toEqual([{ attempts: 1, later: true }]);
    expect(await t.app.jobs.runDue()).toBe(0);

    // As the retry delays pass (30 s, doubling; the sweep every minute), every retry fails, then the deliverer
    // stops trying; the mail keeps its error.
    for (let step = 0; step < 12; step++) {
      t.clock.advance(minutes(2));
      await t.app.jobs.runDue();
    }
    expect(await outboxAttempts(t.database, 'Reset your password', t.clock.now())).toMatchObject([{ attempts: 6 }]);
    expect((await outbox(t.database, 'Reset your password'))[0]).toMatchObject({ sent_at: null, error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('delivers promptly in the background when the app polls (a server), without anyone running jobs', async () => {
    const smtp = await fakeSmtp();
    const base = await createTestContext();
    const { email } = (await signUp(base)).person;
    await base.app.close();
    const app = await buildApp({
      config: testConfig({ webDist: '/nonexistent', smtpUrl: `smtp://127.0.0.1:${smtp.port}` }),
      db: base.database.db,
      jobsConnection: base.database.jobs,
      logger: silent,
    });
    t = { ...base, app, close: async () => (await app.close(), await base.database.close(), await smtp.close()) };
    await new Agent(app).post(endpointPath(authEndpoints.requestPasswordReset), { email });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 20_000, interval: 50 });
  });

  it('a deliverer woken while a transaction that kept a mail is still open neither blocks it nor loses the mail', async () => {
    const smtp = await fakeSmtp();
    const base = await createTestContext();
    await base.app.close();
    const app = await buildApp({
      config: testConfig({ webDist: '/nonexistent', smtpUrl: `smtp://127.0.0.1:${smtp.port}` }),
      db: base.database.db,
      jobsConnection: base.database.jobs,
      logger: silent,
    });
    t = { ...base, app, close: async () => (await app.close(), await base.database.close(), await smtp.close()) };
    // A mailer of this process: its sends nudge the app's deliverer.
    const mailer = createMailer({ db: base.database.db, clock: base.clock, logger: silent, jobs: app.jobs, from: base.config.mailFrom });
    const subject = unique('Open');
    await base.database.db.transaction(async (tx) => {
      await mailer.send(tx, { to: 'ann@example.test', subject, text: 'Kept in a transaction still open.' });
      // Another request answers meanwhile: the deliverer runs (on the embedded database its claim waits for this
      // transaction; on PostgreSQL it does not see the mail yet), and the transaction goes on and commits.
      app.jobs.wakeSent();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    // This request's own answer, after its commit.
    app.jobs.wakeSent();
    await vi.waitFor(() => expect(smtp.received.filter((m) => m.includes(`Subject: ${subject}`))).toHaveLength(1), { timeout: 20_000, interval: 50 });
    expect(await outbox(base.database, subject)).toMatchObject([{ error: null }]);
  });
});

describe('jobs survive a restart', () => {
  it('runs a job enqueued before the app and its database closed, in the next app', async () => {
    const store = await restartableDatabase();
    const clock = fixedClock(new Date('2026-11-01T09:00:00Z'));
    const config = testConfig({ webDist: '/nonexistent' });
    try {
      let database = await store.open();
      let app = await buildApp({ config, db: database.db, clock, logger: silent, jobsConnection: database.jobs, jobsMode: 'manual' });
      const email = uniqueEmail();
      const business = { name: unique('Business'), country: 'sg', currency: 'sgd' };
      await new Agent(app).ok(authEndpoints.register, { body: { name: unique('Person'), email, password: FACTORY_PASSWORD, business } });
      await new Agent(app).post(endpointPath(authEndpoints.requestPasswordReset), { email });
      await app.close();
      await database.close();

      database = await store.open();
      app = await buildApp({ config, db: database.db, clock, logger: silent, jobsConnection: database.jobs, jobsMode: 'manual' });
      expect(await outbox(database, 'Reset your password')).toEqual([{ sent_at: null, error: null }]);
      await app.jobs.runDue();
      expect((await outbox(database, 'Reset your password'))[0]?.sent_at).not.toBeNull();
      await app.close();
      await database.close();
    } finally {
      await store.dispose();
    }
  });
});

describe('schedules and the module hook', () => {
  let t: TestContext;
  const started: Jobs[] = [];
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterEach(async () => {
    for (const jobs of started.splice(0)) await jobs.stop();
  });
  afterAll(async () => t.close());

  /** A second process on the same database: its own job queue with the same module list. */
  async function processWith(ticks: string[]): Promise<Jobs> {
    const jobs = createJobs({ connection: t.database.jobs, clock: t.clock, logger: silent, mode: 'manual' });
    const tickModule = defineModule({
      name: 'ticks',
      create: () => ({ record: async (tick: string) => void ticks.push(tick) }),
      // The one-liner a module adds for a recurring job (settlement: `jobs.schedule('payments.settle', { every: hours(1) }, ...)`).
      jobs: (registry, service) => registry.schedule('test.ticks', { every: minutes(10) }, ({ data }) => service.record(data.tick)),
    });
    compose({} as Platform)
      .use(tickModule)
      .registerJobs(jobs);
    await jobs.start();
    started.push(jobs);
    return jobs;
  }

  it('runs a schedule once per tick, whichever process gets there first', async () => {
    t.clock.set(new Date('2026-11-01T09:03:00Z'));
    const ticks: string[] = [];
    const [a, b] = [await processWith(ticks), await processWith(ticks)];
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ticks).toEqual(['2026-11-01T09:00:00.000Z']);

    // Later in the same tick: nothing; the next tick: once more.
    t.clock.set(new Date('2026-11-01T09:09:59Z'));
    expect(await a.runDue()).toBe(0);
    t.clock.set(new Date('2026-11-01T09:10:00Z'));
    await Promise.all([b.runDue(), a.runDue()]);
    expect(ticks).toEqual(['2026-11-01T09:00:00.000Z', '2026-11-01T09:10:00.000Z']);
  });

  it('runs a tick that ran already once more when asked to rerun (the dev clock put back and moved forward again)', async () => {
    t.clock.set(new Date('2026-11-02T09:03:00Z'));
    const ticks: string[] = [];
    const jobs = await processWith(ticks);
    await jobs.checkSchedules();
    await jobs.runDue();
    expect(ticks).toEqual(['2026-11-02T09:00:00.000Z']);
    // The same tick again: nothing without a rerun, one more run with it.
    await jobs.checkSchedules();
    expect(await jobs.runDue()).toBe(0);
    await jobs.checkSchedules({ rerun: true });
    await jobs.runDue();
    expect(ticks).toEqual(['2026-11-02T09:00:00.000Z', '2026-11-02T09:00:00.000Z']);
  });

  it('starts several processes at once on one database: each queue is created once and every start succeeds', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `test.race-${randomBytes(3).toString('hex')}-${i}`);
    const processes = Array.from({ length: 4 }, () => {
      const jobs = createJobs({ connection: t.database.jobs, clock: t.clock, logger: silent, mode: 'manual' });
      for (const name of names) jobs.work(name, async () => undefined);
      started.push(jobs);
      return jobs;
    });
    await Promise.all(processes.map((jobs) => jobs.start()));
    const queues = await rowsOf<{ name: string }>(t.database, sql`select name from pgboss.queue where name like 'test.race-%'`);
    expect(queues.map((q) => q.name).sort()).toEqual([...names].sort());
  });

  it('refuses to send a job nobody handles, and a handler registered twice', async () => {
    const jobs = await processWith([]);
    await expect(jobs.send(t.database.db, 'nobody.handles', {})).rejects.toThrow(/no job named nobody.handles/);
    const other = createJobs({ connection: t.database.jobs, clock: t.clock, logger: silent, mode: 'manual' });
    other.work('twice', async () => undefined);
    expect(() => other.work('twice', async () => undefined)).toThrow(/registered twice/);
  });

  it('gives each job of a polling worker its own outcome when several are taken at once: the failed one is retried, the rest complete', async () => {
    const name = `test.batch-${randomBytes(3).toString('hex')}`;
    const ran: number[] = [];
    const jobs = createJobs({ connection: t.database.jobs, clock: t.clock, logger: silent, mode: 'poll' });
    jobs.work<{ n: number }>(name, async ({ data }) => {
      ran.push(data.n);
      if (data.n === 3) throw new Error('job 3 fails');
    });
    // Waiting before the worker starts, so its first fetch takes them together.
    const sender = createJobs({ connection: t.database.jobs, clock: t.clock, logger: silent, mode: 'manual' });
    sender.work(name, async () => undefined);
    await sender.start();
    started.push(sender);
    for (const n of [1, 2, 3, 4, 5]) await sender.send(t.database.db, name, { n });
    await jobs.start();
    started.push(jobs);
    await vi.waitFor(
      async () => {
        const states = await rowsOf<{ n: number; state: string }>(
          t.database,
          sql`select (data->>'n')::int as n, state from pgboss.job where name = ${name} order by 1`,
        );
        expect(states).toEqual([
          { n: 1, state: 'completed' },
          { n: 2, state: 'completed' },
          { n: 3, state: 'retry' },
          { n: 4, state: 'completed' },
          { n: 5, state: 'completed' },
        ]);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect([...ran].sort()).toEqual([1, 2, 3, 4, 5]);
    // One fetch took all five (it stamps them with its transaction's time), not one fetch per job.
    const fetches = await rowsOf<{ fetches: number }>(t.database, sql`select count(distinct started_on)::int as fetches from pgboss.job where name = ${name}`);
    expect(fetches).toEqual([{ fetches: 1 }]);
    // The failed attempt keeps what the handler threw, as pg-boss keeps it for a handler's error.
    const [failed] = await rowsOf<{ message: string; stack: string | null }>(
      t.database,
      sql`select output->>'message' as message, output->>'stack' as stack from pgboss.job where name = ${name} and (data->>'n')::int = 3`,
    );
    expect(failed).toMatchObject({ message: 'job 3 fails', stack: expect.stringContaining('job 3 fails') });
  });

  it('runs a delayed job of a polling worker soon after it is due, though nothing woke the worker', async () => {
    const name = `test.delayed-${randomBytes(3).toString('hex')}`;
    const ran: number[] = [];
    const jobs = createJobs({ connection: t.database.jobs, clock: t.clock, logger: silent, mode: 'poll' });
    jobs.work<{ n: number }>(name, async ({ data }) => void ran.push(data.n));
    await jobs.start();
    started.push(jobs);
    // Sent by another process with a start one second later: no wake reaches the worker, only its look for due jobs
    // (on the embedded database one query for every queue every 2 s, the workers' own polling being rare).
    const sender = createJobs({ connection: t.database.jobs, clock: t.clock, logger: silent, mode: 'manual' });
    sender.work(name, async () => undefined);
    await sender.start();
    started.push(sender);
    await sender.send(t.database.db, name, { n: 1 }, { startAfter: new Date(Date.now() + 1000) });
    await vi.waitFor(() => expect(ran).toEqual([1]), { timeout: 10_000, interval: 100 });
  });

  it('keeps one job per singleton key', async () => {
    const jobs = createJobs({ connection: t.database.jobs, clock: t.clock, logger: silent, mode: 'manual' });
    const seen: number[] = [];
    jobs.work<{ n: number }>('test.once', async ({ data }) => void seen.push(data.n));
    await jobs.start();
    started.push(jobs);
    const first = await jobs.send(t.database.db, 'test.once', { n: 1 }, { singletonKey: 'k' });
    expect(first).not.toBeNull();
    expect(await jobs.send(t.database.db, 'test.once', { n: 2 }, { singletonKey: 'k' })).toBeNull();
    await jobs.runDue();
    expect(await jobs.send(t.database.db, 'test.once', { n: 3 }, { singletonKey: 'k' })).toBeNull();
    await jobs.runDue();
    expect(seen).toEqual([1]);
  });
});
