import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { jsonRowsWrite } from '@/db/json-rows';
import type { Write } from '@/db/write-together';
import type { Cursor } from '@/lib/cursor';
import { auditLogs, businessUsers, users } from '@/db/schema';
import { pastCursor } from '@/db/keyset';

export type NewAuditLog = typeof auditLogs.$inferInsert;

/** Newest first, after the cursor's row (the keyset of every audit log read). */
export const afterCursor = (cursor: Cursor | undefined): SQL | undefined =>
  cursor ? pastCursor('desc', auditLogs.createdAt, auditLogs.id, { key: cursor.createdAt, id: cursor.id }) : undefined;

export const auditRepository = {
  /** An entry as a write for `writeTogether` (db/write-together.ts); run alone with `writeTogether(db, [write])`. */
  insertWrite(db: Executor, row: NewAuditLog): Write {
    return jsonRowsWrite(db, auditLogs, [row]);
  },
  /** Newest first, of the given actions only; the cursor is `<iso time>|<id>` of the last row seen. */
  async pageForSubject(db: Executor, userId: string, actions: readonly string[], limit: number, cursor?: Cursor) {
    return db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.subjectUserId, userId), inArray(auditLogs.action, [...actions]), afterCursor(cursor)))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(limit + 1);
  },
  /** The role the user holds in the business now ('super_admin' for a super admin who is no member). */
  async roleOf(db: Executor, businessId: string, userId: string): Promise<string | null> {
    const [row] = await db
      .select({ role: businessUsers.role, isSuperAdmin: users.isSuperAdmin })
      .from(users)
      .leftJoin(businessUsers, and(eq(businessUsers.userId, users.id), eq(businessUsers.businessId, businessId)))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) return null;
    return row.role ?? (row.isSuperAdmin ? 'super_admin' : null);
  },
};
