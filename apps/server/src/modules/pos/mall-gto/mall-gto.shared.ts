import { AppError } from '@merchant/core';
import { MALL_FORMAT_LABELS, type MallIntegration, type MallRun } from '@merchant/pos';
import type { Executor } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { appSecret } from '@/lib/app-secrets';
import { secretBox, type SecretBox } from '@/lib/secret-box';
import { netOf } from './mall-files';
import type { MallIntegrationRow, MallRunRow } from './mall-gto.repository';
import type { SftpTarget } from './sftp';

export const integrationNotFound = () => new AppError('MALL_INTEGRATION_NOT_FOUND', 'Mall integration not found.');
export const runNotFound = () => new AppError('MALL_RUN_NOT_FOUND', 'Run not found.');

/** The box that seals SFTP passwords and keys, with a server secret of its own (made at first use). */
export function mallSecrets(db: Executor, clock: Clock): () => Promise<SecretBox> {
  let box: Promise<SecretBox> | null = null;
  return () => (box ??= appSecret(db, 'mall_sftp_secret_key', clock.now()).then(secretBox));
}

export function targetOf(row: MallIntegrationRow, box: SecretBox): SftpTarget {
  return {
    host: row.sftpHost,
    port: row.sftpPort,
    username: row.sftpUsername,
    authKind: row.authKind,
    secret: box.open(row.secretSealed),
    remoteDirectory: row.remoteDirectory,
  };
}

export function presentIntegration(row: MallIntegrationRow, locationName: string, last: MallRunRow | undefined): MallIntegration {
  return {
    id: row.id,
    name: row.name,
    format: row.format,
    format_label: MALL_FORMAT_LABELS[row.format],
    location_id: row.locationId,
    location_name: locationName,
    tenant_id: row.tenantId,
    machine_id: row.machineId,
    sftp_host: row.sftpHost,
    sftp_port: row.sftpPort,
    sftp_username: row.sftpUsername,
    auth_kind: row.authKind,
    secret_set: row.secretSealed.length > 0,
    remote_directory: row.remoteDirectory,
    active: row.active,
    last_run: last ? { id: last.id, business_date: last.businessDate, status: last.status, finished_at: last.finishedAt?.toISOString() ?? null } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentRun(row: MallRunRow, integrationName: string): MallRun {
  const money = (amount: number) => ({ amount, currency: row.currency });
  const t = row.totals;
  return {
    id: row.id,
    integration_id: row.integrationId,
    integration_name: integrationName,
    business_date: row.businessDate,
    status: row.status,
    trigger: row.trigger,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt && (row.status === 'pending' || row.status === 'retrying') ? row.nextAttemptAt.toISOString() : null,
    file_name: row.fileName,
    totals: t
      ? {
          order_count: t.orderCount,
          gross_sales: money(t.grossSales),
          discounts: money(t.discounts),
          tax: money(t.tax),
          tips: money(t.tips),
          total: money(t.total),
          refund_count: t.refundCount,
          refunds: money(t.refunds),
          net: money(netOf(t)),
          cash: money(t.cash),
          card: money(t.card),
        }
      : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
