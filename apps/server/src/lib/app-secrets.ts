import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { appSecrets } from '../db/schema';
import { randomToken } from './crypto';

/**
 * A secret of the server, made at its first start and kept in the database, so every app process
 * (and every restart) uses the same one. Two processes starting together agree on the first one stored.
 */
export async function appSecret(db: Executor, name: string, now: Date): Promise<string> {
  await db.insert(appSecrets).values({ name, value: randomToken(32), createdAt: now }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  if (!row) throw new Error(`The server secret ${name} could not be stored`);
  return row.value;
}
