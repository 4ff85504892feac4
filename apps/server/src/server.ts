import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { isEmpty, seedDemoData, DEMO_PASSWORD, DEMO_USERS } from './db/seed';
import { systemClock } from './lib/clock';

/** Listen and shut down gracefully; everything else is built by buildApp. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  await migrateDatabase(database);
  if (config.demoData && (await isEmpty(database.db))) {
    await seedDemoData(database.db, systemClock, { uploadsDir: join(config.dataDir, 'uploads') });
    logger.info(`demo data seeded: sign in as ${Object.values(DEMO_USERS).join(', ')} with password "${DEMO_PASSWORD}"`);
  }
  const app = await buildApp({ config, db: database.db, changes: database.changes, logger });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.bindHost });
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  logger.info(`Merchant Dashboard is running at ${config.publicUrl} (${where})`);
  if (config.devMailbox) logger.info(`mail is kept in the dev mailbox: ${config.publicUrl}/_dev/mailbox`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
