import { addDays, localDate, minorToMajorString, startOfLocalDay } from '@merchant/core';
import { MALL_RUN_ATTEMPTS, type MallRun } from '@merchant/pos';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import type { Mailer } from '@/mail/mailer';
import { posDayReadModel } from '@/modules/pos/orders/pos-day.read-model';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { SecretBox } from '@/lib/secret-box';
import { buildMallFile, netOf } from './mall-files';
import { mallGtoRepository as repo, type MallIntegrationRow, type MallRunRow } from './mall-gto.repository';
import { presentRun, runNotFound, targetOf } from './mall-gto.shared';
import type { MallIntegrationsService } from './integrations.service';
import { describeSftpError, type SftpTransport } from './sftp';

/** A failed attempt waits 1, 4, then 16 minutes before the next. */
export const retryDelayMs = (attempts: number) => 60_000 * 4 ** (attempts - 1);
/** While an attempt uploads, its run is not due again for this long (another process's tick leaves it). */
const ATTEMPT_LEASE_MS = 5 * 60_000;
/** Runs one tick attempts at most. */
const DUE_BATCH = 50;

/**
 * The runs of mall integrations (docs/pos.md, "Mall sales reporting"): each builds one day's file from the
 * location's orders and refunds in the business's time zone, uploads it over SFTP outside any transaction, and
 * records the outcome; a failure is retried with backoff, and the last one mails the owners.
 */
