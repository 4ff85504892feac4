import { z } from 'zod';
import { CursorQuerySchema, defineEndpoint, pageOf } from '@merchant/core';
import { BusinessParamsSchema } from './business';

/**
 * The bell in the dashboard's header (docs/decisions.md, "Notifications"): what happened that a member should
 * know of, one row per person and business, pushed live over the notifications socket and read here.
 */
export const NOTIFICATION_KINDS = ['payment_received', 'transfer_awaiting_approval', 'verification_result'] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** Read notifications older than this many days are deleted by a daily job; unread ones are kept. */
export const NOTIFICATION_READ_RETENTION_DAYS = 90;

export const NotificationSchema = z.object({
  id: z.uuid(),
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** A dashboard path (`/business/...`) the notification opens. */
  link: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = pageOf(NotificationSchema).extend({ unread_count: z.number().int() });
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

const NotificationParamsSchema = BusinessParamsSchema.extend({ id: z.uuid('Not a notification id') });

export const notificationsEndpoints = {
  list: defineEndpoint({
    id: 'notifications.list',
    method: 'GET',
    path: '/v1/business/:business_id/notifications',
    summary: "The caller's own notifications in the business, newest first (cursor pages), with how many are unread",
    access: { kind: 'business', permission: 'business:view', standing: 'any' },
    params: BusinessParamsSchema,
    query: CursorQuerySchema,
    response: NotificationPageSchema,
  }),
  markRead: defineEndpoint({
    id: 'notifications.markRead',
    method: 'POST',
    path: '/v1/business/:business_id/notifications/:id/read',
    summary: "Mark one of the caller's notifications read",
    access: { kind: 'business', permission: 'business:view', standing: 'any' },
    params: NotificationParamsSchema,
    response: NotificationSchema,
    errors: ['NOTIFICATION_NOT_FOUND'],
  }),
  markAllRead: defineEndpoint({
    id: 'notifications.markAllRead',
    method: 'POST',
    path: '/v1/business/:business_id/notifications/read-all',
    summary: "Mark every one of the caller's notifications in the business read",
    access: { kind: 'business', permission: 'business:view', standing: 'any' },
    params: BusinessParamsSchema,
    response: z.object({ marked: z.number().int() }),
  }),
};

/** The socket a signed-in member opens for the business (the session cookie, as over HTTP): it says when to read again. */
export const NOTIFICATIONS_SOCKET_PATH = '/v1/business/:business_id/notifications/socket';

export type NotificationServerFrame = { type: 'ready' } | { type: 'changed' };
