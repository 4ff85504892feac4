import { z } from 'zod';
import type { NotificationEvent } from './notification-settings';

/**
 * HitPay's staff, account status and notification settings in the public API (docs/developers.md, "Public API:
 * customers, products, staff, account status, notifications").
 */
export const PUBLIC_BUSINESS_PATHS = {
  staffs: '/v1/staffs',
  staff: '/v1/staffs/:staff_id',
  accountStatus: '/v1/account-status',
  notifications: '/v1/notifications',
} as const;

/** A role as HitPay names it: its id is the role's name here (`owner`), its title the dashboard's (`Owner`). */
const PublicRoleSchema = z.object({ id: z.string(), title: z.string() });

export const PublicStaffSchema = z.object({ id: z.string(), name: z.string(), role: PublicRoleSchema });
export const PublicStaffListSchema = z.array(PublicStaffSchema);

export const PublicStaffDetailSchema = PublicStaffSchema.extend({
  email: z.string(),
  /** When they joined the business, as Laravel writes it (`2023-01-29T05:29:24.000000Z`). */
  invited_at: z.string(),
  /** The locations they are limited to; empty: every location. */
  locations: z.array(z.object({ id: z.string() })),
});
export type PublicStaffDetail = z.infer<typeof PublicStaffDetailSchema>;

const SetupSchema = z.object({ setup_status: z.string() });

export const PublicAccountStatusSchema = z.object({
  /** `completed` with a payout bank account, else `not_started`. */
  bank_account_status: z.string(),
  verification: z.object({
    /** `not_started` (the questionnaire), `pending` (submitted), `completed` (verified) or `blocked`. */
    overall_status: z.string(),
    /** The business is verified here, not its owner apart: `not_required`. */
    owner_verification: z.string(),
    business_verification: z.string(),
  }),
  /** The connected or pending payment providers by name, each `completed` (connected) or `pending`. */
  payment_providers: z.record(z.string(), SetupSchema),
});
export type PublicAccountStatus = z.infer<typeof PublicAccountStatusSchema>;

/**
 * HitPay's notification settings (`event@channel`) and our events: an email setting is on when the key's maker is
 * mailed about it (their role is among the event's recipients). The others HitPay has are not settings here.
 */
export const PUBLIC_NOTIFICATION_EVENTS: Record<string, NotificationEvent> = {
  'incoming_payment@email': 'payment_received',
  'daily_payout@email': 'payout_sent',
  'new_order@email': 'new_order',
};

/** HitPay's settings this product has no setting for: off, and refused when turned on (docs/developers.md). */
export const PUBLIC_NOTIFICATIONS_UNAVAILABLE = [
  'customer_receipt@email',
  'daily_collection@email',
  'daily_collection@push_notification',
  'incoming_payment@push_notification',
  'new_order@push_notification',
  'pending_order@email',
  'mall_gto_sync@email',
] as const;

const boolish = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['true', 'false', '1', '0'], { error: 'The field must be true or false.' })])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === 'true' || v === '1'));

export const PublicNotificationsBodySchema = z.object(
  Object.fromEntries([...Object.keys(PUBLIC_NOTIFICATION_EVENTS), ...PUBLIC_NOTIFICATIONS_UNAVAILABLE].map((name) => [name, boolish])) as Record<
    string,
    typeof boolish
  >,
);
export type PublicNotificationsBody = Record<string, boolean | undefined>;

/** The settings that are on, as HitPay lists them. */
export const PublicNotificationsSchema = z.array(z.object({ event: z.string(), channel: z.string() }));
export type PublicNotifications = z.infer<typeof PublicNotificationsSchema>;