export function createMallRunsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  secrets: () => Promise<SecretBox>;
  transport: SftpTransport;
  integrations: MallIntegrationsService;
}) {
  const { db, clock } = deps;

  /** The file of a day: the location's orders and refunds of that calendar day of the business's zone. */
  async function buildDay(tx: Executor, integration: MallIntegrationRow, timeZone: string, currency: string, businessDate: string) {
    const start = startOfLocalDay(businessDate, timeZone);
    const end = startOfLocalDay(businessDate, timeZone, 1);
    const { businessId, locationId } = integration;
    const orders = await posDayReadModel.dayOrders(tx, businessId, locationId, start, end);
    const refunds = await posDayReadModel.dayRefunds(tx, businessId, locationId, start, end);
    return buildMallFile({
      format: integration.format,
      tenantId: integration.tenantId,
      machineId: integration.machineId,
      businessDate,
      timeZone,
      currency,
      orders,
      refunds,
    });
  }

  /** One attempt of a run whose time has come: build, upload, record. Does nothing to a run that is done. */
  async function attempt(businessId: string, runId: string): Promise<void> {
    const now = clock.now();
    const prepared = await db.transaction(async (tx) => {
      const run = await repo.findRun(tx, businessId, runId, true);
      if (!run || (run.status !== 'pending' && run.status !== 'retrying')) return null;
      const integration = await repo.findIntegration(tx, businessId, run.integrationId);
      const business = await repo.business(tx, businessId);
      if (!integration || !business) return null;
      const file = await buildDay(tx, integration, business.timeZone, run.currency, run.businessDate);
      const attempts = run.attempts + 1;
      await repo.updateRun(tx, businessId, runId, {
        attempts,
        fileName: file.fileName,
        fileContent: file.content,
        totals: file.totals,
        nextAttemptAt: new Date(now.getTime() + ATTEMPT_LEASE_MS),
      });
      return { integration, business, file, attempts };
    });
    if (!prepared) return;
    const { integration, business, file, attempts } = prepared;

    let error: string | null = null;
    try {
      await deps.transport.upload(targetOf(integration, await deps.secrets()), file.fileName, file.content);
    } catch (e) {
      error = describeSftpError(e);
    }

    const done = clock.now();
    await db.transaction(async (tx) => {
      if (error === null) {
        await repo.updateRun(tx, businessId, runId, { status: 'succeeded', error: null, nextAttemptAt: null, finishedAt: done });
        return;
      }
      if (attempts < MALL_RUN_ATTEMPTS) {
        await repo.updateRun(tx, businessId, runId, { status: 'retrying', error, nextAttemptAt: new Date(done.getTime() + retryDelayMs(attempts)) });
        return;
      }
      await repo.updateRun(tx, businessId, runId, { status: 'failed', error, nextAttemptAt: null, finishedAt: done });
      const run = (await repo.findRun(tx, businessId, runId))!;
      const major = (n: number) => `${minorToMajorString(n, run.currency)} ${run.currency.toUpperCase()}`;
      for (const owner of await repo.owners(tx, businessId)) {
        await deps.mailer.send(tx, {
          to: owner.email,
          subject: `Mall sales file for ${run.businessDate} not sent: ${integration.name}`,
          text: [
            `Hello ${owner.name},`,
            '',
            `${business.name} could not send the sales file of ${run.businessDate} to ${integration.name} after ${attempts} attempts.`,
            `Reason: ${error}`,
            `The file (${file.fileName}, net sales ${major(netOf(file.totals))}) is kept in the run log: check the SFTP details under Point of Sale > Mall sales reporting, then resend the day.`,
          ].join('\n'),
        });
      }
    });
  }

  /** Attempts every run whose time has come, one after another. */
  async function runDue(now: Date = clock.now()): Promise<number> {
    const due = await repo.dueRuns(db, now, DUE_BATCH);
    for (const run of due) await attempt(run.businessId, run.id);
    return due.length;
  }

  async function presentOne(executor: Executor, businessId: string, row: MallRunRow): Promise<MallRun> {
    const integration = await repo.findIntegration(executor, businessId, row.integrationId);
    return presentRun(row, integration?.name ?? '');
  }

  return {
    attempt,
    runDue,

    /**
     * The daily schedule's tick: a run of yesterday (the business's) for every active integration that has none,
     * then every run whose time has come.
     */
    async tick(now: Date = clock.now()): Promise<void> {
      for (const { integration, timeZone, currency } of await repo.activeIntegrations(db)) {
        const yesterday = addDays(localDate(now, timeZone), -1);
        // Not for days before the integration was set up (it reports from its first full day on).
        if (yesterday < localDate(integration.createdAt, timeZone)) continue;
        await repo.insertRun(db, {
          businessId: integration.businessId,
          id: newTimeOrderedId(now.getTime()),
          integrationId: integration.id,
          businessDate: yesterday,
          trigger: 'schedule',
          status: 'pending',
          currency,
          nextAttemptAt: now,
          createdAt: now,
        });
      }
      await runDue(now);
    },

    /** A person sends (or resends) a day now: a new run, attempted at once; a failure goes on to the retries. */
    async sendDay(ctx: BusinessContext, integrationId: string, businessDate: string): Promise<MallRun> {
      const businessId = ctx.business.row.id;
      const now = clock.now();
      const id = newTimeOrderedId(now.getTime());
      await db.transaction(async (tx) => {
        const integration = await deps.integrations.mustFind(tx, businessId, integrationId);
        await repo.insertRun(tx, {
          businessId,
          id,
          integrationId,
          businessDate,
          trigger: 'resend',
          status: 'pending',
          currency: ctx.business.row.currency,
          nextAttemptAt: now,
          createdAt: now,
        });
        await deps.audit.record(tx, ctx, {
          action: 'mall_integration.day_sent',
          description: `Sent the sales file of ${businessDate} to ${integration.name}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'mall_integration',
          objectId: integrationId,
        });
      });
      await attempt(businessId, id);
      const row = await repo.findRun(db, businessId, id);
      if (!row) throw runNotFound();
      return presentOne(db, businessId, row);
    },

    /**
     * The demo seed's history: a run of a day recorded as sent (or failed after every attempt) without calling any
     * server, its file built from the day's orders as a real run's is.
     */
    async recordDemoRun(businessId: string, integrationId: string, businessDate: string, outcome: { error: string | null; at: Date }): Promise<void> {
      await db.transaction(async (tx) => {
        const integration = await deps.integrations.mustFind(tx, businessId, integrationId);
        const business = (await repo.business(tx, businessId))!;
        const file = await buildDay(tx, integration, business.timeZone, business.currency, businessDate);
        await repo.insertRun(tx, {
          businessId,
          id: newTimeOrderedId(outcome.at.getTime()),
          integrationId,
          businessDate,
          trigger: 'schedule',
          status: outcome.error ? 'failed' : 'succeeded',
          attempts: outcome.error ? MALL_RUN_ATTEMPTS : 1,
          fileName: file.fileName,
          fileContent: file.content,
          totals: file.totals,
          currency: business.currency,
          error: outcome.error,
          createdAt: outcome.at,
          finishedAt: outcome.at,
        });
      });
    },

    async list(businessId: string, query: { cursor?: string | undefined; limit: number; integration_id?: string | undefined }) {
      const rows = await repo.runPage(db, businessId, query.limit, query.integration_id, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r);
      const names = new Map((await repo.listIntegrations(db, businessId)).map((i) => [i.id, i.name]));
      return { data: page.rows.map((r) => presentRun(r, names.get(r.integrationId) ?? '')), next_cursor: page.nextCursor };
    },

    async file(businessId: string, runId: string): Promise<{ fileName: string; content: string }> {
      const row = await repo.findRun(db, businessId, runId);
      if (!row || row.fileName === null || row.fileContent === null) throw runNotFound();
      return { fileName: row.fileName, content: row.fileContent };
    },
  };
}

export type MallRunsService = ReturnType<typeof createMallRunsService>;
