import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { repeatingInvoiceEndpoints } from '@merchant/payments';
import type { Database } from '../src/db/client';
import { fixedClock } from '../src/lib/clock';
import { compose } from '../src/modules/module';
import { businessModule } from '../src/modules/business/business/business.module';
import { emailTemplatesModule } from '../src/modules/business/email-templates/email-templates.module';
import { notificationSettingsModule } from '../src/modules/business/notification-settings/notification-settings.module';
import { checkoutCustomisationModule } from '../src/modules/payments/checkout-customisation/checkout-customisation.module';
import { sourcePaymentsModule } from '../src/modules/payments/source-payments/source-payments.module';
import { catalogueModule } from '../src/modules/catalogue/products/products.module';
import { invoicesModule } from '../src/modules/payments/invoices/invoices.module';
import { processorModule } from '../src/modules/payments/processor/processor.module';
import { repeatingInvoicesModule } from '../src/modules/payments/repeating-invoices/repeating-invoices.module';
import { createBusiness, createCustomer, createRepeatingInvoice } from './factories';
import { Agent, mailbox, type TestContext } from './harness';
import { appOn, breakInsert, heal, otherProcessOn, racingProcesses, rows } from './app-processes';
import { restartableDatabase } from './restartable-database';

/**
 * The scheduler's promise: each run of a repeating invoice makes exactly one invoice (and mails it at most
 * once), when several app processes run the scheduler at once on one database, and when a process stops in
 * the middle of a run and the work is done again after a restart. On both databases (the embedded one is
 * owned by one process, so there its "processes" share its one handle and their transactions take turns).
 */
const START = new Date('2026-11-01T09:00:00Z');

/** Another process's scheduler: the modules it is built from, on a platform and a job queue of its own. */
async function schedulerOn(database: Database, clock: ReturnType<typeof fixedClock>) {
  const { services, jobs } = await otherProcessOn(database, clock, (platform) =>
    compose(platform)
      .use(processorModule)
      .use(businessModule)
      .use(notificationSettingsModule)
      .use(emailTemplatesModule)
      .use(checkoutCustomisationModule)
      .use(sourcePaymentsModule)
      .use(catalogueModule)
      .use(invoicesModule)
      .use(repeatingInvoicesModule),
  );
  return { scheduler: services.repeatingInvoices.scheduler, jobs };
}

const counts = async (database: Database, businessId: string) => {
  const [row] = await rows<{ invoices: number; runs: number; sent_events: number; numbers: number }>(
    database,
    sql`select
      (select count(*)::int from invoices where business_id = ${businessId}) as invoices,
      (select count(distinct number)::int from invoices where business_id = ${businessId}) as numbers,
      (select count(*)::int from repeating_invoice_runs where business_id = ${businessId}) as runs,
      (select count(*)::int from invoice_events where business_id = ${businessId} and kind = 'sent') as sent_events`,
  );
  return row!;
};

/** A business with a customer who has an email, made in the given process. */
async function businessIn(t: TestContext) {
  const business = await createBusiness(t);
  const owner = business.people.owner.agent;
  const customer = await createCustomer(owner, business.id);
  return { id: business.id, owner, customer };
}

/** Makes the process's next statement on `table` fail, as if the process stopped there (until `heal`). */
describe('two schedulers at once on one database', () => {
  it('makes and sends each due run exactly once, whichever process gets there', async () => {
    const clock = fixedClock(START);
    const { first, a, b, others, close } = await racingProcesses(clock, schedulerOn);
    try {
      const { id, owner, customer } = await businessIn(a);
      const templates = [];
      for (let i = 0; i < 6; i++) {
        templates.push(await createRepeatingInvoice(owner, id, customer.id, { frequency: 'weekly', start_date: '2026-11-02', auto_send: true }));
      }
      // Four weekly runs are due for each: 2, 9, 16 and 23 November.
      clock.set(new Date('2026-11-23T12:00:00Z'));
      await Promise.all([...others.map((p) => p.scheduler.runDue()), ...others.map((p) => p.scheduler.runDue()), a.app.jobs.runDue(), b.app.jobs.runDue()]);
      // Whatever is left (nothing, when the racing passes did it all) is done by one more pass.
      await others[0]!.scheduler.runDue();

      expect(await counts(first, id)).toEqual({ invoices: 24, numbers: 24, runs: 24, sent_events: 24 });
      for (const template of templates) {
        const detail = await owner.ok(repeatingInvoiceEndpoints.get, { params: { business_id: id, repeating_invoice_id: template.id } });
        expect(detail.runs.map((r) => r.run_date).sort()).toEqual(['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']);
        // Mailed, each once (a run's invoice already past its due date is overdue by then: the reminder schedule ran too).
        expect(detail.runs.every((r) => r.send_status === 'sent' && ['sent', 'overdue'].includes(r.invoice.status))).toBe(true);
        expect(detail).toMatchObject({ invoices_made: 4, next_run_date: '2026-11-30' });
      }
      // The invoices' own mails (runs already past their due date also get the reminder schedule's mail).
      const mails = (await mailbox(a.app)).filter((m) => m.to === customer.email && !/reminder/i.test(m.subject));
      expect(mails).toHaveLength(24);
      expect(new Set(mails.map((m) => /INV-\d+/.exec(m.text)?.[0])).size).toBe(24);

      // The run's key refuses a second invoice for one date whatever runs it.
      const [run] = await rows<{ repeating_invoice_id: string; invoice_id: string }>(
        first,
        sql`select repeating_invoice_id, invoice_id from repeating_invoice_runs where business_id = ${id} limit 1`,
      );
      await expect(
        first.exec(
          `insert into repeating_invoice_runs (business_id, repeating_invoice_id, run_date, invoice_id, send_status) values ('${id}', '${run!.repeating_invoice_id}', '2026-11-02', '${run!.invoice_id}', 'off')`,
        ),
      ).rejects.toThrow(/duplicate key|unique/i);
    } finally {
      await close();
    }
  });
});

