import { z } from 'zod';
import { isLoopbackHost } from './lib/loopback';

/** `auto` decides by where the server listens (see loadConfig); `on` and `off` are explicit. */
const Switch = z.enum(['auto', 'on', 'off']).default('auto');

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** `localhost` listens on 127.0.0.1 and ::1 only; a deployment sets e.g. 0.0.0.0 or one interface's address. */
  BIND_HOST: z.string().trim().min(1).default('localhost'),
  /** Base domain of the per-kind hosts (spec 9): invoice.<base>, shop.<base>, ... */
  BASE_DOMAIN: z.string().default('localhost'),
  /** The dashboard origin as people reach it; used in mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL only: the most connections the app's pool opens (the job queue has its own small pool). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** A streaming replica of DATABASE_URL: lists, reports, exports and the overview read it (docs/operations.md). */
  DATABASE_REPLICA_URL: z.string().optional(),
  /** `pgbouncer`: DATABASE_URL is PgBouncer in transaction pooling mode (statements unnamed; LISTEN on DATABASE_DIRECT_URL). */
  DATABASE_POOLER: z.enum(['none', 'pgbouncer']).default('none'),
  /** With DATABASE_POOLER: the database itself, past the pooler (the change feed's LISTEN and the migrations). */
  DATABASE_DIRECT_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Merchant Dashboard <no-reply@merchant.test>'),
  /** Delivered mail is deleted from the outbox this many days after it was kept (the daily `mail.purge`). */
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Demo logins with a published password: seeded into an empty database only while listening on loopback, unless `on`. */
  DEMO_DATA: Switch,
  /** With demo data: 90 days of payment history for the demo business (off: the demo logins and businesses only). */
  DEMO_HISTORY: z.enum(['on', 'off']).default('on'),
  /** The dev mailbox shows every mail (reset and invitation links): on loopback only, unless `on`. */
  DEV_MAILBOX: Switch,
  /** The dev clock (`/_dev/clock`): the server's time can be moved ahead, for browser tests of schedules. Never in production. */
  DEV_CLOCK: z.enum(['on', 'off']).default('off'),
  /** Test-only faults (a request may ask its process to die at a point of its work): with NODE_ENV=test only. */
  TEST_FAULTS: z.enum(['on', 'off']).default('off'),
  EXIT_WITH_PARENT: z.enum(['on', 'off']).default('off'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  /** How long a signed-in page waits for its first screen's answers beyond the user's (0: it carries the user only). */
  PAGE_ANSWERS_BUDGET_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  PUBLIC_API_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(600),
  /** A staff member's support chat answers a minute (docs/decisions.md, "Support chat"); the chat benchmark raises it. */
  CHAT_STAFF_ANSWERS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Webhooks may be sent to private and loopback addresses (a receiver on this machine): development only, never in production. */
  WEBHOOK_PRIVATE_TARGETS: z.enum(['on', 'off']).default('off'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  WEB_DIST: z.string().optional(),
  /**
   * What this process does: `web` serves HTTP and runs no jobs or schedules, `worker` runs the job queue and
   * schedules and serves only health, `all` both (one process: the default, and the only one the embedded database allows).
   */
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /** `run`: the process applies pending migrations at start; `check`: it does not (`npm run migrate` is a deploy step) and is not ready until they are applied. */
  MIGRATIONS: z.enum(['run', 'check']).default('run'),
  /** On SIGTERM: how long /readyz answers 503 before the server stops accepting (a load balancer's time to notice). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** On SIGTERM: how long requests in flight and running jobs may take to finish before the process exits anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  /**
   * A bearer token that lets a scraper read `/metrics` from any address. Without it only this machine may, and only
   * when no reverse proxy is trusted (behind one, every stranger's request arrives from the proxy).
   */
  METRICS_TOKEN: z.string().min(24, 'at least 24 characters').optional(),
});

export type ProcessRole = 'all' | 'web' | 'worker';

