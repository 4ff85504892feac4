import { z } from 'zod';
import { CurrencyCodeSchema, CursorQuerySchema, PositiveMinorAmountSchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { CARD_BRANDS, CardDetailsSchema, FAILURE_CODES } from '@merchant/payments';
import { LOCATION_STATUSES } from '@merchant/catalogue';
import { PAIRING_CODE_LENGTH, READER_CONNECTIONS, READER_MODELS, READER_PAYMENT_STATUSES, READER_STATUSES, TERMINAL_ORDER_STATUSES } from './statuses';

/**
 * Card terminals (docs/pos.md, "Card terminals"): orders of readers with their timeline, readers paired with the code
 * they show, assigned to a location, and card payments taken on a reader (simulated in test mode).
 */

export const ReaderModelSchema = z.enum(READER_MODELS, 'Choose a reader model');
export const TerminalOrderStatusSchema = z.enum(TERMINAL_ORDER_STATUSES);
export const ReaderPaymentStatusSchema = z.enum(READER_PAYMENT_STATUSES);
export const ReaderConnectionSchema = z.enum(READER_CONNECTIONS);

const MoneyAnswer = z.object({ amount: z.number().int(), currency: CurrencyCodeSchema });

// ---------------------------------------------------------------- orders

const line = (max: number, message: string) => text().trim().min(1, message).max(max, `Use at most ${max} characters`);
const optionalLine = (max: number) =>
  text()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const ShippingAddressBodySchema = z.object({
  recipient: line(100, 'Enter who receives the parcel'),
  line1: line(200, 'Enter the street address'),
  line2: optionalLine(200),
  city: line(100, 'Enter the city'),
  state: optionalLine(100),
  postal_code: text()
    .trim()
    .min(1, 'Enter the postal code')
    .max(20, 'Use at most 20 characters')
    .regex(/^[A-Za-z0-9 -]*$/, 'Use letters, digits, spaces and dashes only'),
});
export type ShippingAddressBody = z.input<typeof ShippingAddressBodySchema>;
export const ShippingAddressSchema = z.object({
  recipient: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  postal_code: z.string(),
});

export const TerminalOrderItemBodySchema = z.object({
  model: ReaderModelSchema,
  quantity: z.number('Enter a quantity').int('Enter a whole number').min(1, 'Order at least 1').max(50, 'Order at most 50 of a model'),
});

export const CreateTerminalOrderBodySchema = z.object({
  items: z
    .array(TerminalOrderItemBodySchema)
    .min(1, 'Add at least one reader')
    .max(READER_MODELS.length, 'List each model once')
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (seen.has(item.model)) ctx.addIssue({ code: 'custom', path: [i, 'model'], message: 'List each model once' });
        seen.add(item.model);
      });
    }),
  shipping: ShippingAddressBodySchema,
});
export type CreateTerminalOrderBody = z.input<typeof CreateTerminalOrderBodySchema>;

export const TerminalOrderItemSchema = z.object({
  model: ReaderModelSchema,
  name: z.string(),
  quantity: z.number().int(),
  unit_price: MoneyAnswer,
  amount: MoneyAnswer,
});

export const TerminalOrderEventSchema = z.object({
  status: TerminalOrderStatusSchema,
  tracking_number: z.string().nullable(),
  at: z.string(),
});

export const TerminalOrderSchema = z.object({
  id: z.uuid(),
  /** A short number people quote (`TO-` and the first 8 characters of the id). */
  number: z.string(),
  status: TerminalOrderStatusSchema,
  items: z.array(TerminalOrderItemSchema),
  reader_count: z.number().int(),
  total: MoneyAnswer,
  shipping: ShippingAddressSchema,
  tracking_number: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TerminalOrder = z.infer<typeof TerminalOrderSchema>;

export const TerminalOrderDetailSchema = TerminalOrderSchema.extend({ timeline: z.array(TerminalOrderEventSchema) });
export type TerminalOrderDetail = z.infer<typeof TerminalOrderDetailSchema>;

export const TerminalOrderParamsSchema = BusinessParamsSchema.extend({ terminal_order_id: z.uuid() });

/** Test mode: what the supplier would do next (processing, shipped with a tracking number, delivered). */
export const AdvanceTerminalOrderBodySchema = z
  .object({
    status: z.enum(['processing', 'shipped', 'delivered'], 'Choose processing, shipped or delivered'),
    tracking_number: optionalLine(60),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'shipped' && !body.tracking_number) ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: 'Enter the tracking number' });
  });

