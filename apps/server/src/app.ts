import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { configureZodMessages } from '@merchant/core';
import { MAX_DOCUMENT_BYTES } from '@merchant/business';
import type { AppConfig } from './config';
import type { ChangeFeed } from './db/change-feed';
import type { Database, Executor, JobsConnection, PoolUse } from './db/client';
import { frameworkErrorHandler, installErrorHandler } from './http/errors';
import { createIdempotency } from './http/idempotency';
import { openApiOptions } from './http/openapi';
import { installSecurityHeaders } from './http/security-headers';
import { createSocketRoutes } from './http/sockets';
import { createGuestTokens, installSessionLoader } from './http/session-cookie';
import { installWriteBarrier } from './http/write-barrier';
import { installReadRouting } from './http/read-routing';
import { installWebDelivery } from './http/web-delivery';
import { pageBootstrap } from './http/page-bootstrap';
import { appSecret } from './lib/app-secrets';
import { systemClock, type Clock, type MovableClock } from './lib/clock';
import { newId } from './lib/crypto';
import { createLogger } from './lib/logger';
import { requestLoggerFactory } from './lib/request-logger';
import { createMailer, type Mailer } from './mail/mailer';
import { createJobs, minutes, type Jobs, type JobsMode } from './modules/platform/jobs/jobs.service';
import { devClockRoutes } from './modules/platform/dev-clock/dev-clock.routes';
import type { ProcessorFaults } from './modules/payments/processor/test-provider';
import type { PaymentSourceAdapter } from './modules/payments/charges/charges.service';
import type { PaymentProvider } from './modules/payments/processor/provider';
import { healthRoutes, type Readiness } from './modules/platform/health/health.routes';
import { backupRoutes, type BackupSource } from './modules/platform/backup/backup.routes';
import { metricsRoutes } from './modules/platform/metrics/metrics.routes';
import { createMetrics } from './modules/platform/metrics/metrics.service';
import { buildServices, type Services } from './services';
import type { ProcessRole } from './config';

/** How a process of each role runs the job queue (docs/operations.md). */
const JOBS_MODE_OF_ROLE: Record<ProcessRole, JobsMode> = { all: 'poll', web: 'send', worker: 'work' };

export interface BuildAppOptions {
  config: AppConfig;
  db: Executor;
  /** The database's change feed; without it nothing is cached (every request reads its session). */
  changes?: ChangeFeed;
  clock?: Clock;
  /** The dev clock (config.devClock): the app's clock, movable through `/_dev/clock` from this machine. */
  devClock?: MovableClock;
  logger?: Logger;
  mailer?: Mailer;
  /** How the job queue reaches the database (`Database.jobs`). */
  jobsConnection: JobsConnection;
  /** How jobs run: by default as the process's role says (ROLE); `manual` only through `app.jobs.runDue()` (tests). */
  jobsMode?: JobsMode;
  /** The database pool's use for /metrics (`Database.poolStats`; none on the embedded database). */
  poolStats?: (() => PoolUse) | undefined;
  /** The replica pool's use for /metrics (`Database.replicaPoolStats`; only with a replica). */
  replicaPoolStats?: (() => PoolUse) | undefined;
  /** The embedded database's backups, offered to `npm run backup` on this machine (none on PostgreSQL). */
  backup?: BackupSource | undefined;
  /** The embedded database's vacuum, statistics and checkpoints, on a schedule (`Database.maintain`; none on PostgreSQL). */
  maintain?: Database['maintain'] | undefined;
  /** Set to stopping by the server on SIGTERM: /readyz then answers 503. */
  readiness?: Readiness;
  /** Payment sources plugged in besides the modules' own (tests that pay a source of their own). */
  paymentSources?: readonly PaymentSourceAdapter[];
  /** Providers besides the built-in test-mode one (tests that pay through other providers' names). */
  paymentProviders?: readonly PaymentProvider[];
  /** Test faults of the test payment provider (the API tests' processor faults; never set by the server). */
  processorFaults?: ProcessorFaults;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue: started with the app, stopped when it closes. */
    jobs: Jobs;
  }
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The composition root: every dependency is passed in, so tests build the real app on a test database. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  return (await composeApp(options)).app;
}