export interface AppConfig {
  /** What this process does (ROLE): web (HTTP, no jobs), worker (jobs and schedules, health only) or all. */
  role: ProcessRole;
  /** Whether the process applies pending migrations at start (MIGRATIONS=run) or leaves them to `npm run migrate`. */
  runMigrations: boolean;
  shutdownDelayMs: number;
  /** METRICS_TOKEN: the bearer token `/metrics` accepts from any address (docs/operations.md). */
  metricsToken: string | undefined;
  shutdownGraceMs: number;
  port: number;
  bindHost: string;
  /** The server listens on loopback addresses only (nobody else on the network reaches it). */
  loopbackOnly: boolean;
  baseDomain: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** DATABASE_REPLICA_URL: the replica the reads that may lag read (db/replica.ts). */
  databaseReplicaUrl: string | undefined;
  /** DATABASE_POOLER: the pooler DATABASE_URL points at, if any. */
  databasePooler: 'pgbouncer' | undefined;
  /** DATABASE_DIRECT_URL: the database past the pooler. */
  databaseDirectUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailRetentionDays: number;
  demoData: boolean;
  demoHistory: boolean;
  sessionIdleMinutes: number;
  trustProxy: boolean;
  logLevel: string;
  production: boolean;
  /**
   * The dev mailbox exists when DEV_MAILBOX=on, or (auto) when no SMTP server is configured, not in
   * production, listening on loopback only and not behind a reverse proxy. It answers loopback clients only.
   */
  devMailbox: boolean;
  /**
   * The dev clock exists when DEV_CLOCK=on, not in production, listening on loopback only and not behind a
   * reverse proxy. It answers loopback clients only.
   */
  devClock: boolean;
  /**
   * Test-only faults (http/idempotency.ts, `TEST_CRASH_HEADER`): `kill` when TEST_FAULTS=on with NODE_ENV=test,
   * listening on loopback only and not behind a reverse proxy: a request that asks for it kills the process
   * (SIGKILL) at a point of its work; `simulate` in the API tests: that request alone stops there; else `off`.
   */
  testFaults: 'off' | 'kill' | 'simulate';
  /**
   * EXIT_WITH_PARENT=on: the process stops (gracefully) once the process that started it has ended, as a test run,
   * a benchmark or `npm start` that was killed leaves no server behind.
   */
  exitWithParent: boolean;
  webDist: string | undefined;
  /**
   * How long a signed-in page waits for its first screen's answers beyond the user's (http/page-bootstrap.ts)
   * before it goes without them; the screen then fetches them itself.
   */
  pageAnswersBudgetMs: number;
  /** Requests a public API key may make per minute (docs/developers.md); more answer 429 with Retry-After. */
  publicApiRateLimit: number;
  /** A staff member's support chat answers a minute; more answer 429 with Retry-After. */
  chatStaffAnswersPerMinute: number;
  /** Webhooks (the legacy payment request callback) may reach private and loopback addresses: off unless set, never in production. */
  webhookPrivateTargets: boolean;
  /** What an error code a handler throws beyond its endpoint's declaration does (apps/server/src/http/endpoint.ts). */
  undeclaredErrors: 'refuse' | 'log';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.DATABASE_POOLER !== 'none' && !(c.DATABASE_URL && c.DATABASE_DIRECT_URL)) {
    throw new Error('Invalid configuration:\nDATABASE_POOLER: needs DATABASE_URL (the pooler) and DATABASE_DIRECT_URL (the database past it)');
  }
  if (c.DATABASE_REPLICA_URL && !c.DATABASE_URL) throw new Error('Invalid configuration:\nDATABASE_REPLICA_URL: needs DATABASE_URL (its primary)');
  if (c.ROLE !== 'all' && !c.DATABASE_URL) {
    throw new Error(
      `Invalid configuration:\nROLE: ${c.ROLE} needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process, which must be ROLE=all`,
    );
  }
  const production = c.NODE_ENV === 'production';
  const loopbackOnly = isLoopbackHost(c.BIND_HOST);
  const smtpUrl = c.SMTP_URL || undefined;
  const trustProxy = c.TRUST_PROXY === 'true';
  return {
    role: c.ROLE,
    runMigrations: c.MIGRATIONS === 'run',
    shutdownDelayMs: c.SHUTDOWN_DELAY_MS,
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
    metricsToken: c.METRICS_TOKEN,
    port: c.PORT,
    bindHost: c.BIND_HOST,
    loopbackOnly,
    baseDomain: c.BASE_DOMAIN,
    publicUrl: (c.PUBLIC_URL ?? `http://${c.BASE_DOMAIN}:${c.PORT}`).replace(/\/$/, ''),
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL || undefined,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databaseReplicaUrl: c.DATABASE_REPLICA_URL || undefined,
    databasePooler: c.DATABASE_POOLER === 'none' ? undefined : c.DATABASE_POOLER,
    databaseDirectUrl: c.DATABASE_DIRECT_URL || undefined,
    smtpUrl,
    mailFrom: c.MAIL_FROM,
    mailRetentionDays: c.MAIL_RETENTION_DAYS,
    demoData: c.DEMO_DATA === 'auto' ? loopbackOnly : c.DEMO_DATA === 'on',
    demoHistory: c.DEMO_HISTORY === 'on',
    sessionIdleMinutes: c.SESSION_IDLE_MINUTES,
    trustProxy,
    logLevel: c.LOG_LEVEL,
    production,
    // Behind a reverse proxy every stranger's request arrives from the proxy, often on loopback.
    devMailbox: c.DEV_MAILBOX === 'auto' ? !smtpUrl && !production && loopbackOnly && !trustProxy : c.DEV_MAILBOX === 'on',
    devClock: c.DEV_CLOCK === 'on' && !production && loopbackOnly && !trustProxy,
    testFaults: c.TEST_FAULTS === 'on' && c.NODE_ENV === 'test' && loopbackOnly && !trustProxy ? 'kill' : 'off',
    exitWithParent: c.EXIT_WITH_PARENT === 'on',
    webDist: c.WEB_DIST,
    pageAnswersBudgetMs: c.PAGE_ANSWERS_BUDGET_MS,
    publicApiRateLimit: c.PUBLIC_API_RATE_LIMIT,
    chatStaffAnswersPerMinute: c.CHAT_STAFF_ANSWERS_PER_MINUTE,
    webhookPrivateTargets: c.WEBHOOK_PRIVATE_TARGETS === 'on' && !production,
    undeclaredErrors: 'log',
  };
}

/**
 * A config for tests: everything default, no demo data; an undeclared error code fails the request; a request
 * that asks for a test fault stops where it asks (the test process itself never dies).
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // A loaded test machine must not leave a page's answers out: tests of the budget set their own.
  return {
    ...loadConfig({ DEMO_DATA: 'off', LOG_LEVEL: 'silent' }),
    undeclaredErrors: 'refuse',
    pageAnswersBudgetMs: 30_000,
    testFaults: 'simulate',
    ...overrides,
  };
}
