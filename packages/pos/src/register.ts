import { z } from 'zod';
import { CurrencyCodeSchema, PositiveMinorAmountSchema, defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * The register's own payments and devices (docs/pos.md, "The register"): PayNow QR payments shown on the register for
 * a sale's amount (the checkout's PayNow flow, simulated in test mode), and the register's devices, each a browser that
 * keeps a device id and is allowed to sell offline only when a manager switched it on.
 */

const MoneyAnswer = z.object({ amount: z.number().int(), currency: CurrencyCodeSchema });

export const QR_PAYMENT_STATUSES = ['waiting', 'succeeded', 'failed', 'expired'] as const;
export type QrPaymentStatus = (typeof QR_PAYMENT_STATUSES)[number];

/** A PayNow QR payment of the register: its QR's payload while it waits; its id names the sale's `paynow` tender. */
export const QrPaymentSchema = z.object({
  payment_id: z.uuid(),
  status: z.enum(QR_PAYMENT_STATUSES),
  amount: MoneyAnswer,
  /** The PayNow QR's EMVCo payload (the register draws it); null once it no longer waits. */
  qr_payload: z.string().nullable(),
  created_at: z.string(),
});
export type QrPayment = z.infer<typeof QrPaymentSchema>;

export const StartQrPaymentBodySchema = z.object({ amount: PositiveMinorAmountSchema });
export const QrPaymentParamsSchema = BusinessParamsSchema.extend({ payment_id: z.uuid() });

/**
 * The web register's version, reported by each device when the register opens (shown on the devices screen). Raised
 * when what the register sends changes: 2 sends the offline sales' device and time (`offline`).
 */
export const REGISTER_APP_VERSION = 'web-2';

/** A register device: a browser that keeps its id in its storage. */
export const RegisterDeviceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Where the register last said it sells; null before it said so. */
  location: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The register's version when it was last seen (`REGISTER_APP_VERSION`); null for a register older than versions. */
  app_version: z.string().nullable(),
  offline_allowed: z.boolean(),
  offline_changed_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  offline_changed_at: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type RegisterDevice = z.infer<typeof RegisterDeviceSchema>;

const DeviceName = text().trim().min(1, 'Enter a name for this device').max(80, 'Use at most 80 characters');

export const RegisterDeviceBodySchema = z.object({
  device_id: z.uuid('The device id is a UUID'),
  /** The name of a new device; a known device keeps the name a manager gave it. */
  name: DeviceName.default('Register'),
  location_id: z.uuid('Choose a location from the list').nullish(),
  app_version: text().trim().min(1, 'Enter a version').max(40, 'Use at most 40 characters').nullish(),
});
export const DeviceParamsSchema = BusinessParamsSchema.extend({ device_id: z.uuid() });
export const OfflineAllowanceBodySchema = z.object({ allowed: z.boolean('Choose on or off') });
export const RenameDeviceBodySchema = z.object({ name: DeviceName });
export type RenameDeviceBody = z.input<typeof RenameDeviceBodySchema>;

const use = { kind: 'business', permission: 'pos:use', standing: 'merchant' } as const;
const manage = { kind: 'business', permission: 'pos:manage', standing: 'merchant' } as const;
const base = '/v1/business/:business_id/pos';

export const registerEndpoints = {
  startQrPayment: defineEndpoint({
    id: 'register.startQrPayment',
    method: 'POST',
    path: `${base}/paynow-payments`,
    summary: 'Show a PayNow QR for an amount on the register (a payment waiting for the customer’s bank app)',
    access: use,
    params: BusinessParamsSchema,
    body: StartQrPaymentBodySchema,
    response: QrPaymentSchema,
    status: 201,
    errors: ['PAYMENT_AMOUNT_OUTSIDE_LIMITS', 'PAYMENT_METHOD_UNAVAILABLE'],
  }),
  getQrPayment: defineEndpoint({
    id: 'register.getQrPayment',
    method: 'GET',
    path: `${base}/paynow-payments/:payment_id`,
    summary: 'A register PayNow QR payment’s state (polled while it waits)',
    access: use,
    params: QrPaymentParamsSchema,
    response: QrPaymentSchema,
    errors: ['PAYMENT_NOT_FOUND'],
  }),
  simulateQrScan: defineEndpoint({
    id: 'register.simulateQrScan',
    method: 'POST',
    path: `${base}/paynow-payments/:payment_id/simulated-scan`,
    summary: 'Test mode: simulate the customer’s bank app scanning the register’s PayNow QR and paying',
    access: use,
    params: QrPaymentParamsSchema,
    response: QrPaymentSchema,
    errors: ['PAYMENT_NOT_FOUND', 'PAYMENT_NO_PENDING_ACTION', 'NOT_FOUND'],
  }),
  registerDevice: defineEndpoint({
    id: 'register.registerDevice',
    method: 'POST',
    path: `${base}/devices`,
    summary: 'Register this browser as a register device (its id kept in the browser), or report it seen again; answers its offline allowance',
    access: use,
    params: BusinessParamsSchema,
    body: RegisterDeviceBodySchema,
    response: RegisterDeviceSchema,
  }),
  listDevices: defineEndpoint({
    id: 'register.listDevices',
    method: 'GET',
    path: `${base}/devices`,
    summary: 'The register devices of the business with their offline allowance',
    access: manage,
    params: BusinessParamsSchema,
    response: z.object({ data: z.array(RegisterDeviceSchema) }),
  }),
  setOfflineAllowance: defineEndpoint({
    id: 'register.setOfflineAllowance',
    method: 'PUT',
    path: `${base}/devices/:device_id/offline-allowance`,
    summary: 'Allow or stop offline selling on a register device (audited)',
    access: manage,
    params: DeviceParamsSchema,
    body: OfflineAllowanceBodySchema,
    response: RegisterDeviceSchema,
    errors: ['POS_DEVICE_NOT_FOUND'],
  }),
  renameDevice: defineEndpoint({
    id: 'register.renameDevice',
    method: 'PATCH',
    path: `${base}/devices/:device_id`,
    summary: 'Rename a register device (audited)',
    access: manage,
    params: DeviceParamsSchema,
    body: RenameDeviceBodySchema,
    response: RegisterDeviceSchema,
    errors: ['POS_DEVICE_NOT_FOUND'],
  }),
  forgetDevice: defineEndpoint({
    id: 'register.forgetDevice',
    method: 'DELETE',
    path: `${base}/devices/:device_id`,
    summary: 'Forget a register device (audited): it leaves the list and loses its offline allowance; opened again, it registers as new',
    access: manage,
    params: DeviceParamsSchema,
    response: z.object({ removed: z.literal(true) }),
    errors: ['POS_DEVICE_NOT_FOUND'],
  }),
} as const;
