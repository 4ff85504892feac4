import { z } from 'zod';
import { CursorQuerySchema, MinorAmountSchema, MoneySchema, PositiveMinorAmountSchema, SignedMoneySchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * Cash drawer sessions of the register (docs/pos.md): a person opens their drawer at a location with a float, pays
 * cash in and out with a reason, sells and refunds in cash through it, and closes it with the cash counted; the
 * difference from the expected cash is recorded. One open session per person and business.
 */

export const DRAWER_STATUSES = ['open', 'closed'] as const;
export const DRAWER_MOVEMENT_KINDS = ['float', 'pay_in', 'pay_out', 'sale', 'refund'] as const;
export const DRAWER_MOVEMENT_LABELS: Record<(typeof DRAWER_MOVEMENT_KINDS)[number], string> = {
  float: 'Opening float',
  pay_in: 'Paid in',
  pay_out: 'Paid out',
  sale: 'Cash sale',
  refund: 'Cash refund',
};

const Reason = text().trim().min(1, 'Enter a reason').max(200, 'Use at most 200 characters');

export const OpenDrawerBodySchema = z.object({
  location_id: z.uuid('Choose a location from the list'),
  /** The cash in the drawer at the start, in minor units. */
  opening_float: MinorAmountSchema,
});
export const DrawerCashBodySchema = z.object({ amount: PositiveMinorAmountSchema, reason: Reason });
export const CloseDrawerBodySchema = z.object({
  counted_cash: MinorAmountSchema,
  note: text().trim().max(500, 'Use at most 500 characters').nullish(),
});

export const DrawerMovementSchema = z.object({
  id: z.uuid(),
  kind: z.enum(DRAWER_MOVEMENT_KINDS),
  /** Into the drawer positive, out of it negative. */
  amount: SignedMoneySchema,
  reason: z.string().nullable(),
  order_id: z.uuid().nullable(),
  created_at: z.string(),
});

export const DrawerSessionSchema = z.object({
  id: z.uuid(),
  status: z.enum(DRAWER_STATUSES),
  location: z.object({ id: z.uuid(), name: z.string() }),
  staff: z.object({ id: z.uuid(), name: z.string() }),
  opening_float: MoneySchema,
  /** Float + cash in (sales, pay-ins) − cash out (refunds, pay-outs). */
  expected_cash: SignedMoneySchema,
  counted_cash: MoneySchema.nullable(),
  /** Counted − expected (negative: short), once closed. */
  difference: SignedMoneySchema.nullable(),
  note: z.string().nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  movements: z.array(DrawerMovementSchema),
});
export type DrawerSession = z.infer<typeof DrawerSessionSchema>;

export const DrawerParamsSchema = BusinessParamsSchema.extend({ drawer_id: z.uuid() });
export const ListDrawersQuerySchema = z.object({ status: z.enum(DRAWER_STATUSES).optional() }).extend(CursorQuerySchema.shape);

const POS = { kind: 'business', permission: 'pos:use', standing: 'merchant' } as const;

export const drawerEndpoints = {
  current: defineEndpoint({
    id: 'drawers.current',
    method: 'GET',
    path: '/v1/business/:business_id/pos/drawers/current',
    summary: 'The caller’s open drawer session, or null',
    access: POS,
    params: BusinessParamsSchema,
    response: z.object({ drawer: DrawerSessionSchema.nullable() }),
  }),
  list: defineEndpoint({
    id: 'drawers.list',
    method: 'GET',
    path: '/v1/business/:business_id/pos/drawers',
    summary: 'Drawer sessions, newest first (a cashier sees only their own)',
    access: POS,
    params: BusinessParamsSchema,
    query: ListDrawersQuerySchema,
    response: pageOf(DrawerSessionSchema),
  }),
  get: defineEndpoint({
    id: 'drawers.get',
    method: 'GET',
    path: '/v1/business/:business_id/pos/drawers/:drawer_id',
    summary: 'One drawer session with its cash movements',
    access: POS,
    params: DrawerParamsSchema,
    response: DrawerSessionSchema,
    errors: ['DRAWER_NOT_FOUND'],
  }),
  open: defineEndpoint({
    id: 'drawers.open',
    method: 'POST',
    path: '/v1/business/:business_id/pos/drawers',
    summary: 'Open the caller’s drawer at a location with a float',
    access: POS,
    params: BusinessParamsSchema,
    body: OpenDrawerBodySchema,
    response: DrawerSessionSchema,
    status: 201,
    errors: ['DRAWER_ALREADY_OPEN', 'LOCATION_NOT_ALLOWED'],
  }),
  payIn: defineEndpoint({
    id: 'drawers.payIn',
    method: 'POST',
    path: '/v1/business/:business_id/pos/drawers/:drawer_id/pay-in',
    summary: 'Put cash into the caller’s open drawer, with a reason',
    access: POS,
    params: DrawerParamsSchema,
    body: DrawerCashBodySchema,
    response: DrawerSessionSchema,
    errors: ['DRAWER_NOT_FOUND', 'DRAWER_NOT_OPEN'],
  }),
  payOut: defineEndpoint({
    id: 'drawers.payOut',
    method: 'POST',
    path: '/v1/business/:business_id/pos/drawers/:drawer_id/pay-out',
    summary: 'Take cash out of the caller’s open drawer, with a reason',
    access: POS,
    params: DrawerParamsSchema,
    body: DrawerCashBodySchema,
    response: DrawerSessionSchema,
    errors: ['DRAWER_NOT_FOUND', 'DRAWER_NOT_OPEN'],
  }),
  close: defineEndpoint({
    id: 'drawers.close',
    method: 'POST',
    path: '/v1/business/:business_id/pos/drawers/:drawer_id/close',
    summary: 'Close the caller’s drawer with the cash counted; the difference from the expected cash is recorded',
    access: POS,
    params: DrawerParamsSchema,
    body: CloseDrawerBodySchema,
    response: DrawerSessionSchema,
    errors: ['DRAWER_NOT_FOUND', 'DRAWER_NOT_OPEN'],
  }),
} as const;
