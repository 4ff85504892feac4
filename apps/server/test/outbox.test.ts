import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { payoutEndpoints } from '@merchant/payments';
import { TEST_CRASH_HEADER } from '../src/http/idempotency';
import { createMailer, MAIL_CLAIM_MS } from '../src/mail/mailer';
import { minutes } from '../src/modules/platform/jobs/jobs.service';
import { mailOutboxRepository } from '../src/modules/platform/mail/mail-outbox.repository';
import { rows } from './app-processes';
import { fakeSmtp } from './fake-smtp';
import { createTestContext, type TestContext } from './harness';
import { addBankAccount, availableMoney, createBusiness, unique } from './factories';

/**
 * The outbox (docs/architecture.md, "Background jobs"): a mail and a job are written with the transaction handle of
 * the change that causes them, so they commit with it or not at all; delivery is at least once, with the mail's id
 * as its Message-ID. Both databases.
 */
let t: TestContext;
afterEach(async () => t.close());

const keptMail = (subject: string) =>
  rows<{ id: string; sent_at: Date | null }>(t.database, sql`select id, sent_at from mail_outbox where subject = ${subject}`);
const queued = (name: string) => rows<{ id: string; state: string }>(t.database, sql`select id, state from pgboss.job where name = ${name}`);
/** A mailer that keeps mail as the app's does, on the app's queue: the app's own delivery job sends what it keeps. */
const mailerOf = () => createMailer({ db: t.database.db, clock: t.clock, logger: pino({ level: 'silent' }), jobs: t.app.jobs, from: t.config.mailFrom });

describe('mail and jobs written in a transaction', () => {
  it('commit with it, and leave nothing when it rolls back', async () => {
    t = await createTestContext();
    const mailer = mailerOf();
    const kept = unique('Kept');
    const undone = unique('Undone');
    await t.database.db.transaction(async (tx) => {
      await mailer.send(tx, { to: 'ann@example.test', subject: kept, text: 'Committed.' });
    });
    await expect(
      t.database.db.transaction(async (tx) => {
        await mailer.send(tx, {
          to: 'bob@example.test',
          subject: undone,
          text: 'Rolled back.',
          attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF') }],
        });
        throw new Error('the change fails after its mail was written');
      }),
    ).rejects.toThrow(/the change fails/);

    const [committed] = await keptMail(kept);
    expect(committed).toMatchObject({ sent_at: null });
    expect(await keptMail(undone)).toEqual([]);
    expect(await rows(t.database, sql`select 1 from mail_attachments where filename = 'a.pdf'`)).toEqual([]);
    // One delivery job, the committed mail's: the rolled-back one left none.
    const jobs = await queued('mail.deliver');
    expect(jobs).toHaveLength(1);
    await t.app.jobs.runDue();
    expect((await keptMail(kept))[0]?.sent_at).not.toBeNull();
  });

  it('a payout whose transaction fails leaves no mail; a payout that commits has its mail and its delivery job with it', async () => {
    t = await createTestContext();
    const business = await createBusiness(t, {});
    await availableMoney(t, business.id, 100_00);
    await addBankAccount(t, business, business.people.owner);
    await t.app.jobs.runDue();
    const owner = business.people.owner.agent;
    const params = { business_id: business.id };
    const payoutMails = () => rows<{ id: string }>(t.database, sql`select id from mail_outbox where subject like 'Payout of %'`);

    // Stopped as its transaction is about to commit (the test fault): nothing of it stays, its mail neither.
    const cut = await owner.call(
      payoutEndpoints.create,
      { params, body: { currency: 'sgd', amount: 10_00 } },
      { idempotencyKey: 'cut', headers: { [TEST_CRASH_HEADER]: 'before-commit' } },
    );
    expect(cut.ok).toBe(false);
    expect((await owner.ok(payoutEndpoints.list, { params })).data).toEqual([]);
    expect(await payoutMails()).toEqual([]);

    await owner.ok(payoutEndpoints.create, { params, body: { currency: 'sgd', amount: 10_00 } }, { idempotencyKey: 'made' });
    const [mail] = await payoutMails();
    expect(mail).toBeDefined();
    // Its delivery job was committed with it, before any job ran.
    const jobs = await rows<{ state: string }>(t.database, sql`select state from pgboss.job where name = 'mail.deliver' and data->>'mailId' = ${mail!.id}`);
    expect(jobs).toEqual([{ state: 'created' }]);
  });
});

describe('delivery, at least once', () => {
  it('sends again, with the same Message-ID, a mail whose attempt died after claiming it; never while a live attempt holds it', async () => {
    const smtp = await fakeSmtp();
    try {
      t = await createTestContext({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Merchant <mail@merchant.test>' });
      const mailer = mailerOf();
      const subject = unique('Claimed');
      const id = await t.database.db.transaction((tx) => mailer.send(tx, { to: 'ann@example.test', subject, text: 'Once at least.' }));
      // An attempt claims the mail, and its process dies before it sends (nothing tells the outbox).
      expect(await mailOutboxRepository.claim(t.database.db, id, t.clock.now(), new Date(t.clock.now().getTime() + MAIL_CLAIM_MS))).toBeDefined();
      // Its delivery job finds the mail held: the attempt fails and waits for its retry; the sweep leaves it alone.
      await t.app.jobs.runDue();
      expect(await queued('mail.deliver')).toMatchObject([{ state: 'retry' }]);
      t.clock.advance(minutes(5));
      await t.app.jobs.runDue();
      expect(smtp.received).toEqual([]);
      expect((await keptMail(subject))[0]?.sent_at).toBeNull();

      // The claim runs out: the retry (its backoff passed) takes the mail over, and it leaves, once.
      t.clock.advance(MAIL_CLAIM_MS);
      await t.app.jobs.runDue({ ignoreDelays: true });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatch(new RegExp(`^Message-ID: <${id}@merchant.test>$`, 'im'));
      expect((await keptMail(subject))[0]?.sent_at).not.toBeNull();
      t.clock.advance(minutes(2));
      await t.app.jobs.runDue({ ignoreDelays: true });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});
