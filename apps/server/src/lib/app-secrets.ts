import type { Executor } from '../db/client';
import { appSecretsRepository as repo } from '../modules/platform/app-secrets/app-secrets.repository';
import { randomToken } from './crypto';

/**
 * A secret of the server, made at its first start and kept in the database, so every app process
 * (and every restart) uses the same one. Two processes starting together agree on the first one stored.
 */
export async function appSecret(db: Executor, name: string, now: Date): Promise<string> {
  await repo.insertIfMissing(db, { name, value: randomToken(32), createdAt: now });
  const row = await repo.find(db, name);
  if (!row) throw new Error(`The server secret ${name} could not be stored`);
  return row.value;
}