/** The app and the services it was built on (`buildServices`): the API tests' factories call the same ones. */
export async function composeApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; services: Services }> {
  configureZodMessages();
  const { config, db } = options;
  const clock = options.devClock ?? options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.logLevel);
  const jobs = createJobs({ connection: options.jobsConnection, clock, logger, mode: options.jobsMode ?? JOBS_MODE_OF_ROLE[config.role] });
  const mailer =
    options.mailer ?? createMailer({ db, clock, logger, jobs, smtpUrl: config.smtpUrl, from: config.mailFrom, retentionDays: config.mailRetentionDays });
  const modules = buildServices({
    db,
    clock,
    config,
    mailer,
    jobs,
    changes: options.changes,
    ...(options.paymentSources ? { paymentSources: options.paymentSources } : {}),
    ...(options.paymentProviders ? { paymentProviders: options.paymentProviders } : {}),
    ...(options.processorFaults ? { processorFaults: options.processorFaults } : {}),
  });
  const secureCookies = config.publicUrl.startsWith('https://');
  const headers = { https: secureCookies };

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    genReqId: () => newId(),
    childLoggerFactory: requestLoggerFactory,
    // A request that reaches a stopping process on a kept-alive connection is answered, not refused with 503: the
    // stop waits for it (bounded by SHUTDOWN_GRACE_MS), and readiness has told the load balancer to send no more.
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler(headers),
  });
  app.decorate('endpoints', []);
  app.decorate('jobs', jobs);
  // Jobs a request sent in its transaction (its mail) are seen once it committed: by its answer it has.
  app.addHook('onResponse', (_req, _reply, done) => {
    jobs.wakeSent();
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installSecurityHeaders(app, headers);

  await app.register(swagger, openApiOptions);
  // The plugin's own hook parses cookies: it also readies the answer's cookie list, which its onSend needs in order to
  // write a cookie set by a later onSend (read routing's `md_written`); without it (`hook: false`) such a cookie was lost.
  await app.register(cookie);
  // Verification documents: one file per request, refused above the limit (checked again per part).
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, parts: 6 } });
  healthRoutes(app, { db, readiness: options.readiness ?? { stopping: false } });
  const metrics = createMetrics({
    db,
    clock,
    unsentMail: () => mailer.unsent(),
    sessionLookups: () => modules.services.sessions.cacheLookups(),
    poolStats: options.poolStats,
    replicaPoolStats: options.replicaPoolStats,
  });
  metricsRoutes(app, { metrics, token: config.metricsToken, trustProxy: config.trustProxy });
  if (options.backup) backupRoutes(app, options.backup);
  // A worker serves health and metrics only; its jobs and schedules need the services, not the routes.
  if (config.role === 'worker') return startJobs(app, { jobs, mailer, modules, maintain: options.maintain, logger });

  const guestTokens = createGuestTokens(await appSecret(db, 'guest_csrf_key', clock.now()));
  installSessionLoader(app, { sessions: modules.services.sessions, guestTokens });
  // Only where other processes share the database: on the embedded one a commit's listeners hear it before it returns.
  if (options.changes?.crossProcess) installWriteBarrier(app, options.changes);
  // With a read replica: which requests' reads that may lag read it (db/replica.ts).
  installReadRouting(app, db, secureCookies);
  const idempotency = createIdempotency({ db, clock, logger, testFaults: config.testFaults });
  app.addHook('onClose', async () => idempotency.close());
  // The support chat's and the notifications' sockets: their own context (http/sockets.ts).
  const sockets = createSocketRoutes();
  modules.registerRoutes({ app, db, clock, config, secureCookies, guestTokens, standings: modules.services.business, idempotency, sockets });
  sockets.install(app);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  if (options.devClock) devClockRoutes(app, options.devClock, jobs);

  // The built dashboard: static assets, and index.html for every other GET or HEAD of a page.
  installWebDelivery(app, config.webDist ?? DEFAULT_WEB_DIST, pageBootstrap(app, config.baseDomain, config.pageAnswersBudgetMs));

  return startJobs(app, { jobs, mailer, modules, maintain: options.maintain, logger });
}

/** The embedded database's vacuum, statistics and checkpoints (db/maintenance.ts), every ten minutes (at the start too). */
export const EMBEDDED_MAINTENANCE_JOB = 'db.maintain-embedded';

interface StartJobs {
  jobs: Jobs;
  mailer: Mailer;
  modules: ReturnType<typeof buildServices>;
  maintain: BuildAppOptions['maintain'];
  logger: Logger;
}

/** Background jobs start once the app is built (the database is migrated by then) and stop when it closes. */
async function startJobs(app: FastifyInstance, { jobs, mailer, modules, maintain, logger }: StartJobs): Promise<{ app: FastifyInstance; services: Services }> {
  mailer.registerJobs(jobs);
  modules.registerJobs(jobs);
  if (maintain) {
    jobs.schedule(EMBEDDED_MAINTENANCE_JOB, { every: minutes(10) }, async () => {
      const run = await maintain();
      if (run.tables.length > 0 || run.checkpoint) logger.info(run, 'embedded database maintained (vacuum, statistics, checkpoint)');
    });
  }
  await jobs.start();
  app.addHook('onClose', async () => jobs.stop());
  return { app, services: modules.services };
}
