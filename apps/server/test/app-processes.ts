import { createServer } from 'node:net';
import type { sql } from 'drizzle-orm';
import pino from 'pino';
import { composeApp } from '../src/app';
import { testConfig, type AppConfig } from '../src/config';
import type { Database } from '../src/db/client';
import type { fixedClock } from '../src/lib/clock';
import { createRateLimiter } from '../src/lib/rate-limit';
import { createMailer } from '../src/mail/mailer';
import type { JobRegistry } from '../src/modules/platform/jobs/jobs.service';
import type { Platform } from '../src/modules/module';
import { createAuditService } from '../src/modules/platform/audit/audit.service';
import { createJobs } from '../src/modules/platform/jobs/jobs.service';
import type { TestContext } from './harness';
import { restartableDatabase } from './restartable-database';

/**
 * Several app processes on one database, for the schedulers' exactly-once tests (subscriptions, repeating
 * invoices): whole apps with their jobs run by hand, and the schedulers of further processes built from only the
 * modules they need, each with a job queue of its own.
 */
const silent = pino({ level: 'silent' });
// The clock moves by months here, and the tests count the mail each period sent: the daily purge of delivered mail
// (30 days by default) would take the first period's away when a racing pass runs the due jobs.
const defaultConfig = testConfig({ webDist: '/nonexistent', sessionIdleMinutes: 60 * 24 * 365, mailRetentionDays: 3650 });

type Clock = ReturnType<typeof fixedClock>;

/** One app process on a database: the real app, jobs run by hand (`config`: these tests' unless given). */
export async function appOn(database: Database, clock: Clock, config: AppConfig = defaultConfig): Promise<TestContext> {
  const { app, services } = await composeApp({
    config,
    db: database.db,
    changes: database.changes,
    clock,
    logger: silent,
    jobsConnection: database.jobs,
    jobsMode: 'manual',
  });
  return { app, database, clock, config, services, close: async () => app.close() };
}

/**
 * Another process: its platform (mail, audit, rate limits, a job queue of its own) and the modules `compose` builds
 * on it; their jobs and the mail's are registered and the queue started. Answers the modules' services and the queue.
 */
export async function otherProcessOn<Services>(
  database: Database,
  clock: Clock,
  compose: (platform: Platform) => { services: Services; registerJobs(jobs: JobRegistry): void },
) {
  const jobs = createJobs({ connection: database.jobs, clock, logger: silent, mode: 'manual' });
  const mailer = createMailer({ db: database.db, clock, logger: silent, jobs, from: defaultConfig.mailFrom });
  const platform: Platform = {
    db: database.db,
    clock,
    config: defaultConfig,
    changes: undefined,
    mailer,
    limiter: createRateLimiter({ db: database.db, clock }),
    audit: createAuditService({ clock }),
    jobs,
  };
  const modules = compose(platform);
  mailer.registerJobs(jobs);
  modules.registerJobs(jobs);
  await jobs.start();
  return { services: modules.services, jobs };
}

/** The rows of a raw query. */
export async function rows<Row>(database: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * Two app processes (`a` on `first`, `b` on `second`) and two more schedulers (`others`, one on each) on one new
 * database: on PostgreSQL `second` is a connection of its own; the embedded database has one owner, so there every
 * "process" shares its one handle and their transactions take turns. `close` stops them all and drops the database.
 */
export async function racingProcesses<Scheduler extends { jobs: { stop(): Promise<void> } }>(
  clock: Clock,
  schedulerOn: (database: Database, clock: Clock) => Promise<Scheduler>,
) {
  const store = await restartableDatabase();
  const first = await store.open();
  const second = (process.env.TEST_DB_KIND ?? 'pglite') === 'postgres' ? await store.open() : first;
  const a = await appOn(first, clock);
  const b = await appOn(second, clock);
  const others = [await schedulerOn(first, clock), await schedulerOn(second, clock)];
  const close = async () => {
    for (const p of others) await p.jobs.stop();
    await a.close();
    await b.close();
    if (second !== first) await second.close();
    await first.close();
    await store.dispose();
  };
  return { first, second, a, b, others, close };
}

/** Makes the process "stop" at the next insert into `table` (where `when` holds): the insert raises, its transaction rolls back. */
export async function breakInsert(database: Database, table: string, when = 'true') {
  await database.exec(`
    create or replace function test_stop_here() returns trigger language plpgsql as $$
    begin
      if ${when} then raise exception 'the process stopped here'; end if;
      return new;
    end $$;
    create trigger test_stop_here before insert on ${table} for each row execute function test_stop_here();`);
}

/** Takes `breakInsert` away again. */
export async function heal(database: Database, table: string) {
  await database.exec(`drop trigger test_stop_here on ${table}; drop function test_stop_here();`);
}

/** A TCP port on 127.0.0.1 nobody listens on right now (for a server process a test starts). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
