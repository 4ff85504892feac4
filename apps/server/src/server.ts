import { buildApp } from './app';
import { runBackupCommand } from './backup-commands';
import { writeBackupToken } from './db/backup';
import { loadConfig, type AppConfig } from './config';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { hasDemoUsers, isEmpty, seedDemoData, DEMO_PASSWORD, DEMO_USERS } from './db/seed';
import { seedDemoJournals } from './db/seed-connections';
import { seedDemoWebhooks } from './db/seed-webhooks';
import { seedDemoSubscriptions } from './db/seed-subscriptions';
import { seedDemoInvoices } from './db/seed-invoices';
import { seedDemoPayments } from './db/seed-payments';
import { seedDemoPartners } from './db/seed-partners';
import { seedDemoPos } from './db/seed-pos';
import { seedDemoStoreOrders } from './db/seed-store';
import { listen } from './http/listen';
import { crashAtStatementAfterCommit } from './http/test-faults';
import { movableClock, systemClock } from './lib/clock';
import { createLogger } from './lib/logger';
import type { Logger } from 'pino';

/** Listen and shut down gracefully; everything else is built by buildApp. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const command = process.argv[2];
  if (command === 'backup' || command === 'restore') process.exit(await runBackupCommand(command, process.argv[3], config));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    poolSize: config.databasePoolSize,
    replicaUrl: config.databaseReplicaUrl,
    pooler: config.databasePooler,
    directUrl: config.databaseDirectUrl,
    ...(config.testFaults === 'kill' ? { onQuery: crashAtStatementAfterCommit } : {}),
  });
  if (process.argv[2] === 'migrate') {
    // `npm run migrate`: the deploy step that applies migrations before new processes start (docs/operations.md).
    await migrateDatabase(database);
    await database.close();
    logger.info('migrations applied');
    return;
  }
  if (config.runMigrations) await migrateDatabase(database);
  // Demo data goes into an empty database from a process that migrated it and runs jobs (web processes starting
  // beside it would race it); with MIGRATIONS=check the tables may not exist yet.
  if (config.runMigrations && config.role !== 'web') await seedOrWarn(database, config, logger);
  const devClock = config.devClock ? movableClock() : undefined;
  // `npm run backup` asks this process for the embedded database's copy, with the token only the data directory holds.
  const backup = database.backup ? { dump: database.backup, token: writeBackupToken(config.dataDir) } : undefined;
  const readiness = { stopping: false };
  const app = await buildApp({
    config,
    db: database.db,
    changes: database.changes,
    jobsConnection: database.jobs,
    poolStats: database.poolStats,
    replicaPoolStats: database.replicaPoolStats,
    backup,
    maintain: database.maintain,
    logger,
    readiness,
    ...(devClock ? { devClock } : {}),
  });
  const listening = await listen(app, { host: config.bindHost, port: config.port, logger });
  let closing = false;
  /**
   * A graceful stop (docs/operations.md): /readyz answers 503 at once; after SHUTDOWN_DELAY_MS (the load balancer's
   * time to notice) the process stops accepting, answers the requests in flight and lets running jobs finish; past
   * SHUTDOWN_GRACE_MS it ends whatever is left and exits with 1.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    readiness.stopping = true;
    logger.info({ signal, delayMs: config.shutdownDelayMs, graceMs: config.shutdownGraceMs }, 'shutting down');
    if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    const overdue = setTimeout(() => {
      logger.warn('requests or jobs still running when the shutdown grace ran out: ending them');
      app.server.closeAllConnections();
      listening.destroy();
      process.exit(1);
    }, config.shutdownGraceMs);
    await Promise.all([app.close(), listening.close()]);
    await database.close();
    clearTimeout(overdue);
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  if (config.exitWithParent) {
    // An ended parent's children are handed to another process (init): the parent's id changes.
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) void shutdown('parent ended');
    }, 1_000).unref();
  }
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  const role = config.role === 'all' ? '' : ` as a ${config.role} process`;
  logger.info(`Merchant Dashboard is running${role} at ${config.publicUrl} (${where}), listening on ${listening.addresses.join(' and ')}`);
  if (config.devClock) logger.info(`the dev clock is on (this machine only): ${config.publicUrl}/_dev/clock`);
  if (config.testFaults === 'kill') logger.warn('test faults are on (TEST_FAULTS=on): a request that asks for one kills this process');
  if (config.devMailbox) logger.info(`mail is kept in the dev mailbox (this machine only): ${config.publicUrl}/_dev/mailbox`);
}

/** Demo data into an empty database (DEMO_DATA), or a warning when published demo logins face the network. */
async function seedOrWarn(database: Database, config: AppConfig, logger: Logger): Promise<void> {
  if (await isEmpty(database.db)) {
    if (config.demoData) {
      const demo = await seedDemoData(database.db, systemClock, { config });
      if (config.demoHistory) {
        // Through the charges service, so events, fees and the ledger are what real payments make; before the
        // server listens, so nobody sees (or a stop leaves) half a history.
        const started = performance.now();
        const { payments, transfers } = await seedDemoPayments(database.db, demo.businessId, demo.ownerId, systemClock.now(), config);
        const { invoices } = await seedDemoInvoices(database.db, demo.businessId, demo.ownerId, systemClock.now(), config);
        const { subscriptions } = await seedDemoSubscriptions(database.db, demo.businessId, demo.ownerId, systemClock.now(), config);
        const partner = await seedDemoPartners(database.db, demo, systemClock.now(), config);
        const posStarted = performance.now();
        const pos = await seedDemoPos(database.db, demo.businessId, demo.ownerId, systemClock.now(), config);
        const posMs = Math.round(performance.now() - posStarted);
        const storeStarted = performance.now();
        const store = await seedDemoStoreOrders(database.db, demo.businessId, demo.ownerId, systemClock.now(), config);
        const storeMs = Math.round(performance.now() - storeStarted);
        await seedDemoJournals(database.db, demo.businessId, systemClock, config);
        // After the history, so that only the few events of its own reach the two endpoints.
        const webhooks = await seedDemoWebhooks(database.db, demo.businessId, demo.ownerId, systemClock.now(), config);
        const ms = Math.round(performance.now() - started);
        logger.info(
          `demo history seeded: ${payments} payments, ${invoices} invoices, ${transfers} transfers, ${subscriptions} subscriptions, ${pos.orders} register orders in ${pos.drawers} drawers (${posMs} ms), ${store.orders} store orders (${storeMs} ms), ${webhooks.deliveries} webhook deliveries, and a partner's ${partner.months} months of commissions on ${partner.payments} payments of its florist, in ${ms} ms`,
        );
      }
      logger.info(`demo data seeded: sign in as ${Object.values(DEMO_USERS).join(', ')} with password "${DEMO_PASSWORD}"`);
      const api = new URL(config.publicUrl);
      api.hostname = `api.${config.baseDomain}`;
      logger.info(
        `the demo business's API key (test mode, shown this once): ${demo.apiKey}; try it: curl -H "X-BUSINESS-API-KEY: ${demo.apiKey}" ${api.origin}/v1/payment-requests`,
      );
    } else if (!config.loopbackOnly) {
      logger.info('no demo data: the server listens beyond this machine, and the demo logins have a published password (DEMO_DATA=on seeds them anyway)');
    }
  } else if (!config.loopbackOnly && !config.demoData && (await hasDemoUsers(database.db))) {
    logger.warn(
      `this database has demo logins whose password is published ("${DEMO_PASSWORD}") and the server listens beyond this machine: remove them or change their passwords`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
