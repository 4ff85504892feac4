import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../src/db/schema';
import { DEFAULT_REMINDER_SETTINGS, invoiceEndpoints, invoiceReminderEndpoints, type InvoiceDetail } from '@merchant/payments';
import { createBusiness, createCustomer, createInvoice, signInAgain } from './factories';
import { failure, mailbox, type TestContext, createTestContext } from './harness';

/** The overdue schedule and automatic reminders: the merchant's settings, each reminder once, overdue by the schedule. */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A business of its own, its owner and cashier, and one customer with an email. */
async function shop() {
  const business = await createBusiness(t, { staff: ['cashier'] });
  const owner = business.people.owner.agent;
  const customer = await createCustomer(owner, business.id);
  return { id: business.id, owner, person: business.people.owner, cashier: business.people.cashier.agent, customer };
}

type Shop = Awaited<ReturnType<typeof shop>>;
const settingsOf = (s: Shop) => ({ params: { business_id: s.id } });
const at = (s: Shop, invoice: { id: string }) => ({ params: { business_id: s.id, invoice_id: invoice.id } });

/** An invoice issued 1 November, due 30 November, sent to the shop's customer. */
async function sentInvoice(s: Shop, over: Parameters<typeof createInvoice>[3] = {}) {
  const draft = await createInvoice(s.owner, s.id, s.customer.id, over);
  return s.owner.ok(invoiceEndpoints.send, at(s, draft));
}

/** The schedule at a moment: the clock set, every due job run (the hourly reminder run among them). */
async function runAt(iso: string) {
  t.clock.set(new Date(iso));
  await t.app.jobs.runDue();
}

/** The invoice as its owner sees it now: signed in afresh, since moving the clock by days ends idle sessions. */
const look = async (s: Shop, invoice: { id: string }) => (await signInAgain(t, s.person)).ok(invoiceEndpoints.get, at(s, invoice));

const remindersTo = async (email: string) => (await mailbox(t.app)).filter((m) => m.to === email && /reminder/i.test(m.subject));
const timelineOf = (invoice: InvoiceDetail) => invoice.timeline.map((e) => [e.kind, e.detail]);

describe('reminder settings', () => {
  it('answers the defaults until the business changes them, then what it saved, sorted; changes are audited', async () => {
    const s = await shop();
    expect(await s.cashier.ok(invoiceReminderEndpoints.get, settingsOf(s))).toEqual(DEFAULT_REMINDER_SETTINGS);
    const saved = await s.owner.ok(invoiceReminderEndpoints.save, {
      ...settingsOf(s),
      body: { enabled: true, days_before_due: [7, 0], days_after_due: [14, 2] },
    });
    expect(saved).toEqual({ enabled: true, days_before_due: [0, 7], days_after_due: [2, 14] });
    expect(await s.owner.ok(invoiceReminderEndpoints.get, settingsOf(s))).toEqual(saved);
    const entries = await t.database.db
      .select({ description: auditLogs.description })
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, s.id), eq(auditLogs.action, 'invoice_reminders.updated')));
    expect(entries).toEqual([
      {
        description: 'Changed automatic invoice reminders: 7 days before the due date, on the due date, 2 days after the due date, 14 days after the due date',
      },
    ]);
  });

  it('refuses bad days with the field that is wrong, and a cashier, changing nothing', async () => {
    const s = await shop();
    const bad = [
      [{ enabled: true, days_before_due: [3, 3], days_after_due: [] }, 'days_before_due'],
      [{ enabled: true, days_before_due: [], days_after_due: [0] }, 'days_after_due.0'],
      [{ enabled: true, days_before_due: [-1], days_after_due: [] }, 'days_before_due.0'],
      [{ enabled: true, days_before_due: [61], days_after_due: [] }, 'days_before_due.0'],
      [{ enabled: true, days_before_due: [], days_after_due: [1, 2, 3, 4, 5, 6] }, 'days_after_due'],
      [{ enabled: true, days_before_due: [1.5], days_after_due: [] }, 'days_before_due.0'],
    ] as const;
    for (const [body, path] of bad) {
      const answer = await s.owner.call(invoiceReminderEndpoints.save, { ...settingsOf(s), body: body as never });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(failure(answer).issues?.map((i) => i.path)).toContain(path);
    }
    const cashier = await s.cashier.call(invoiceReminderEndpoints.save, {
      ...settingsOf(s),
      body: { enabled: false, days_before_due: [], days_after_due: [] },
    });
    expect(cashier.status).toBe(403);
    expect(await s.owner.ok(invoiceReminderEndpoints.get, settingsOf(s))).toEqual(DEFAULT_REMINDER_SETTINGS);
  });
});

