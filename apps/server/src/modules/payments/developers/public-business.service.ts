import { AppError, ROLES, ROLE_TITLES, type Role } from '@merchant/core';
import {
  PUBLIC_NOTIFICATION_EVENTS,
  PUBLIC_NOTIFICATIONS_UNAVAILABLE,
  type BusinessUser,
  type OnboardingStatus,
  type PublicAccountStatus,
  type PublicNotifications,
  type PublicNotificationsBody,
  type PublicStaffDetail,
} from '@merchant/business';
import type { RequestMeta } from '@/http/context';
import type { NotificationSettingsService } from '@/modules/business/notification-settings/notification-settings.service';
import type { StaffService } from '@/modules/business/staff/staff.service';
import type { BankAccountsService } from '@/modules/payments/bank-accounts/bank-accounts.service';
import type { PaymentMethodsService } from '@/modules/payments/payment-methods/payment-methods.service';
import type { PublicApiCaller } from './public-api.service';
import { invalidField, writerOf } from './public-resources';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** HitPay's own 404 of a staff member (its document's example). */
const staffMissing = () => new AppError('NOT_FOUND', 'The staff cannot be found.');

const roleOf = (title: BusinessUser['role']['title']) => {
  const role = (Object.keys(ROLE_TITLES) as Role[]).find((r) => ROLE_TITLES[r] === title)!;
  return { id: role, title };
};

/** Our onboarding status as HitPay's verification status. */
const VERIFICATION: Record<OnboardingStatus, string> = {
  questionnaire: 'not_started',
  pending_verification: 'pending',
  completed: 'completed',
  blocked: 'blocked',
};

/** HitPay's staff, account status and notification settings over the business's own (docs/developers.md). */
export function createPublicBusinessApi(deps: {
  staff: Pick<StaffService, 'listMembers' | 'getMember' | 'memberLocations'>;
  bankAccounts: Pick<BankAccountsService, 'list'>;
  paymentMethods: Pick<PaymentMethodsService, 'view'>;
  notificationSettings: Pick<NotificationSettingsService, 'list' | 'update'>;
}) {
  /** The settings that are on for the key's maker: their role is among the event's recipients. */
  async function notificationsOf(caller: PublicApiCaller): Promise<PublicNotifications> {
    const settings = await deps.notificationSettings.list(caller.business.row.id);
    const role = caller.business.role;
    return Object.entries(PUBLIC_NOTIFICATION_EVENTS).flatMap(([name, event]) => {
      const setting = settings.find((s) => s.event === event);
      const [hitpayEvent, channel] = name.split('@') as [string, string];
      return role && setting?.roles.includes(role) ? [{ event: hitpayEvent, channel }] : [];
    });
  }

  return {
    async listStaff(caller: PublicApiCaller) {
      const members = await deps.staff.listMembers(caller);
      return members.map((m) => ({ id: m.id, name: m.name, role: roleOf(m.role.title) }));
    },

    async getStaff(caller: PublicApiCaller, id: string): Promise<PublicStaffDetail> {
      if (!UUID.test(id)) throw staffMissing();
      try {
        const member = await deps.staff.getMember(caller, id);
        const { location_ids } = await deps.staff.memberLocations(caller, id);
        return {
          id: member.id,
          name: member.name,
          role: roleOf(member.role.title),
          email: member.email,
          invited_at: `${member.joined_at.slice(0, 19)}.000000Z`,
          locations: location_ids.map((l) => ({ id: l })),
        };
      } catch (error) {
        if (error instanceof AppError && error.code === 'STAFF_MEMBER_NOT_FOUND') throw staffMissing();
        throw error;
      }
    },

    async accountStatus(caller: PublicApiCaller): Promise<PublicAccountStatus> {
      const businessId = caller.business.row.id;
      const accounts = await deps.bankAccounts.list(businessId);
      const { providers } = await deps.paymentMethods.view(businessId);
      const verification = VERIFICATION[caller.business.row.onboardingStatus];
      return {
        bank_account_status: accounts.length > 0 ? 'completed' : 'not_started',
        verification: { overall_status: verification, owner_verification: 'not_required', business_verification: verification },
        payment_providers: Object.fromEntries(
          providers
            .filter((p) => p.status === 'connected' || p.status === 'pending')
            .map((p) => [p.provider, { setup_status: p.status === 'connected' ? 'completed' : 'pending' }]),
        ),
      };
    },

    getNotifications: (caller: PublicApiCaller) => notificationsOf(caller),

    /**
     * Turns the key's maker's mail of each event sent on or off: their role joins or leaves the event's recipients
     * (who else is mailed stays). A setting this product lacks may be turned off, never on (422).
     */
    async updateNotifications(caller: PublicApiCaller, meta: RequestMeta, body: PublicNotificationsBody): Promise<PublicNotifications> {
      for (const name of PUBLIC_NOTIFICATIONS_UNAVAILABLE) {
        if (body[name] === true) throw invalidField(name, 'This notification is not available on this account.');
      }
      const role = caller.business.role;
      if (!role) throw new AppError('FORBIDDEN', 'This action is unauthorized.');
      const settings = await deps.notificationSettings.list(caller.business.row.id);
      for (const [name, event] of Object.entries(PUBLIC_NOTIFICATION_EVENTS)) {
        const on = body[name];
        const setting = settings.find((s) => s.event === event);
        if (on === undefined || !setting || setting.roles.includes(role) === on) continue;
        const roles = ROLES.filter((r) => (r === role ? on : setting.roles.includes(r)));
        await deps.notificationSettings.update(writerOf(caller, meta), event, { roles, emails: setting.emails });
      }
      return notificationsOf(caller);
    },
  };
}
