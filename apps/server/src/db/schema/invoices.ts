import { sql } from 'drizzle-orm';
import { INVOICE_EVENT_KINDS, INVOICE_STATUSES, REPEAT_FREQUENCIES, REPEATING_INVOICE_STATUSES, REPEATING_RUN_SEND_STATUSES } from '@merchant/payments';
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { businesses } from './business';
import { createdAt, ts } from './common';
import { users } from './identity';

/**
 * Invoices (docs/payments.md, "invoices"). Lines and taxes are part of the invoice (never read on their own)
 * and are stored with it, with the amounts the package's money rules computed; the totals are columns so the
 * list filters and sorts without recomputing. `public_id` is the unguessable id of the invoice host's URL.
 */

/** One stored line: what the merchant entered and what the rules made of it. */
export interface StoredInvoiceLine {
  product_id: string | null;
  description: string;
  quantity: number;
  unit_price: number;
  discount_bps: number;
  gross: number;
  discount: number;
  net: number;
}

export interface StoredInvoiceTax {
  name: string;
  rate_bps: number;
  amount: number;
}

export const invoices = pgTable(
  'invoices',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    publicId: text('public_id').notNull(),
    /** Per business, from 1: shown as INV-000001. */
    number: integer('number').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('draft'),
    customerId: uuid('customer_id').notNull(),
    currency: text('currency').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    lines: jsonb('lines').$type<StoredInvoiceLine[]>().notNull(),
    taxes: jsonb('taxes').$type<StoredInvoiceTax[]>().notNull(),
    subtotal: minorAmount('subtotal').notNull(),
    taxTotal: minorAmount('tax_total').notNull(),
    total: minorAmount('total').notNull(),
    /** Paid through the checkout plus what was marked paid by other means. */
    amountPaid: minorAmount('amount_paid').notNull().default(0),
    allowPartial: boolean('allow_partial').notNull().default(false),
    notes: text('notes'),
    terms: text('terms'),
    /**
     * Made by a linked platform (docs/developers.md, "Platform accounts"): its link and the fee it keeps when the
     * invoice is paid, as a platform's payment link carries them.
     */
    platformLinkId: uuid('platform_link_id'),
    platformFee: minorAmount('platform_fee'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('invoices_public_key').on(t.publicId),
    check('invoices_platform_check', sql`(platform_link_id is null) = (platform_fee is null)`),
    uniqueIndex('invoices_number_key').on(t.businessId, t.number),
    index('invoices_created_idx').on(t.businessId, t.createdAt, t.id),
    index('invoices_status_idx').on(t.businessId, t.status, t.createdAt, t.id),
    // A customer's invoices: the list's customer search (invoices.repository.ts) and whether a customer has any.
    index('invoices_customer_idx').on(t.businessId, t.customerId, t.createdAt, t.id),
    // The reminder schedule reads the unpaid invoices of every business by due date.
    index('invoices_unpaid_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} in ('sent', 'partially_paid', 'overdue')`),
  ],
);

/** The invoice's timeline: created, sent, viewed, reminded, overdue, paid, voided. */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    kind: text('kind', { enum: INVOICE_EVENT_KINDS }).notNull(),
    /** What a person reads next to the kind (who it was mailed to, the amount marked paid). */
    detail: text('detail'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.invoiceId], foreignColumns: [invoices.businessId, invoices.id] }).onDelete('cascade'),
    index('invoice_events_invoice_idx').on(t.businessId, t.invoiceId, t.createdAt, t.id),
  ],
);

/** When a business's customers are reminded of unpaid invoices; a business without a row has the defaults. */
export const invoiceReminderSettings = pgTable('invoice_reminder_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  daysBeforeDue: integer('days_before_due').array().notNull(),
  daysAfterDue: integer('days_after_due').array().notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Each automatic reminder an invoice was sent, by its offset from the due date: the key that makes the
 * schedule send each reminder at most once, however often and in how many processes it runs.
 */
export const invoiceRemindersSent = pgTable(
  'invoice_reminders_sent',
  {
    businessId: uuid('business_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    /** Days from the due date: negative before it, positive after. */
    offsetDays: integer('offset_days').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.invoiceId, t.offsetDays] }),
    foreignKey({ columns: [t.businessId, t.invoiceId], foreignColumns: [invoices.businessId, invoices.id] }).onDelete('cascade'),
  ],
);

/**
 * Repeating invoices (docs/payments.md, "repeating invoices"): the template (what each invoice says) and its
 * schedule. `next_run_index`/`next_run_date` are the next run the scheduler makes an invoice for; the run that
 * makes it advances them in the same transaction, under the template's row lock.
 */
export const repeatingInvoices = pgTable(
  'repeating_invoices',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    status: text('status', { enum: REPEATING_INVOICE_STATUSES }).notNull().default('active'),
    customerId: uuid('customer_id').notNull(),
    currency: text('currency').notNull(),
    lines: jsonb('lines').$type<StoredInvoiceLine[]>().notNull(),
    taxes: jsonb('taxes').$type<StoredInvoiceTax[]>().notNull(),
    subtotal: minorAmount('subtotal').notNull(),
    taxTotal: minorAmount('tax_total').notNull(),
    total: minorAmount('total').notNull(),
    allowPartial: boolean('allow_partial').notNull().default(false),
    notes: text('notes'),
    terms: text('terms'),
    dueDays: smallint('due_days').notNull(),
    frequency: text('frequency', { enum: REPEAT_FREQUENCIES }).notNull(),
    intervalDays: smallint('interval_days'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    maxCount: integer('max_count'),
    autoSend: boolean('auto_send').notNull().default(false),
    nextRunIndex: integer('next_run_index'),
    nextRunDate: date('next_run_date', { mode: 'string' }),
    invoicesMade: integer('invoices_made').notNull().default(0),
    lastRunDate: date('last_run_date', { mode: 'string' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('repeating_invoices_created_idx').on(t.businessId, t.createdAt, t.id),
    // The scheduler's look across businesses for what is due (as the settlement's index does).
    index('repeating_invoices_due_idx')
      .on(t.nextRunDate)
      .where(sql`${t.status} = 'active'`),
  ],
);

/**
 * One row per run: the invoice a repeating invoice made for one run date. The primary key on
 * (business, repeating invoice, run date) makes a second invoice for one run impossible, whatever runs it.
 */
export const repeatingInvoiceRuns = pgTable(
  'repeating_invoice_runs',
  {
    businessId: uuid('business_id').notNull(),
    repeatingInvoiceId: uuid('repeating_invoice_id').notNull(),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    sendStatus: text('send_status', { enum: REPEATING_RUN_SEND_STATUSES }).notNull(),
    sendError: text('send_error'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.repeatingInvoiceId, t.runDate] }),
    uniqueIndex('repeating_invoice_runs_invoice_key').on(t.businessId, t.invoiceId),
    foreignKey({ columns: [t.businessId, t.repeatingInvoiceId], foreignColumns: [repeatingInvoices.businessId, repeatingInvoices.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.businessId, t.invoiceId], foreignColumns: [invoices.businessId, invoices.id] }).onDelete('cascade'),
    // Auto-sends still to do (a process may stop between making an invoice and sending it).
    index('repeating_invoice_runs_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.sendStatus} = 'pending'`),
  ],
);
