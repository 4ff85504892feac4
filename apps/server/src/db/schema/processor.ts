import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { minorAmount } from '../columns';
import { businesses } from './business';
import { createdAt, ts } from './common';

/** What a call to the processor does: confirm a payment, complete its pending action, or refund it. */
export const PROCESSOR_ATTEMPT_KINDS = ['charge', 'action', 'refund'] as const;
export type ProcessorAttemptKind = (typeof PROCESSOR_ATTEMPT_KINDS)[number];
/** `pending`: recorded, the processor may or may not have acted; `settled`: its outcome is written; `abandoned`: the processor never saw it. */
export const PROCESSOR_ATTEMPT_STATUSES = ['pending', 'settled', 'abandoned'] as const;
export type ProcessorAttemptStatus = (typeof PROCESSOR_ATTEMPT_STATUSES)[number];

/**
 * Every call to the processor that may move money (docs/payments.md, "Two-phase processor calls"): written and
 * committed before the call (`pending`), its id is the processor's idempotency key; the outcome is written in a
 * second transaction (`settled`), or by the reconciliation schedule that asks the processor by the key.
 */
export const processorAttempts = pgTable(
  'processor_attempts',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** UUIDv7; the processor's idempotency key of the call. */
    id: uuid('id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    kind: text('kind', { enum: PROCESSOR_ATTEMPT_KINDS }).notNull(),
    status: text('status', { enum: PROCESSOR_ATTEMPT_STATUSES }).notNull().default('pending'),
    /** What the call asks to move, minor units of `currency` (a charge's gross, a refund's amount). */
    amount: minorAmount('amount').notNull(),
    currency: text('currency').notNull(),
    /** The Idempotency-Key of the request that made it (hashed with its scope): a retry of that request resumes it. */
    requestKey: text('request_key'),
    /** What the outcome's transaction needs besides the processor's answer (a confirm's method and fee, a refund's reason). */
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The processor's answer, once settled. */
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    // One confirm or approval in flight per payment: two never both reach the processor (refunds may be several,
    // each counted against what is left to refund).
    uniqueIndex('processor_attempts_pending_key')
      .on(t.businessId, t.paymentId)
      .where(sql`${t.status} = 'pending' and ${t.kind} <> 'refund'`),
    uniqueIndex('processor_attempts_request_key').on(t.requestKey),
    // The reconciliation schedule reads the old pending ones (partial: they are few).
    index('processor_attempts_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('processor_attempts_payment_idx').on(t.businessId, t.paymentId, t.id),
  ],
);

/**
 * The built-in test provider's own memory (it stands for the processor's systems, not the product's): each call by
 * idempotency key and its answer, so a second call with the key answers the first and moves nothing again, and a
 * lookup by key finds it after a crash. `void`: asked about before any call came; a later call with it is refused.
 */
export const testProcessorCalls = pgTable('test_processor_calls', {
  key: text('key').primaryKey(),
  kind: text('kind').notNull(),
  answer: jsonb('answer').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
});
