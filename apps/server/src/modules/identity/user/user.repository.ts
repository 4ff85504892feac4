import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { recoveryCodes, users } from '@/db/schema';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

export const userRepository = {
  async findById(db: Executor, id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  },
  async findByEmail(db: Executor, email: string) {
    const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return row ?? null;
  },
  async insert(db: Executor, row: NewUser) {
    const [created] = await db
      .insert(users)
      .values({ ...row, email: row.email.toLowerCase() })
      .returning();
    return created!;
  },
  async update(db: Executor, id: string, patch: UserPatch) {
    const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
    return row!;
  },
  /** Replaces the user's recovery codes (none when `hashes` is empty). */
  async replaceRecoveryCodes(db: Executor, userId: string, hashes: string[], now: Date) {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    if (hashes.length > 0) await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
  },
  /** Marks an unused recovery code used; false when the user has no such unused code. */
  async spendRecoveryCode(db: Executor, userId: string, codeHash: string, now: Date): Promise<boolean> {
    const spent = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ hash: recoveryCodes.codeHash });
    return spent.length > 0;
  },
};
