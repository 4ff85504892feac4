import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { appSecrets } from '@/db/schema';

/** The server's secrets (lib/app-secrets.ts), one row per name. */
export const appSecretsRepository = {
  /** Stores the value unless the name has one already (the first one stored wins). */
  async insertIfMissing(db: Executor, row: { name: string; value: string; createdAt: Date }): Promise<void> {
    await db.insert(appSecrets).values(row).onConflictDoNothing();
  },
  async find(db: Executor, name: string) {
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
    return row ?? null;
  },
};
