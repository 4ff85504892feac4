import { and, eq, gte, lt, ne } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sessions, users } from '@/db/schema';

export type NewSession = typeof sessions.$inferInsert;

export const sessionRepository = {
  /** The session and its signed-in user in one round trip (the hot path of every request). */
  async findWithUser(db: Executor, id: string) {
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, id))
      .limit(1);
    return row ?? null;
  },
  async insert(db: Executor, row: NewSession) {
    const [created] = await db.insert(sessions).values(row).returning();
    return created!;
  },
  async touch(db: Executor, id: string, at: Date) {
    await db.update(sessions).set({ lastActivityAt: at }).where(eq(sessions.id, id));
  },
  async delete(db: Executor, id: string) {
    await db.delete(sessions).where(eq(sessions.id, id));
  },
  /** The user's sessions active at or after `activeSince` (older ones are past the idle timeout). */
  async listForUser(db: Executor, userId: string, activeSince: Date) {
    return db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gte(sessions.lastActivityAt, activeSince)))
      .orderBy(sessions.lastActivityAt);
  },
  async deleteForUser(db: Executor, userId: string, exceptId?: string) {
    const where = exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId);
    return (await db.delete(sessions).where(where).returning({ id: sessions.id })).length;
  },
  async deleteOneForUser(db: Executor, userId: string, id: string) {
    return (
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ id: sessions.id })
    ).length;
  },
  async deleteIdleBefore(db: Executor, before: Date) {
    await db.delete(sessions).where(lt(sessions.lastActivityAt, before));
  },
};
