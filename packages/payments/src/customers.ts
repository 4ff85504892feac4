import { z } from 'zod';
import { csvAnswer, CursorQuerySchema, defineEndpoint, MoneySchema, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { PaymentSchema } from './payment';

/**
 * Customers of a business (docs/payments.md, "customers"): who paid. The merchant creates and edits them;
 * the checkout creates or matches them by email (case-insensitive). One email belongs to at most one
 * customer of a business.
 */

/** A field that may be left blank: an empty string (or no value) is stored as null. */
const blankToNull = (value: string | null | undefined): string | null => (value ? value : null);

const PHONE = /^\+?[0-9][0-9 ().-]{4,30}$/;
const isEmail = (value: string) => z.email().safeParse(value).success;

export const CustomerEmailSchema = text()
  .trim()
  .max(254, 'Use at most 254 characters')
  .refine((v) => v === '' || isEmail(v), 'Enter a valid email address');

export const CustomerBodySchema = z.object({
  name: text().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters'),
  email: CustomerEmailSchema.nullish().transform(blankToNull),
  phone: text()
    .trim()
    .max(32, 'Use at most 32 characters')
    .refine((v) => v === '' || PHONE.test(v), 'Enter a phone number: digits, spaces, brackets or dashes, optionally after a +')
    .nullish()
    .transform(blankToNull),
  notes: text().trim().max(2000, 'Use at most 2000 characters').nullish().transform(blankToNull),
});
export type CustomerBody = z.input<typeof CustomerBodySchema>;
export type CustomerFields = z.output<typeof CustomerBodySchema>;

export const CustomerSchema = z.object({
  id: z.uuid(),
  /** Null for a customer the checkout created from an email alone. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** The list's filters (the screen keeps them in its URL; the CSV export takes the same). */
export const CustomerFiltersSchema = z.object({
  /** Part of a name, an email or a phone number. */
  q: text().trim().max(100, 'Use at most 100 characters').optional(),
});
export type CustomerFilters = z.infer<typeof CustomerFiltersSchema>;
export const ListCustomersQuerySchema = CustomerFiltersSchema.extend(CursorQuerySchema.shape);

export const CustomerParamsSchema = BusinessParamsSchema.extend({ customer_id: z.uuid() });

/** The columns of the customers CSV, in order. */
export const CUSTOMER_CSV_HEADER = ['Name', 'Email', 'Phone', 'Notes', 'Created (UTC)'] as const;

/**
 * What a customer bought in each channel (docs/catalogue.md, "Customers"): register orders (by the customer the
 * cashier attached) and store orders (by the customer's email, case-insensitive).
 */
export const CUSTOMER_ORDER_CHANNELS = ['pos', 'online_store'] as const;
export type CustomerOrderChannel = (typeof CUSTOMER_ORDER_CHANNELS)[number];

export const CustomerOrderSchema = z.object({
  id: z.uuid(),
  channel: z.enum(CUSTOMER_ORDER_CHANNELS),
  /** `#12` for a register order, the store's reference (`#AB12CD34`) for a store order. */
  reference: z.string(),
  /** The order's status in its channel (`completed`, `partially_refunded`, `refunded`; `pending_payment`, `paid`, `cancelled`). */
  status: z.string(),
  location: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  total: MoneySchema,
  refunded: MoneySchema,
  created_at: z.string(),
});
export type CustomerOrder = z.infer<typeof CustomerOrderSchema>;
export const CustomerOrdersQuerySchema = CursorQuerySchema.extend({ channel: z.enum(CUSTOMER_ORDER_CHANNELS) });

/** A channel's count of what was bought and its total less refunds (store orders: paid ones; payments: captured ones). */
export const CustomerChannelTotalSchema = z.object({ count: z.number().int(), total: MoneySchema });
export const CustomerChannelsSchema = z.object({
  /** Payments of the Payments section (links, invoices, QR codes, subscriptions): a store order's payment counts under the store. */
  payments: CustomerChannelTotalSchema,
  pos: CustomerChannelTotalSchema,
  online_store: CustomerChannelTotalSchema,
});
export type CustomerChannels = z.infer<typeof CustomerChannelsSchema>;

export const customerEndpoints = {
  list: defineEndpoint({
    id: 'customers.list',
    method: 'GET',
    path: '/v1/business/:business_id/customers',
    summary: 'Customers, newest first, searched by name, email or phone (cursor pages)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListCustomersQuerySchema,
    response: pageOf(CustomerSchema),
  }),
  export: defineEndpoint({
    id: 'customers.export',
    method: 'GET',
    path: '/v1/business/:business_id/customers/export',
    summary: 'The searched customers as a CSV download (text/csv, newest first, streamed: every matching row)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: CustomerFiltersSchema,
    response: csvAnswer(),
  }),
  get: defineEndpoint({
    id: 'customers.get',
    method: 'GET',
    path: '/v1/business/:business_id/customers/:customer_id',
    summary: 'One customer',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: CustomerParamsSchema,
    response: CustomerSchema,
    errors: ['CUSTOMER_NOT_FOUND'],
  }),
  payments: defineEndpoint({
    id: 'customers.payments',
    method: 'GET',
    path: '/v1/business/:business_id/customers/:customer_id/payments',
    summary: "A customer's payments, newest first (cursor pages)",
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: CustomerParamsSchema,
    query: CursorQuerySchema,
    response: pageOf(PaymentSchema),
    errors: ['CUSTOMER_NOT_FOUND'],
  }),
  orders: defineEndpoint({
    id: 'customers.orders',
    method: 'GET',
    path: '/v1/business/:business_id/customers/:customer_id/orders',
    summary:
      "A customer's register or store orders, newest first (cursor pages); a cashier sees their own register orders, a member limited to locations those of their locations",
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: CustomerParamsSchema,
    query: CustomerOrdersQuerySchema,
    response: pageOf(CustomerOrderSchema),
    errors: ['CUSTOMER_NOT_FOUND'],
  }),
  channels: defineEndpoint({
    id: 'customers.channels',
    method: 'GET',
    path: '/v1/business/:business_id/customers/:customer_id/channels',
    summary: 'What a customer bought in each channel: payments, register orders and store orders, each counted and totalled less refunds',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: CustomerParamsSchema,
    response: CustomerChannelsSchema,
    errors: ['CUSTOMER_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'customers.create',
    method: 'POST',
    path: '/v1/business/:business_id/customers',
    summary: 'Add a customer (an email another customer of the business has is refused, case-insensitive)',
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: CustomerBodySchema,
    response: CustomerSchema,
    status: 201,
    errors: ['CUSTOMER_EMAIL_TAKEN'],
  }),
  update: defineEndpoint({
    id: 'customers.update',
    method: 'PUT',
    path: '/v1/business/:business_id/customers/:customer_id',
    summary: "Change a customer's name, email, phone and notes",
    access: { kind: 'business', permission: 'payments:create', standing: 'merchant' },
    params: CustomerParamsSchema,
    body: CustomerBodySchema,
    response: CustomerSchema,
    errors: ['CUSTOMER_NOT_FOUND', 'CUSTOMER_EMAIL_TAKEN'],
  }),
} as const;
