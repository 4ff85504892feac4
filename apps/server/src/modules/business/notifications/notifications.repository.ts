import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { NotificationKind } from '@merchant/business';
import type { Role } from '@merchant/core';
import type { Executor } from '@/db/client';
import { businessUsers, notifications } from '@/db/schema';
import type { Write } from '@/db/write-together';
import type { Cursor } from '@/lib/cursor';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotifications {
  businessId: string;
  /** The active members of these roles receive it. */
  roles: readonly Role[];
  /** A member left out (who did what the notification tells of). */
  exceptUserId: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: Date;
}

const mine = (businessId: string, userId: string) => and(eq(notifications.businessId, businessId), eq(notifications.userId, userId));

export const notificationsRepository = {
  /** One row per recipient, chosen by the statement itself (no read first): it may go with other writes (`writeTogether`). */
  insertForMembersWrite(n: NewNotifications): Write {
    const except = n.exceptUserId ? sql`and ${businessUsers.userId} <> ${n.exceptUserId}` : sql``;
    const roles = sql.join(
      n.roles.map((role) => sql`${role}`),
      sql`, `,
    );
    return sql`insert into ${notifications} (business_id, id, user_id, kind, title, body, link, created_at)
      select ${businessUsers.businessId}, gen_random_uuid(), ${businessUsers.userId}, ${n.kind}, ${n.title}, ${n.body}, ${n.link}, ${n.createdAt.toISOString()}::timestamptz
      from ${businessUsers}
      where ${businessUsers.businessId} = ${n.businessId} and ${businessUsers.status} = 'active' and ${businessUsers.role} in (${roles}) ${except}`;
  },

  /** A page of a person's notifications in a business, newest first: `limit + 1` rows (the last says there is more). */
  async page(db: Executor, businessId: string, userId: string, after: Cursor | undefined, limit: number): Promise<NotificationRow[]> {
    const before = after
      ? or(lt(notifications.createdAt, after.createdAt), and(eq(notifications.createdAt, after.createdAt), lt(notifications.id, after.id)))
      : undefined;
    return db
      .select()
      .from(notifications)
      .where(and(mine(businessId, userId), before))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit + 1);
  },

  async unreadCount(db: Executor, businessId: string, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine(businessId, userId), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  },

  /** Marks one of the person's notifications read (kept as first read when it was); undefined when it is not theirs. */
  async markRead(db: Executor, businessId: string, userId: string, id: string, now: Date): Promise<NotificationRow | undefined> {
    const [row] = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(mine(businessId, userId), eq(notifications.id, id)))
      .returning();
    return row;
  },

  async markAllRead(db: Executor, businessId: string, userId: string, now: Date): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ readAt: now })
      .where(and(mine(businessId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  },

  /** Deletes read notifications read before `before`, at most `batch` of them; answers how many. */
  async deleteReadBefore(db: Executor, before: Date, batch: number): Promise<number> {
    const doomed = db
      .select({ businessId: notifications.businessId, id: notifications.id })
      .from(notifications)
      .where(lt(notifications.readAt, before))
      .limit(batch);
    const rows = await db
      .delete(notifications)
      .where(inArray(sql`(${notifications.businessId}, ${notifications.id})`, doomed))
      .returning({ id: notifications.id });
    return rows.length;
  },
};
