import { and, asc, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { auditLogs, businessUsers, users } from '../../../db/schema';

export type NewAuditLog = typeof auditLogs.$inferInsert;

export interface AuditCursor {
  createdAt: Date;
  id: string;
}

/** Filters of a business's log: actor, exact action or prefix, and a half-open time range. */
export interface BusinessAuditQuery {
  actorUserId?: string | undefined;
  action?: { exact: string } | { prefix: string } | undefined;
  since?: Date | undefined;
  before?: Date | undefined;
}

/** Newest first, after the cursor's row. */
const afterCursor = (cursor: AuditCursor | undefined): SQL | undefined =>
  cursor
    ? or(lt(auditLogs.createdAt, cursor.createdAt), and(eq(auditLogs.createdAt, cursor.createdAt), lt(auditLogs.id, cursor.id)))
    : undefined;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const auditRepository = {
  async insert(db: Executor, row: NewAuditLog) {
    await db.insert(auditLogs).values(row);
  },
  /** Newest first; the cursor is `<iso time>|<id>` of the last row seen. */
  async pageForSubject(db: Executor, userId: string, limit: number, cursor?: AuditCursor) {
    const bySubject = eq(auditLogs.subjectUserId, userId);
    const after = afterCursor(cursor);
    return db
      .select()
      .from(auditLogs)
      .where(after ? and(bySubject, after) : bySubject)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(limit + 1);
  },
  /**
   * A business's entries, newest first, with the actor's name and email and their current role in the
   * business (entries also keep the role held at the time in `meta.actor_role`). Reads `limit + 1` rows.
   */
  async pageForBusiness(db: Executor, businessId: string, query: BusinessAuditQuery, limit: number, cursor?: AuditCursor) {
    const conditions = [
      eq(auditLogs.businessId, businessId),
      query.actorUserId ? eq(auditLogs.actorUserId, query.actorUserId) : undefined,
      query.action && 'exact' in query.action ? eq(auditLogs.action, query.action.exact) : undefined,
      query.action && 'prefix' in query.action ? like(auditLogs.action, `${escapeLike(query.action.prefix)}%`) : undefined,
      query.since ? gte(auditLogs.createdAt, query.since) : undefined,
      query.before ? lt(auditLogs.createdAt, query.before) : undefined,
      afterCursor(cursor),
    ].filter((c): c is SQL => c !== undefined);
    return db
      .select({
        entry: auditLogs,
        actorName: users.name,
        actorEmail: users.email,
        actorIsSuperAdmin: users.isSuperAdmin,
        actorCurrentRole: businessUsers.role,
      })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorUserId))
      .leftJoin(businessUsers, and(eq(businessUsers.businessId, auditLogs.businessId), eq(businessUsers.userId, auditLogs.actorUserId)))
      .where(and(...conditions))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(limit + 1);
  },
  /** The actions a business's log holds. */
  async actionsOfBusiness(db: Executor, businessId: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.businessId, businessId))
      .orderBy(asc(auditLogs.action));
    return rows.map((r) => r.action);
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
