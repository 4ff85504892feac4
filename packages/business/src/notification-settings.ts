import { z } from 'zod';
import { defineEndpoint, ROLES, text, type Role } from '@merchant/core';
import { BusinessParamsSchema } from './business';

/** Events that mail people of the business (not customers: those mails are the email templates). */
export const NOTIFICATION_EVENTS = ['payment_received', 'payout_sent', 'invoice_paid', 'new_order', 'verification_result', 'staff_invited'] as const;
export const NotificationEventSchema = z.enum(NOTIFICATION_EVENTS);
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;

export const MAX_NOTIFICATION_EMAILS = 10;

export interface NotificationEventInfo {
  label: string;
  description: string;
  /** Who is mailed until the business changes it (decision, docs/decisions.md). */
  defaultRoles: readonly Role[];
}

export const NOTIFICATION_EVENT_INFO: Record<NotificationEvent, NotificationEventInfo> = {
  payment_received: {
    label: 'Payment received',
    description: 'A customer paid through a payment link, QR code, checkout or the POS.',
    defaultRoles: ['owner'],
  },
  payout_sent: {
    label: 'Payout sent',
    description: 'A payout left the balance for one of the business bank accounts.',
    defaultRoles: ['owner', 'admin'],
  },
  invoice_paid: {
    label: 'Invoice paid',
    description: 'A customer paid an invoice in full.',
    defaultRoles: ['owner', 'admin'],
  },
  new_order: {
    label: 'New order',
    description: 'The online store received an order to fulfil.',
    defaultRoles: ['owner', 'admin', 'manager'],
  },
  verification_result: {
    label: 'Verification result',
    description: 'The account verification was approved, needs changes or was blocked.',
    defaultRoles: ['owner'],
  },
  staff_invited: {
    label: 'Staff invited',
    description: 'Someone invited a new member of staff to the business.',
    defaultRoles: ['owner', 'admin'],
  },
};

export const NotificationEventParamsSchema = BusinessParamsSchema.extend({ event: NotificationEventSchema });

const RecipientEmailSchema = text().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address'));

export const UpdateNotificationSettingBodySchema = z.object({
  /** Active members holding any of these roles are mailed. */
  roles: z
    .array(z.enum(ROLES))
    .max(ROLES.length)
    .transform((roles) => ROLES.filter((r) => roles.includes(r))),
  /** Extra addresses (an accountant, a shared inbox); duplicates are dropped. */
  emails: z
    .array(RecipientEmailSchema)
    .max(MAX_NOTIFICATION_EMAILS, `Add at most ${MAX_NOTIFICATION_EMAILS} email addresses`)
    .transform((emails) => [...new Set(emails)]),
});
export type UpdateNotificationSettingBody = z.input<typeof UpdateNotificationSettingBodySchema>;

export const NotificationSettingSchema = z.object({
  event: NotificationEventSchema,
  label: z.string(),
  description: z.string(),
  roles: z.array(z.enum(ROLES)),
  emails: z.array(z.string()),
  /** True while the business has not changed the defaults of this event. */
  is_default: z.boolean(),
});
export type NotificationSetting = z.infer<typeof NotificationSettingSchema>;

export const notificationSettingsEndpoints = {
  list: defineEndpoint({
    id: 'notificationSettings.list',
    method: 'GET',
    path: '/v1/business/:business_id/notification-settings',
    summary: 'Who is mailed about each business event (defaults included)',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: z.object({ data: z.array(NotificationSettingSchema) }),
  }),
  update: defineEndpoint({
    id: 'notificationSettings.update',
    method: 'PUT',
    path: '/v1/business/:business_id/notification-settings/:event',
    summary: 'Replace the recipients of one event (roles and extra email addresses)',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: NotificationEventParamsSchema,
    body: UpdateNotificationSettingBodySchema,
    response: NotificationSettingSchema,
  }),
} as const;
