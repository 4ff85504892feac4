import { ANSWER_STEPS, DOCUMENT_CONTENT_TYPES, DOCUMENT_KIND_KEYS, VERIFICATION_EVENT_KINDS } from '@merchant/business';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './common';
import { businesses } from './business';
import { users } from './identity';

/** Saved answers of the onboarding questionnaire, one row per step (issue 3). */
export const onboardingAnswers = pgTable(
  'onboarding_answers',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    step: text('step', { enum: ANSWER_STEPS }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.step] })],
);

/** Uploaded verification documents; the bytes live on disk under <DATA_DIR>/uploads/<business_id>/<id>. */
export const onboardingDocuments = pgTable(
  'onboarding_documents',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    kind: text('kind', { enum: DOCUMENT_KIND_KEYS }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type', { enum: DOCUMENT_CONTENT_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);

/**
 * The verification history of a business: each submission and each review decision. The queue's
 * "submitted at" is the latest submission; `warning_id` is the banner a request for changes raised.
 */
export const verificationEvents = pgTable(
  'verification_events',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    kind: text('kind', { enum: VERIFICATION_EVENT_KINDS }).notNull(),
    message: text('message'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    warningId: uuid('warning_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), index('verification_events_created_idx').on(t.businessId, t.createdAt)],
);