describe('the schedule', () => {
  it('reminds before and after the due date, each reminder once, and marks the invoice overdue the day after it is due', async () => {
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
    const s = await shop();
    const invoice = await sentInvoice(s);
    const email = s.customer.email!;

    await runAt('2026-11-26T01:00:00Z');
    expect(await remindersTo(email)).toHaveLength(0);
    await runAt('2026-11-27T01:00:00Z');
    await runAt('2026-11-27T05:00:00Z');
    expect(await remindersTo(email)).toHaveLength(1);
    expect((await look(s, invoice)).status).toBe('sent');

    await runAt('2026-11-30T23:00:00Z');
    expect((await look(s, invoice)).status).toBe('sent');
    await runAt('2026-12-01T00:30:00Z');
    await runAt('2026-12-01T03:00:00Z');
    const overdue = await look(s, invoice);
    expect(overdue.status).toBe('overdue');
    expect(await remindersTo(email)).toHaveLength(2);

    await runAt('2026-12-05T01:00:00Z');
    expect(await remindersTo(email)).toHaveLength(2);
    await runAt('2026-12-07T01:00:00Z');
    await runAt('2026-12-07T02:00:00Z');
    expect(await remindersTo(email)).toHaveLength(3);

    const done = await look(s, invoice);
    expect(timelineOf(done).filter(([kind]) => kind === 'reminded' || kind === 'overdue')).toEqual([
      ['reminded', `To ${email}, 3 days before the due date`],
      ['overdue', 'Due 30 Nov 2026'],
      ['reminded', `To ${email}, 1 day after the due date`],
      ['reminded', `To ${email}, 7 days after the due date`],
    ]);
    // Automatic reminders have no person behind them.
    expect(done.timeline.filter((e) => e.kind === 'reminded').map((e) => e.by)).toEqual([null, null, null]);
  });

  it('leaves paid and void invoices alone; a partly paid one keeps its status and is still reminded', async () => {
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
    const s = await shop();
    const paid = await sentInvoice(s);
    await s.owner.ok(invoiceEndpoints.markPaid, { ...at(s, paid), body: { note: null } });
    const voided = await sentInvoice(s);
    await s.owner.ok(invoiceEndpoints.void, at(s, voided));
    const part = await sentInvoice(s, { allow_partial: true });
    await s.owner.ok(invoiceEndpoints.markPaid, { ...at(s, part), body: { amount: 20_00, note: 'Cash' } });

    await runAt('2026-12-01T01:00:00Z');
    expect((await look(s, paid)).status).toBe('paid');
    expect((await look(s, voided)).status).toBe('void');
    const partly = await look(s, part);
    expect(partly.status).toBe('partially_paid');
    const reminders = await remindersTo(s.customer.email!);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('80.00');
  });

  it('sends nothing when the business turned reminders off, but still marks overdue; turned on late, it sends only the latest reminder due', async () => {
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
    const s = await shop();
    await s.owner.ok(invoiceReminderEndpoints.save, { ...settingsOf(s), body: { enabled: false, days_before_due: [3], days_after_due: [1, 7] } });
    const invoice = await sentInvoice(s);
    await runAt('2026-12-09T01:00:00Z');
    expect((await look(s, invoice)).status).toBe('overdue');
    expect(await remindersTo(s.customer.email!)).toHaveLength(0);

    const owner = await signInAgain(t, s.person);
    await owner.ok(invoiceReminderEndpoints.save, { ...settingsOf(s), body: { enabled: true, days_before_due: [3], days_after_due: [1, 7] } });
    await runAt('2026-12-09T02:00:00Z');
    expect(await remindersTo(s.customer.email!)).toHaveLength(1);
    const reminded = (await look(s, invoice)).timeline.filter((e) => e.kind === 'reminded');
    expect(reminded.map((e) => e.detail)).toEqual([`To ${s.customer.email}, 7 days after the due date`]);
  });

  it("never reminds another business's customers on this business's settings", async () => {
    t.clock.set(new Date('2026-11-01T09:00:00Z'));
    const quiet = await shop();
    await quiet.owner.ok(invoiceReminderEndpoints.save, { ...settingsOf(quiet), body: { enabled: false, days_before_due: [], days_after_due: [] } });
    const loud = await shop();
    await loud.owner.ok(invoiceReminderEndpoints.save, { ...settingsOf(loud), body: { enabled: true, days_before_due: [], days_after_due: [2] } });
    await sentInvoice(quiet);
    await sentInvoice(loud);
    await runAt('2026-12-02T01:00:00Z');
    expect(await remindersTo(quiet.customer.email!)).toHaveLength(0);
    expect(await remindersTo(loud.customer.email!)).toHaveLength(1);
  });
});
