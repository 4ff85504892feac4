import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { passwordResets } from '@/db/schema';

export const passwordResetRepository = {
  async insert(db: Executor, row: typeof passwordResets.$inferInsert) {
    await db.insert(passwordResets).values(row);
  },
  async findByTokenHash(db: Executor, tokenHash: string) {
    const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1);
    return row ?? null;
  },
  /** A used link kills every other link of the user. */
  async markUsedForUser(db: Executor, userId: string, now: Date) {
    await db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.userId, userId));
  },
};