// ---------------------------------------------------------------- readers

/** The code a reader shows: letters and digits, spaces and dashes people type dropped, any case. */
export const PairingCodeSchema = text()
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(text().length(PAIRING_CODE_LENGTH, `Enter the ${PAIRING_CODE_LENGTH} letters and digits the reader shows`));

const ReaderName = text().trim().min(1, 'Enter a name').max(60, 'Use at most 60 characters');

export const PairReaderBodySchema = z.object({
  code: PairingCodeSchema,
  name: ReaderName,
  /** An active location of the business, or none for now. */
  location_id: z.uuid('Choose a location from the list').nullish(),
});
export type PairReaderBody = z.input<typeof PairReaderBodySchema>;

export const UpdateReaderBodySchema = z.object({
  name: ReaderName.optional(),
  /** Null: at no location (it takes no payment). */
  location_id: z.uuid('Choose a location from the list').nullable().optional(),
});
export type UpdateReaderBody = z.input<typeof UpdateReaderBodySchema>;

export const SimulatedConnectionBodySchema = z.object({ connection: ReaderConnectionSchema });

export const PairingCodeSchemaAnswer = z.object({
  code: z.string(),
  model: ReaderModelSchema,
  serial_number: z.string(),
  expires_at: z.string(),
});
export type PairingCodeAnswer = z.infer<typeof PairingCodeSchemaAnswer>;

export const ReaderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  model: ReaderModelSchema,
  serial_number: z.string(),
  status: z.enum(READER_STATUSES),
  connection: ReaderConnectionSchema,
  location: z.object({ id: z.uuid(), name: z.string(), status: z.enum(LOCATION_STATUSES) }).nullable(),
  last_seen_at: z.string().nullable(),
  /** Not heard from for an hour (or never): the POS home flags it. */
  unseen: z.boolean(),
  /** Whether it takes a card payment now: paired, online and at an active location. */
  can_take_payments: z.boolean(),
  paired_at: z.string(),
});
export type Reader = z.infer<typeof ReaderSchema>;

export const ReaderParamsSchema = BusinessParamsSchema.extend({ reader_id: z.uuid() });
export const ReaderPaymentParamsSchema = ReaderParamsSchema.extend({ payment_id: z.uuid() });

/** What the reader read of the card (a chip or a tap carries no security code): in test mode, a test card number. */
export const ReaderCardSchema = CardDetailsSchema.omit({ cvc: true });

export const CollectReaderPaymentBodySchema = z.object({
  amount: PositiveMinorAmountSchema,
  /** The card the simulated reader presents (test mode). */
  card: ReaderCardSchema,
});
export type CollectReaderPaymentBody = z.input<typeof CollectReaderPaymentBodySchema>;

export const EnterPinBodySchema = z.object({ pin: text().regex(/^\d{4,6}$/, 'Enter the 4 to 6 digit PIN') });

export const ReaderPaymentSchema = z.object({
  /** The payment's id: the charge a POS order names as its card tender. */
  charge_id: z.uuid(),
  reader_id: z.uuid(),
  status: ReaderPaymentStatusSchema,
  amount: MoneyAnswer,
  card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string() }).nullable(),
  failure: z.object({ code: z.enum(FAILURE_CODES), message: z.string() }).nullable(),
  created_at: z.string(),
});
export type ReaderPayment = z.infer<typeof ReaderPaymentSchema>;

export const ReaderDetailSchema = ReaderSchema.extend({ recent_payments: z.array(ReaderPaymentSchema) });
export type ReaderDetail = z.infer<typeof ReaderDetailSchema>;

export const ListTerminalOrdersQuerySchema = CursorQuerySchema;

