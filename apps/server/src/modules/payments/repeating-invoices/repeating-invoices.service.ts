import { AppError, fieldError, formatDate, formatZone, localDate, type CursorQuery } from '@merchant/core';
import {
  firstRunFrom,
  isRepeatingInvoiceEnded,
  REPEATING_INVOICE_STATUS_LABELS,
  runAllowed,
  type RepeatingInvoiceDetail,
  type RepeatingInvoiceFields,
  type RepeatingInvoiceFilters,
  type RepeatingInvoiceStatus,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { JobSender } from '@/modules/platform/jobs/jobs.service';
import type { InvoicesService } from '../invoices/invoices.service';
import { presentDetail, presentRepeatingInvoice, scheduleColumns, scheduleOf } from './repeating-invoices.presenter';
import { invoiceSummaries } from '../invoices/invoices.read-model';
import { repeatingInvoicesRepository as repo, type RepeatingInvoiceRow } from './repeating-invoices.repository';
import { createRepeatingScheduler } from './repeating-invoices.scheduler';

/** The job that runs one repeating invoice's due runs at once (after it is created or resumed). */
export const RUN_ONE_JOB = 'repeatingInvoices.run';
/** The invoices the detail lists. */
const DETAIL_RUNS = 100;

const notFound = () => new AppError('REPEATING_INVOICE_NOT_FOUND', 'Repeating invoice not found.');
const ended = (status: RepeatingInvoiceStatus) =>
  new AppError('REPEATING_INVOICE_ENDED', `This repeating invoice is ${REPEATING_INVOICE_STATUS_LABELS[status].toLowerCase()}: it can no longer change.`);

/**
 * Repeating invoices (docs/payments.md, "repeating invoices"): templates and their schedules, pause, resume
 * and stop. Every invoice is made by the invoices service (named in the module's needs) through the
 * scheduler, whose runs are exactly once (repeating-invoices.scheduler.ts).
 */
export function createRepeatingInvoicesService(deps: { db: Executor; clock: Clock; audit: AuditService; jobs: JobSender; invoices: InvoicesService }) {
  const { db, clock, audit, invoices } = deps;
  const scheduler = createRepeatingScheduler(deps);
  /** The business's today, in its time zone: the day run dates are compared with. */
  const today = (zone: string) => localDate(clock.now(), zone);

  async function detail(businessId: string, id: string): Promise<RepeatingInvoiceDetail> {
    const found = await repo.find(db, businessId, id);
    if (!found) throw notFound();
    const runs = await repo.runs(db, businessId, id, DETAIL_RUNS);
    return presentDetail(
      found,
      runs,
      await invoiceSummaries(
        db,
        businessId,
        runs.map((r) => r.invoiceId),
      ),
    );
  }

  async function lock(tx: Executor, ctx: BusinessContext, id: string): Promise<RepeatingInvoiceRow> {
    const row = await repo.lock(tx, ctx.business.row.id, id);
    if (!row) throw notFound();
    return row;
  }

  /** A run due today (the business's today) is made now rather than at the scheduler's next pass: its job commits with the change (the outbox). */
  async function startIfDue(tx: Executor, ctx: BusinessContext, id: string, next: string | null): Promise<void> {
    if (next !== null && next <= today(ctx.business.row.timeZone)) await deps.jobs.send(tx, RUN_ONE_JOB, { business_id: ctx.business.row.id, id });
  }

  async function record(tx: Executor, ctx: BusinessContext, id: string, action: string, description: string, meta: Record<string, unknown> = {}) {
    await audit.record(tx, ctx, {
      action,
      description,
      actorUserId: ctx.user.id,
      businessId: ctx.business.row.id,
      objectType: 'repeating_invoice',
      objectId: id,
      meta,
    });
  }

  /** The next run of a schedule from today on (and after its last run): refused when the schedule's end leaves none. */
  function nextRun(zone: string, row: Pick<RepeatingInvoiceRow, 'invoicesMade' | 'lastRunDate'>, body: RepeatingInvoiceFields) {
    const schedule = { ...body, interval_days: body.frequency === 'days' ? body.interval_days : null };
    if (body.max_count !== null && body.max_count <= row.invoicesMade) {
      throw fieldError('VALIDATION_FAILED', 'max_count', `It has made ${row.invoicesMade} invoices already: allow more than that`);
    }
    const next = firstRunFrom(schedule, { notBefore: today(zone), after: row.lastRunDate });
    if (!runAllowed(schedule, row.invoicesMade, next.date)) {
      throw fieldError('VALIDATION_FAILED', 'end_date', `The next invoice would be on ${formatDate(next.date)}, after the end date`);
    }
    return next;
  }

  const startNotPast = (zone: string, body: RepeatingInvoiceFields) => {
    if (body.start_date < today(zone))
      throw fieldError(
        'VALIDATION_FAILED',
        'start_date',
        `The first invoice cannot be before today, ${formatDate(today(zone))} in ${formatZone(zone, clock.now())}`,
      );
  };

  async function setStatus(ctx: BusinessContext, id: string, change: 'pause' | 'resume' | 'stop'): Promise<RepeatingInvoiceDetail> {
    const businessId = ctx.business.row.id;
    await db.transaction(async (tx) => {
      const row = await lock(tx, ctx, id);
      if (row.status === 'completed' || (row.status === 'stopped' && change !== 'stop')) throw ended(row.status);
      const now = clock.now();
      if (change === 'pause' && row.status === 'active') {
        await repo.update(tx, businessId, id, { status: 'paused', updatedAt: now });
        await record(tx, ctx, id, 'repeating_invoice.paused', 'Paused a repeating invoice');
      }
      if (change === 'stop' && row.status !== 'stopped') {
        await repo.update(tx, businessId, id, { status: 'stopped', nextRunIndex: null, nextRunDate: null, updatedAt: now });
        await record(tx, ctx, id, 'repeating_invoice.stopped', 'Stopped a repeating invoice', { invoices_made: row.invoicesMade });
      }
      if (change === 'resume' && row.status === 'paused') {
        // Runs missed while paused are skipped: the next is the first from today on.
        const schedule = scheduleOf(row);
        const run = firstRunFrom(schedule, { notBefore: today(ctx.business.row.timeZone), after: row.lastRunDate });
        const more = runAllowed(schedule, row.invoicesMade, run.date);
        await repo.update(tx, businessId, id, {
          status: more ? 'active' : 'completed',
          nextRunIndex: more ? run.index : null,
          nextRunDate: more ? run.date : null,
          updatedAt: now,
        });
        await record(
          tx,
          ctx,
          id,
          'repeating_invoice.resumed',
          more ? `Resumed a repeating invoice: next invoice on ${formatDate(run.date)}` : 'Resumed a repeating invoice past its end: completed',
        );
        await startIfDue(tx, ctx, id, more ? run.date : null);
      }
    });
    return detail(businessId, id);
  }

  return {
    scheduler,

    get: (businessId: string, id: string) => detail(businessId, id),

    async list(businessId: string, query: RepeatingInvoiceFilters & CursorQuery) {
      const rows = await repo.page(db, businessId, query, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r.template);
      return { data: page.rows.map(presentRepeatingInvoice), next_cursor: page.nextCursor };
    },

    async create(ctx: BusinessContext, body: RepeatingInvoiceFields): Promise<RepeatingInvoiceDetail> {
      const businessId = ctx.business.row.id;
      startNotPast(ctx.business.row.timeZone, body);
      const next = nextRun(ctx.business.row.timeZone, { invoicesMade: 0, lastRunDate: null }, body);
      const now = clock.now();
      const id = newTimeOrderedId(now.getTime());
      await db.transaction(async (tx) => {
        const priced = await invoices.price(tx, ctx.business.row, body);
        await repo.insert(tx, {
          ...priced,
          ...scheduleColumns(body),
          businessId,
          id,
          status: 'active',
          nextRunIndex: next.index,
          nextRunDate: next.date,
          invoicesMade: 0,
          createdByUserId: ctx.user.id,
          createdAt: now,
          updatedAt: now,
        });
        await record(tx, ctx, id, 'repeating_invoice.created', `Created a repeating invoice starting ${formatDate(body.start_date)}`, {
          total: priced.total,
          currency: priced.currency,
          frequency: body.frequency,
        });
        await startIfDue(tx, ctx, id, next.date);
      });
      return detail(businessId, id);
    },

    /** Changes what later invoices say and when they come; invoices already made stay as they are. */
    async update(ctx: BusinessContext, id: string, body: RepeatingInvoiceFields): Promise<RepeatingInvoiceDetail> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const row = await lock(tx, ctx, id);
        if (isRepeatingInvoiceEnded(row.status)) throw ended(row.status);
        if (body.start_date !== row.startDate) startNotPast(ctx.business.row.timeZone, body);
        const run = nextRun(ctx.business.row.timeZone, row, body);
        const priced = await invoices.price(tx, ctx.business.row, body);
        await repo.update(tx, businessId, id, { ...priced, ...scheduleColumns(body), nextRunIndex: run.index, nextRunDate: run.date, updatedAt: clock.now() });
        await record(tx, ctx, id, 'repeating_invoice.updated', 'Edited a repeating invoice', {
          before: { total: row.total, frequency: row.frequency, next_run_date: row.nextRunDate },
          after: { total: priced.total, frequency: body.frequency, next_run_date: run.date },
        });
        await startIfDue(tx, ctx, id, row.status === 'active' ? run.date : null);
      });
      return detail(businessId, id);
    },

    pause: (ctx: BusinessContext, id: string) => setStatus(ctx, id, 'pause'),
    resume: (ctx: BusinessContext, id: string) => setStatus(ctx, id, 'resume'),
    stop: (ctx: BusinessContext, id: string) => setStatus(ctx, id, 'stop'),
  };
}

export type RepeatingInvoicesService = ReturnType<typeof createRepeatingInvoicesService>;
