import { AppError, localDate, takesPayments } from '@merchant/core';
import { addDays, runAllowed, runDate } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { UNATTENDED } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { standingOfBusiness } from '../business-standing.repository';
import type { InvoiceActor, InvoicesService } from '../invoices/invoices.service';
import { contentOf, scheduleOf } from './repeating-invoices.presenter';
import { repeatingInvoicesRepository as repo, type RunKey } from './repeating-invoices.repository';

/** Due repeating invoices read per query. */
const BATCH = 100;

type MadeRun = RunKey & { invoiceId: string; autoSend: boolean };

/**
 * The scheduler of repeating invoices (docs/payments.md, "repeating invoices"). Each run makes its invoice
 * exactly once, structurally:
 *
 * - one transaction locks the repeating invoice's row (`FOR UPDATE SKIP LOCKED`, only while it is active and
 *   due), makes the invoice through the invoices service, records the run and advances `next_run_*`; a process
 *   that stops in the middle leaves nothing (the transaction rolls back) and the next run does it all again;
 *   a second scheduler skips the locked row, or reads the advanced next run once the first has committed;
 * - the run's primary key (business, repeating invoice, run date) refuses a second invoice for one date
 *   whatever happens above.
 *
 * Auto-send happens after the commit (mail leaves through the outbox) and is recorded on the run; a run whose
 * send has not happened yet (`pending`) is sent by the next pass. The invoices service sends only a draft,
 * deciding under the invoice's row lock, so two passes never mail one invoice twice.
 */
export function createRepeatingScheduler(deps: { db: Executor; clock: Clock; audit: AuditService; invoices: InvoicesService }) {
  const { db, clock, audit, invoices } = deps;

  async function actorFor(tx: Executor, businessId: string): Promise<InvoiceActor> {
    return invoices.actorFor(tx, businessId, null, UNATTENDED);
  }

  /** Makes the invoice of the repeating invoice's next run if it is due today or before; null when nothing was due (or another runner has it). */
  async function runOnce(businessId: string, id: string, today: string): Promise<MadeRun | null> {
    return db.transaction(async (tx) => {
      const row = await repo.lockDue(tx, businessId, id, today);
      if (!row?.nextRunDate || row.nextRunIndex === null) return null;
      const issueDate = row.nextRunDate;
      const actor = await actorFor(tx, businessId);
      const body = { ...contentOf(row), issue_date: issueDate, due_date: addDays(issueDate, row.dueDays) };
      const invoice = await invoices.createIn(tx, actor, body, (n) => `Created the draft invoice ${n} from a repeating invoice`, { repeating_invoice_id: id });
      const key = { businessId, repeatingInvoiceId: id, runDate: issueDate };
      await repo.insertRun(tx, { ...key, invoiceId: invoice.id, sendStatus: row.autoSend ? 'pending' : 'off', createdAt: clock.now() });

      const made = row.invoicesMade + 1;
      const nextIndex = row.nextRunIndex + 1;
      const nextDate = runDate(scheduleOf(row), nextIndex);
      const more = runAllowed(scheduleOf(row), made, nextDate);
      await repo.update(tx, businessId, id, {
        invoicesMade: made,
        lastRunDate: issueDate,
        nextRunIndex: more ? nextIndex : null,
        nextRunDate: more ? nextDate : null,
        status: more ? 'active' : 'completed',
        updatedAt: clock.now(),
      });
      if (!more) {
        await audit.record(tx, UNATTENDED, {
          action: 'repeating_invoice.completed',
          description: `A repeating invoice made its last invoice, ${invoice.number}`,
          actorUserId: null,
          businessId,
          objectType: 'repeating_invoice',
          objectId: id,
          meta: { invoices_made: made },
        });
      }
      return { ...key, invoiceId: invoice.id, autoSend: row.autoSend };
    });
  }

  /**
   * Sends a run's draft and records how it went. A refusal (the customer has no email) is kept on the run
   * and not tried again; anything else leaves the run pending for the next pass.
   */
  async function deliver(run: RunKey & { invoiceId: string }): Promise<void> {
    try {
      const actor = await actorFor(db, run.businessId);
      const invoice = await invoices.sendDraftAs(actor, run.invoiceId);
      const failed = invoice.status === 'void' || invoice.status === 'draft';
      await repo.updateRun(
        db,
        run,
        failed ? { sendStatus: 'failed', sendError: `${invoice.number} was ${invoice.status} and was not sent.` } : { sendStatus: 'sent' },
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await repo.updateRun(db, run, { sendStatus: 'failed', sendError: error.message });
    }
  }

  /** Every due run of one repeating invoice (several when runs were missed while no scheduler ran), each sent when asked. */
  async function runTemplate(businessId: string, id: string, today: string): Promise<number> {
    // A business that takes no payments now (blocked) issues no invoices: its runs wait and are made once it may.
    const standing = await standingOfBusiness(db, businessId);
    if (!standing || !takesPayments(standing)) return 0;
    let made = 0;
    for (;;) {
      const run = await runOnce(businessId, id, today);
      if (!run) return made;
      made++;
      if (run.autoSend) await deliver(run);
    }
  }

  /** Pending auto-sends of earlier passes (a process that stopped between making an invoice and sending it). */
  async function sendPending(failures: unknown[]): Promise<void> {
    for (const run of await repo.pendingSends(db, BATCH)) {
      try {
        await deliver(run);
      } catch (error) {
        failures.push(error);
      }
    }
  }

  return {
    /** Makes the due runs of one repeating invoice, as of its business's today. */
    runTemplate: async (businessId: string, id: string) => runTemplate(businessId, id, localDate(clock.now(), await repo.timeZoneOf(db, businessId))),

    /**
     * Makes the invoice of every due run of every business, then sends what is still to be sent; answers how
     * many invoices it made. One repeating invoice that fails does not hold the others up: the failures are
     * reported (thrown) once the others are done, so the job is retried.
     */
    async runDue(now: Date = clock.now()): Promise<number> {
      // Each run date is compared with its business's today (docs/payments.md, "Time zone").
      let made = 0;
      const failures: unknown[] = [];
      const failed = new Set<string>();
      for (;;) {
        const due = (await repo.due(db, now, BATCH)).filter((t) => !failed.has(t.id));
        let progressed = 0;
        for (const { businessId, id, timeZone } of due) {
          try {
            const count = await runTemplate(businessId, id, localDate(now, timeZone));
            made += count;
            progressed += count;
          } catch (error) {
            failed.add(id);
            failures.push(error);
          }
        }
        // Nothing left, or only what other schedulers hold right now (they finish it).
        if (progressed === 0) break;
      }
      await sendPending(failures);
      if (failures.length > 0) throw new AggregateError(failures, `${failures.length} repeating invoice run(s) could not make or send their invoice`);
      return made;
    },
  };
}

export type RepeatingScheduler = ReturnType<typeof createRepeatingScheduler>;