const READER_ERRORS = ['TERMINAL_READER_NOT_FOUND', 'LOCATION_NOT_ALLOWED'] as const;
const ORDER_ERRORS = ['TERMINAL_ORDER_NOT_FOUND'] as const;
const TEST_MODE_ONLY = ['NOT_FOUND'] as const;
const manage = { kind: 'business', permission: 'pos:manage', standing: 'merchant' } as const;
const use = { kind: 'business', permission: 'pos:use', standing: 'merchant' } as const;
const base = '/v1/business/:business_id';

export const terminalEndpoints = {
  listReaders: defineEndpoint({
    id: 'terminals.listReaders',
    method: 'GET',
    path: `${base}/terminal-readers`,
    summary: 'The paired readers by name, with their connection, location, last seen and the unseen flag',
    access: use,
    params: BusinessParamsSchema,
    response: z.object({ data: z.array(ReaderSchema) }),
  }),
  getReader: defineEndpoint({
    id: 'terminals.getReader',
    method: 'GET',
    path: `${base}/terminal-readers/:reader_id`,
    summary: 'One reader with its latest payments',
    access: use,
    params: ReaderParamsSchema,
    response: ReaderDetailSchema,
    errors: [...READER_ERRORS],
  }),
  simulatePairingCode: defineEndpoint({
    id: 'terminals.simulatePairingCode',
    method: 'POST',
    path: `${base}/terminal-readers/simulated-pairing-codes`,
    summary: 'Test mode: a simulated new reader shows its pairing code (valid 10 minutes, used once)',
    access: manage,
    params: BusinessParamsSchema,
    body: z.object({ model: ReaderModelSchema.default('countertop_c1') }),
    response: PairingCodeSchemaAnswer,
    status: 201,
    errors: [...TEST_MODE_ONLY],
  }),
  pairReader: defineEndpoint({
    id: 'terminals.pairReader',
    method: 'POST',
    path: `${base}/terminal-readers`,
    summary: 'Pair the reader that shows this code (codes expire and are used once), name it and place it',
    access: manage,
    params: BusinessParamsSchema,
    body: PairReaderBodySchema,
    response: ReaderSchema,
    status: 201,
    errors: ['LOCATION_NOT_ALLOWED'],
  }),
  updateReader: defineEndpoint({
    id: 'terminals.updateReader',
    method: 'PATCH',
    path: `${base}/terminal-readers/:reader_id`,
    summary: 'Rename a reader or move it to another active location (or none)',
    access: manage,
    params: ReaderParamsSchema,
    body: UpdateReaderBodySchema,
    response: ReaderSchema,
    errors: [...READER_ERRORS],
  }),
  unpairReader: defineEndpoint({
    id: 'terminals.unpairReader',
    method: 'POST',
    path: `${base}/terminal-readers/:reader_id/unpair`,
    summary: 'Unpair a reader: it takes no more payments; its payments stay',
    access: manage,
    params: ReaderParamsSchema,
    response: ReaderSchema,
    errors: [...READER_ERRORS],
  }),
  heartbeat: defineEndpoint({
    id: 'terminals.heartbeat',
    method: 'POST',
    path: `${base}/terminal-readers/:reader_id/heartbeat`,
    summary: 'What a reader calls while it is on: it is seen now and online',
    access: use,
    params: ReaderParamsSchema,
    response: ReaderSchema,
    errors: [...READER_ERRORS],
  }),
  simulateConnection: defineEndpoint({
    id: 'terminals.simulateConnection',
    method: 'POST',
    path: `${base}/terminal-readers/:reader_id/simulated-connection`,
    summary: 'Test mode: the simulated reader goes online (a heartbeat) or offline',
    access: manage,
    params: ReaderParamsSchema,
    body: SimulatedConnectionBodySchema,
    response: ReaderSchema,
    errors: [...READER_ERRORS, ...TEST_MODE_ONLY],
  }),
  collectPayment: defineEndpoint({
    id: 'terminals.collectPayment',
    method: 'POST',
    path: `${base}/terminal-readers/:reader_id/payments`,
    summary: 'Ask the reader to collect an amount by card (send an Idempotency-Key); in test mode the body names the card it reads',
    access: { kind: 'business', permission: 'pos:use', standing: 'active' },
    idempotent: true,
    params: ReaderParamsSchema,
    body: CollectReaderPaymentBodySchema,
    response: ReaderPaymentSchema,
    status: 201,
    errors: [
      ...READER_ERRORS,
      'TERMINAL_READER_UNAVAILABLE',
      'PAYMENT_CARD_INVALID',
      'PAYMENT_AMOUNT_OUTSIDE_LIMITS',
      'PAYMENT_METHOD_UNAVAILABLE',
      'PAYMENT_NOT_PAYABLE',
      'PAYMENT_PROCESSOR_UNAVAILABLE',
    ],
  }),
  enterPin: defineEndpoint({
    id: 'terminals.enterPin',
    method: 'POST',
    path: `${base}/terminal-readers/:reader_id/payments/:payment_id/pin`,
    summary: 'The cardholder entered the PIN the reader asked for: the payment completes',
    access: { kind: 'business', permission: 'pos:use', standing: 'active' },
    params: ReaderPaymentParamsSchema,
    body: EnterPinBodySchema,
    response: ReaderPaymentSchema,
    errors: [...READER_ERRORS, 'PAYMENT_NOT_FOUND', 'PAYMENT_NO_PENDING_ACTION', 'PAYMENT_NOT_PAYABLE', 'PAYMENT_PROCESSOR_UNAVAILABLE'],
  }),
  cancelPayment: defineEndpoint({
    id: 'terminals.cancelPayment',
    method: 'POST',
    path: `${base}/terminal-readers/:reader_id/payments/:payment_id/cancel`,
    summary: 'Cancel a payment waiting for its PIN: nothing is charged',
    access: use,
    params: ReaderPaymentParamsSchema,
    response: ReaderPaymentSchema,
    errors: [...READER_ERRORS, 'PAYMENT_NOT_FOUND', 'PAYMENT_NO_PENDING_ACTION', 'PAYMENT_NOT_PAYABLE', 'PAYMENT_PROCESSOR_UNAVAILABLE'],
  }),
  listOrders: defineEndpoint({
    id: 'terminals.listOrders',
    method: 'GET',
    path: `${base}/terminal-orders`,
    summary: 'Orders of readers, newest first (cursor pages)',
    access: manage,
    params: BusinessParamsSchema,
    query: ListTerminalOrdersQuerySchema,
    response: pageOf(TerminalOrderSchema),
  }),
  getOrder: defineEndpoint({
    id: 'terminals.getOrder',
    method: 'GET',
    path: `${base}/terminal-orders/:terminal_order_id`,
    summary: 'One order of readers with its timeline',
    access: manage,
    params: TerminalOrderParamsSchema,
    response: TerminalOrderDetailSchema,
    errors: [...ORDER_ERRORS],
  }),
  createOrder: defineEndpoint({
    id: 'terminals.createOrder',
    method: 'POST',
    path: `${base}/terminal-orders`,
    summary: 'Order readers: models and quantities, priced in the business’s currency, shipped to an address',
    access: manage,
    params: BusinessParamsSchema,
    body: CreateTerminalOrderBodySchema,
    response: TerminalOrderDetailSchema,
    status: 201,
  }),
  cancelOrder: defineEndpoint({
    id: 'terminals.cancelOrder',
    method: 'POST',
    path: `${base}/terminal-orders/:terminal_order_id/cancel`,
    summary: 'Cancel an order while it is placed',
    access: manage,
    params: TerminalOrderParamsSchema,
    response: TerminalOrderDetailSchema,
    errors: [...ORDER_ERRORS, 'TERMINAL_ORDER_NOT_CHANGEABLE'],
  }),
  advanceOrder: defineEndpoint({
    id: 'terminals.advanceOrder',
    method: 'POST',
    path: `${base}/terminal-orders/:terminal_order_id/simulated-progress`,
    summary: 'Test mode: the supplier moves the order on (processing, shipped with tracking, delivered)',
    access: manage,
    params: TerminalOrderParamsSchema,
    body: AdvanceTerminalOrderBodySchema,
    response: TerminalOrderDetailSchema,
    errors: [...ORDER_ERRORS, 'TERMINAL_ORDER_NOT_CHANGEABLE', ...TEST_MODE_ONLY],
  }),
} as const;
