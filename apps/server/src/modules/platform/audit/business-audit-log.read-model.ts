import { and, asc, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { auditLogs, businessUsers, users } from '@/db/schema';
import type { Cursor } from '@/lib/cursor';
import { afterCursor } from './audit.repository';

/** Filters of a business's log: actor, exact action or prefix, and a half-open time range. */
export interface BusinessAuditQuery {
  actorUserId?: string | undefined;
  action?: { exact: string } | { prefix: string } | undefined;
  since?: Date | undefined;
  before?: Date | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A business's audit log, read only (the audit-log screen): entries are written through the platform's audit service, which owns them. */
export const businessAuditLogReadModel = {
  /**
   * A business's entries, newest first, with the actor's name and email and their current role in the
   * business (entries also keep the role held at the time in `meta.actor_role`). Reads `limit + 1` rows.
   */
  async page(db: Executor, businessId: string, query: BusinessAuditQuery, limit: number, cursor?: Cursor) {
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
  async actions(db: Executor, businessId: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.businessId, businessId))
      .orderBy(asc(auditLogs.action));
    return rows.map((r) => r.action);
  },
};
