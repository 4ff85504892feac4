import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { hasDemoUsers, isEmpty, seedDemoData, DEMO_PASSWORD, DEMO_USERS } from './db/seed';
import { seedDemoSubscriptions } from './db/seed-subscriptions';
import { seedDemoInvoices } from './db/seed-invoices';
import { seedDemoPayments } from './db/seed-payments';
import { listen } from './http/listen';
import { crashAtStatementAfterCommit } from './http/test-faults';
import { movableClock, systemClock } from './lib/clock';
import { createLogger } from './lib/logger';

/** Listen and shut down gracefully; everything else is built by buildApp. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    poolSize: config.databasePoolSize,
    ...(config.testFaults === 'kill' ? { onQuery: crashAtStatementAfterCommit } : {}),
  });
  await migrateDatabase(database);
  if (await isEmpty(database.db)) {
    if (config.demoData) {
      const demo = await seedDemoData(database.db, systemClock, { config });
      if (config.demoHistory) {
        // Through the charges service, so events, fees and the ledger are what real payments make; before the
        // server listens, so nobody sees (or a stop leaves) half a history.
        const started = performance.now();
        const { payments, transfers } = await seedDemoPayments(database.db, demo.businessId, demo.ownerId, systemClock.now(), config);
        const { invoices } = await seedDemoInvoices(database.db, demo.businessId, demo.ownerId, systemClock.now());
        const { subscriptions } = await seedDemoSubscriptions(database.db, demo.businessId, demo.ownerId, systemClock.now(), config);
        const ms = Math.round(performance.now() - started);
        logger.info(`demo history seeded: ${payments} payments, ${invoices} invoices, ${transfers} transfers and ${subscriptions} subscriptions in ${ms} ms`);
      }
      logger.info(`demo data seeded: sign in as ${Object.values(DEMO_USERS).join(', ')} with password "${DEMO_PASSWORD}"`);
    } else if (!config.loopbackOnly) {
      logger.info('no demo data: the server listens beyond this machine, and the demo logins have a published password (DEMO_DATA=on seeds them anyway)');
    }
  } else if (!config.loopbackOnly && !config.demoData && (await hasDemoUsers(database.db))) {
    logger.warn(
      `this database has demo logins whose password is published ("${DEMO_PASSWORD}") and the server listens beyond this machine: remove them or change their passwords`,
    );
  }
  const devClock = config.devClock ? movableClock() : undefined;
  const app = await buildApp({ config, db: database.db, changes: database.changes, jobsConnection: database.jobs, logger, ...(devClock ? { devClock } : {}) });
  const listening = await listen(app, { host: config.bindHost, port: config.port, logger });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    await listening.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  logger.info(`Merchant Dashboard is running at ${config.publicUrl} (${where}), listening on ${listening.addresses.join(' and ')}`);
  if (config.devClock) logger.info(`the dev clock is on (this machine only): ${config.publicUrl}/_dev/clock`);
  if (config.testFaults === 'kill') logger.warn('test faults are on (TEST_FAULTS=on): a request that asks for one kills this process');
  if (config.devMailbox) logger.info(`mail is kept in the dev mailbox (this machine only): ${config.publicUrl}/_dev/mailbox`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
