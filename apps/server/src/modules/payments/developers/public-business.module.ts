import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PUBLIC_BUSINESS_PATHS,
  PublicAccountStatusSchema,
  PublicNotificationsBodySchema,
  PublicNotificationsSchema,
  PublicStaffDetailSchema,
  PublicStaffListSchema,
  type PublicNotificationsBody,
} from '@merchant/business';
import { defineModule } from '@/modules/module';
import type { NotificationSettingsService } from '@/modules/business/notification-settings/notification-settings.service';
import type { StaffService } from '@/modules/business/staff/staff.service';
import type { BankAccountsService } from '@/modules/payments/bank-accounts/bank-accounts.service';
import type { PaymentMethodsService } from '@/modules/payments/payment-methods/payment-methods.service';
import { bodyOf, commonResponses, error, inDocument, json, pathId, type PublicApiPaths } from './public-api.openapi';
import { publicApiScope } from './public-api.scope';
import type { PublicApiService } from './public-api.service';
import { createPublicBusinessApi } from './public-business.service';

const StaffParamsSchema = z.object({ staff_id: z.string().max(100) });
const idOf = (req: FastifyRequest) => (req.params as z.output<typeof StaffParamsSchema>).staff_id;

/** HitPay's staff, account status and notification settings in the public API's own document. */
function publicBusinessPaths(): PublicApiPaths {
  const notifications = json(PublicNotificationsSchema, 'The settings that are on for the key’s maker');
  return {
    [inDocument(PUBLIC_BUSINESS_PATHS.staffs)]: {
      get: {
        operationId: 'get-all-staffs',
        summary: 'Get All Staffs',
        responses: { 200: json(PublicStaffListSchema, 'The members of the business'), ...commonResponses() },
      },
    },
    [inDocument(PUBLIC_BUSINESS_PATHS.staff)]: {
      get: {
        operationId: 'get-staff-detail',
        summary: 'Get Staff Detail',
        parameters: [pathId('staff_id')],
        responses: { 200: json(PublicStaffDetailSchema, 'The member'), 404: error('No member of this id in the business'), ...commonResponses() },
      },
    },
    [inDocument(PUBLIC_BUSINESS_PATHS.accountStatus)]: {
      get: {
        operationId: 'get-account-status',
        summary: 'Get Account Status (bank account, verification, payment providers)',
        responses: { 200: json(PublicAccountStatusSchema, 'The account status'), ...commonResponses() },
      },
    },
    [inDocument(PUBLIC_BUSINESS_PATHS.notifications)]: {
      get: {
        operationId: 'get-notification-setting',
        summary: 'Get Notifications Setting (the email notifications the key’s maker gets)',
        responses: { 200: notifications, ...commonResponses() },
      },
      put: {
        operationId: 'update-notification-setting',
        summary: 'Update Notifications Setting (`event@channel`: true or false; only the ones sent change)',
        requestBody: bodyOf(PublicNotificationsBodySchema),
        responses: { 200: notifications, 422: error('A notification this account does not have, turned on'), ...commonResponses() },
      },
    },
  };
}

type Deps = {
  publicApi: PublicApiService;
  staff: StaffService;
  bankAccounts: BankAccountsService;
  paymentMethods: PaymentMethodsService;
  notificationSettings: NotificationSettingsService;
};

/** HitPay's staff (`/v1/staffs`), account status and notification settings over the business's own (docs/developers.md). */
export const publicBusinessApiModule = defineModule({
  name: 'publicBusinessApi',
  create: ({ publicApi, staff, bankAccounts, paymentMethods, notificationSettings }: Deps) => ({
    publicApi,
    ...createPublicBusinessApi({ staff, bankAccounts, paymentMethods, notificationSettings }),
  }),
  routes: (host, service) => {
    service.publicApi.describe(publicBusinessPaths());
    publicApiScope(host, service.publicApi, ({ api, guard, caller, meta }) => {
      api.get(PUBLIC_BUSINESS_PATHS.staffs, { schema: { hide: true }, onRequest: guard('staff:view') }, async (req) => service.listStaff(caller(req)));
      api.get(PUBLIC_BUSINESS_PATHS.staff, { schema: { params: StaffParamsSchema, hide: true }, onRequest: guard('staff:view') }, async (req) =>
        service.getStaff(caller(req), idOf(req)),
      );
      api.get(PUBLIC_BUSINESS_PATHS.accountStatus, { schema: { hide: true }, onRequest: guard('business:view') }, async (req) =>
        service.accountStatus(caller(req)),
      );
      api.get(PUBLIC_BUSINESS_PATHS.notifications, { schema: { hide: true }, onRequest: guard('settings:manage') }, async (req) =>
        service.getNotifications(caller(req)),
      );
      api.put(
        PUBLIC_BUSINESS_PATHS.notifications,
        { schema: { body: PublicNotificationsBodySchema, hide: true }, onRequest: guard('settings:manage') },
        async (req) => service.updateNotifications(caller(req), meta(req), req.body as PublicNotificationsBody),
      );
    });
  },
});
