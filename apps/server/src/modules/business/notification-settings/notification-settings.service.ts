import { ROLE_TITLES, type Role } from '@merchant/core';
import { NOTIFICATION_EVENTS, NOTIFICATION_EVENT_INFO, type NotificationEvent, type NotificationSetting } from '@merchant/business';
import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { BusinessContext } from '@/http/context';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { notificationSettingsRepository as repo, type NotificationSettingRow } from './notification-settings.repository';

function present(event: NotificationEvent, row: NotificationSettingRow | undefined | null): NotificationSetting {
  const info = NOTIFICATION_EVENT_INFO[event];
  return {
    event,
    label: info.label,
    description: info.description,
    roles: row ? row.roles : [...info.defaultRoles],
    emails: row ? row.emails : [],
    is_default: !row,
  };
}

/**
 * Who gets the mail of a business event: the active members holding one of the chosen roles, then the
 * extra addresses; each address once (compared without case). Later issues (payments, payouts, orders,
 * verification, staff) call this when they send their event's mail.
 */
export async function notificationRecipients(db: Executor, businessId: string, event: NotificationEvent): Promise<string[]> {
  const setting = present(event, await repo.find(db, businessId, event));
  const members = await repo.activeMemberEmails(db, businessId, setting.roles);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const email of [...members, ...setting.emails]) {
    const key = email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(email);
  }
  return out;
}

function describeRecipients(roles: readonly Role[], emails: readonly string[]): string {
  const parts = [...roles.map((r) => ROLE_TITLES[r]), ...emails];
  return parts.length === 0 ? 'nobody' : parts.join(', ');
}

/** Who changes a setting: a dashboard request, or a public API key acting as its maker (docs/developers.md). */
export type NotificationSettingsWriter = Pick<BusinessContext, 'ip' | 'userAgent'> & {
  user: { id: string };
  /** `role`: the writer's standing, when known (the audit entry records it without a read). */
  business: { row: Pick<BusinessContext['business']['row'], 'id'>; role?: string | null; isSuperAdmin?: boolean };
};

export function createNotificationSettingsService(deps: { db: Executor; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  return {
    async list(businessId: string): Promise<NotificationSetting[]> {
      const rows = await repo.listForBusiness(db, businessId);
      return NOTIFICATION_EVENTS.map((event) =>
        present(
          event,
          rows.find((r) => r.event === event),
        ),
      );
    },

    async update(ctx: NotificationSettingsWriter, event: NotificationEvent, body: { roles: Role[]; emails: string[] }): Promise<NotificationSetting> {
      const businessId = ctx.business.row.id;
      const actorUserId = ctx.user.id;
      return db.transaction(async (tx) => {
        const before = present(event, await repo.find(tx, businessId, event));
        const row = await repo.upsert(tx, {
          businessId,
          event,
          roles: body.roles,
          emails: body.emails,
          updatedByUserId: actorUserId,
          updatedAt: clock.now(),
        });
        await audit.record(tx, ctx, {
          action: 'notification_settings.updated',
          description: `Changed who is mailed about “${NOTIFICATION_EVENT_INFO[event].label}”: ${describeRecipients(body.roles, body.emails)}`,
          actorUserId,
          businessId,
          objectType: 'notification_setting',
          objectId: event,
          meta: { before: { roles: before.roles, emails: before.emails }, after: { roles: body.roles, emails: body.emails } },
        });
        return present(event, row);
      });
    },

    /** Who gets the mail of an event now (`notificationRecipients`), for the capabilities that send it. */
    /** `executor`: the transaction of the change the mail tells of, when the mail is kept in it (the outbox). */
    recipients: (businessId: string, event: NotificationEvent, executor: Executor = db): Promise<string[]> =>
      notificationRecipients(executor, businessId, event),

    /**
     * The active owners' addresses: security alerts (card payments paused at the checkout) and low stock go to them
     * whatever the settings say. `executor`: the transaction of the change the mail tells of (the outbox).
     */
    ownerEmails: (businessId: string, executor: Executor = db): Promise<string[]> => repo.activeMemberEmails(executor, businessId, ['owner']),
  };
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
