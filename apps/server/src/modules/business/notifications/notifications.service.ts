import { NOTIFICATION_READ_RETENTION_DAYS, type Notification, type NotificationKind, type NotificationPage } from '@merchant/business';
import { AppError, ROLE_PERMISSIONS, ROLES, type CursorQuery, type Permission, type Role } from '@merchant/core';
import type { ChangeFeed } from '@/db/change-feed';
import type { Executor } from '@/db/client';
import type { Write } from '@/db/write-together';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { notificationsRepository as repo, type NotificationRow } from './notifications.repository';

/** The daily schedule that deletes read notifications older than the retention (docs/decisions.md, "Notifications"). */
export const PURGE_READ_NOTIFICATIONS_JOB = 'notifications.purge-read';
const PURGE_BATCH = 5_000;

/** Who receives a notification: the active members holding a permission, or of some roles; less the one who acted. */
export interface NotificationSpec {
  to: { permission: Permission } | { roles: readonly Role[] };
  except?: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A dashboard path (`fillPath(SCREEN_PATHS.x, ...)`). */
  link: string;
}

const rolesOf = (to: NotificationSpec['to']): readonly Role[] =>
  'roles' in to ? to.roles : ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(to.permission));

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

/**
 * The bell (docs/decisions.md, "Notifications"): other modules write notifications in the transaction of what they
 * tell of (`write` beside their own writes, or `notify`); each person reads and marks only their own.
 */
export function createNotificationsService(deps: { db: Executor; clock: Clock; changes: ChangeFeed | undefined }) {
  const { db, clock } = deps;

  const write = (businessId: string, spec: NotificationSpec): Write =>
    repo.insertForMembersWrite({
      businessId,
      roles: rolesOf(spec.to),
      exceptUserId: spec.except ?? null,
      kind: spec.kind,
      title: spec.title,
      body: spec.body,
      link: spec.link,
      createdAt: clock.now(),
    });

  return {
    changes: deps.changes,

    /** The insert of a notification for its recipients, to go with other writes of the same transaction. */
    write,

    /** Writes a notification for its recipients in the caller's transaction. */
    async notify(tx: Executor, businessId: string, spec: NotificationSpec): Promise<void> {
      await tx.execute(write(businessId, spec));
    },

    async list(ctx: BusinessContext, query: CursorQuery): Promise<NotificationPage> {
      const businessId = ctx.business.row.id;
      const [rows, unread] = await Promise.all([
        repo.page(db, businessId, ctx.user.id, decodeCursor(query.cursor), query.limit),
        repo.unreadCount(db, businessId, ctx.user.id),
      ]);
      const page = pageFrom(rows, query.limit, (row) => ({ createdAt: row.createdAt, id: row.id }));
      return { data: page.rows.map(presentNotification), next_cursor: page.nextCursor, unread_count: unread };
    },

    async markRead(ctx: BusinessContext, id: string): Promise<Notification> {
      const row = await repo.markRead(db, ctx.business.row.id, ctx.user.id, id, clock.now());
      if (!row) throw new AppError('NOTIFICATION_NOT_FOUND', 'Notification not found.');
      return presentNotification(row);
    },

    async markAllRead(ctx: BusinessContext): Promise<{ marked: number }> {
      return { marked: await repo.markAllRead(db, ctx.business.row.id, ctx.user.id, clock.now()) };
    },

    /** Deletes read notifications older than the retention, in batches; answers how many. */
    async purgeRead(): Promise<number> {
      const before = new Date(clock.now().getTime() - NOTIFICATION_READ_RETENTION_DAYS * 86_400_000);
      let total = 0;
      for (;;) {
        const deleted = await repo.deleteReadBefore(db, before, PURGE_BATCH);
        total += deleted;
        if (deleted < PURGE_BATCH) return total;
      }
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
