import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { auditLogs } from '../../../db/schema';

export type NewAuditLog = typeof auditLogs.$inferInsert;

export const auditRepository = {
  async insert(db: Executor, row: NewAuditLog) {
    await db.insert(auditLogs).values(row);
  },
  /** Newest first; the cursor is `<iso time>|<id>` of the last row seen. */
  async pageForSubject(db: Executor, userId: string, limit: number, cursor?: { createdAt: Date; id: string }) {
    const bySubject = eq(auditLogs.subjectUserId, userId);
    const after = cursor
      ? or(lt(auditLogs.createdAt, cursor.createdAt), and(eq(auditLogs.createdAt, cursor.createdAt), lt(auditLogs.id, cursor.id)))
      : undefined;
    return db
      .select()
      .from(auditLogs)
      .where(after ? and(bySubject, after) : bySubject)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(limit + 1);
  },
};