describe('a process that stops in the middle of a run', () => {
  it('leaves nothing behind, and the run after a restart makes the invoice once', async () => {
    const store = await restartableDatabase();
    const clock = fixedClock(START);
    let database = await store.open();
    let t = await appOn(database, clock);
    try {
      const { id, owner, customer } = await businessIn(t);
      const template = await createRepeatingInvoice(owner, id, customer.id, { start_date: '2026-11-02' });
      // The process stops after the invoice's insert, before the run is recorded: its transaction never commits.
      await breakInsert(database, 'repeating_invoice_runs');
      clock.set(new Date('2026-11-02T10:00:00Z'));
      await t.app.jobs.runDue();
      expect(await counts(database, id)).toMatchObject({ invoices: 0, runs: 0 });
      const [kept] = await rows<{ next_run_date: string; invoices_made: number }>(
        database,
        sql`select next_run_date::text, invoices_made from repeating_invoices where id = ${template.id}`,
      );
      expect(kept).toEqual({ next_run_date: '2026-11-02', invoices_made: 0 });
      await t.close();
      await database.close();

      // Restart: the run is done again, once, however often the scheduler runs.
      database = await store.open();
      await heal(database, 'repeating_invoice_runs');
      t = await appOn(database, clock);
      await t.app.jobs.runDue({ ignoreDelays: true });
      clock.set(new Date('2026-11-02T23:00:00Z'));
      await t.app.jobs.runDue({ ignoreDelays: true });
      expect(await counts(database, id)).toMatchObject({ invoices: 1, runs: 1 });
      await t.close();
      await database.close();

      database = await store.open();
      t = await appOn(database, clock);
      await t.app.jobs.runDue({ ignoreDelays: true });
      expect(await counts(database, id)).toMatchObject({ invoices: 1, runs: 1 });
      const again = new Agent(t.app);
      again.cookies = owner.cookies;
      again.csrf = owner.csrf;
      const detail = await again.ok(repeatingInvoiceEndpoints.get, { params: { business_id: id, repeating_invoice_id: template.id } });
      expect(detail).toMatchObject({ invoices_made: 1, last_run_date: '2026-11-02', next_run_date: '2026-12-02' });
    } finally {
      await t.close();
      await database.close();
      await store.dispose();
    }
  });

  it('sends an invoice made before the stop after the restart, once', async () => {
    const store = await restartableDatabase();
    const clock = fixedClock(START);
    let database = await store.open();
    let t = await appOn(database, clock);
    try {
      const { id, owner, customer } = await businessIn(t);
      await createRepeatingInvoice(owner, id, customer.id, { start_date: '2026-11-02', auto_send: true });
      // The invoice is made and committed; the process stops while sending it.
      await breakInsert(database, 'invoice_events', `new.kind = 'sent'`);
      clock.set(new Date('2026-11-02T10:00:00Z'));
      await t.app.jobs.runDue();
      expect(await counts(database, id)).toMatchObject({ invoices: 1, runs: 1, sent_events: 0 });
      const [pending] = await rows<{ send_status: string }>(database, sql`select send_status from repeating_invoice_runs where business_id = ${id}`);
      expect(pending?.send_status).toBe('pending');
      await t.close();
      await database.close();

      database = await store.open();
      await heal(database, 'invoice_events');
      t = await appOn(database, clock);
      clock.set(new Date('2026-11-02T11:00:00Z'));
      await t.app.jobs.runDue({ ignoreDelays: true });
      await t.app.jobs.runDue({ ignoreDelays: true });
      expect(await counts(database, id)).toMatchObject({ invoices: 1, runs: 1, sent_events: 1 });
      const [sent] = await rows<{ send_status: string }>(database, sql`select send_status from repeating_invoice_runs where business_id = ${id}`);
      expect(sent?.send_status).toBe('sent');
      expect((await mailbox(t.app)).filter((m) => m.to === customer.email)).toHaveLength(1);
    } finally {
      await t.close();
      await database.close();
      await store.dispose();
    }
  });
});
