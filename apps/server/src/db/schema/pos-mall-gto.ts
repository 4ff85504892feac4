import { MALL_AUTH_KINDS, MALL_FORMATS, MALL_RUN_STATUSES } from '@merchant/pos';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business';
import { createdAt, ts } from './common';

/**
 * Mall sales reporting (docs/pos.md, "Mall sales reporting"): one integration per mall and location, its SFTP secret
 * sealed with a server secret, and the log of runs (one day's file each, with its totals and the file as sent).
 */

const businessRef = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

/** A day's figures as the file states them (minor units of the business's currency). */
export interface MallDayTotals {
  orderCount: number;
  grossSales: number;
  discounts: number;
  tax: number;
  tips: number;
  total: number;
  refundCount: number;
  refunds: number;
  cash: number;
  card: number;
}

export const mallIntegrations = pgTable(
  'mall_integrations',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    format: text('format', { enum: MALL_FORMATS }).notNull(),
    locationId: uuid('location_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    machineId: text('machine_id').notNull(),
    sftpHost: text('sftp_host').notNull(),
    sftpPort: integer('sftp_port').notNull(),
    sftpUsername: text('sftp_username').notNull(),
    authKind: text('auth_kind', { enum: MALL_AUTH_KINDS }).notNull(),
    /** The password or private key, sealed (AES-256-GCM with the server secret `mall_sftp_secret_key`). */
    secretSealed: text('secret_sealed').notNull(),
    remoteDirectory: text('remote_directory').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] }), check('mall_integrations_port_check', sql`${t.sftpPort} between 1 and 65535`)],
);

export const mallRuns = pgTable(
  'mall_runs',
  {
    businessId: businessRef(),
    id: uuid('id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    /** The business's calendar day the file reports. */
    businessDate: text('business_date').notNull(),
    trigger: text('trigger', { enum: ['schedule', 'resend'] }).notNull(),
    status: text('status', { enum: MALL_RUN_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    fileName: text('file_name'),
    fileContent: text('file_content'),
    totals: jsonb('totals').$type<MallDayTotals>(),
    currency: text('currency').notNull(),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('mall_runs_created_idx').on(t.businessId, t.createdAt, t.id),
    // The daily schedule makes one run per integration and day, whoever gets there first.
    uniqueIndex('mall_runs_scheduled_key')
      .on(t.businessId, t.integrationId, t.businessDate)
      .where(sql`${t.trigger} = 'schedule'`),
    index('mall_runs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'retrying')`),
  ],
);
