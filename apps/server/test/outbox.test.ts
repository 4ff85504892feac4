import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { payoutEndpoints } from '@merchant/payments';
import { TEST_CRASH_HEADER } from '../src/http/idempotency';
import { createMailer, MAIL_CLAIM_MS, MAIL_DELIVERY_BATCH, MAIL_DELIVERY_DRAIN, MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAY_MS, type Mailer } from '../src/mail/mailer';
import { minutes, type DrainHandler } from '../src/modules/platform/jobs/jobs.service';
import { mailOutboxRepository } from '../src/modules/platform/mail/mail-outbox.repository';
import { rows } from './app-processes';
import { fakeSmtp } from './fake-smtp';
import { createTestContext, type TestContext } from './harness';
import { addBankAccount, availableMoney, createBusiness, unique } from './factories';

/**
 * The outbox (docs/architecture.md, "Background jobs"): a mail and a job are written with the transaction handle of
 * the change that causes them, so they commit with it or not at all. Mail is delivered from the outbox in batches
 * (no job per mail): one statement claims many rows, one marks them sent; at least once, with the mail's id as its
 * Message-ID. Both databases.
 */
let t: TestContext;
afterEach(async () => t.close());

const keptMail = (subject: string) =>
  rows<{ id: string; sent_at: Date | null }>(t.database, sql`select id, sent_at from mail_outbox where subject = ${subject}`);
const queued = (name: string) => rows<{ id: string; state: string }>(t.database, sql`select id, state from pgboss.job where name = ${name}`);
const outboxRow = (id: string) =>
  rows<{ sent_at: Date | null; attempts: number; error: string | null }>(
    t.database,
    sql`select sent_at, attempts, error from mail_outbox where id = ${id}`,
  ).then((found) => found[0]);
/** A mailer that keeps mail as the app's does, on the app's queue: the app's own deliverer sends what it keeps. */
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
    // No job per mail: the outbox row is all a mail writes, and the deliverer takes it from there.
    expect(await queued(MAIL_DELIVERY_DRAIN)).toEqual([]);
    await t.app.jobs.runDue();
    expect((await keptMail(kept))[0]?.sent_at).not.toBeNull();
  });

  it('a payout whose transaction fails leaves no mail; a payout that commits has its mail with it', async () => {
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
    // Kept, not sent yet, and no job of its own: the deliverer sends it.
    expect(await outboxRow(mail!.id)).toMatchObject({ sent_at: null, attempts: 0 });
    expect(await queued(MAIL_DELIVERY_DRAIN)).toEqual([]);
    await t.app.jobs.runDue();
    expect(await outboxRow(mail!.id)).toMatchObject({ sent_at: expect.anything(), attempts: 1 });
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
      // A deliverer claims the mail, and its process dies before it sends (nothing tells the outbox).
      const now = t.clock.now();
      const claimed = await mailOutboxRepository.claimPending(t.database.db, {
        now,
        until: new Date(now.getTime() + MAIL_CLAIM_MS),
        limit: MAIL_DELIVERY_BATCH,
        maxAttempts: MAIL_MAX_ATTEMPTS,
      });
      expect(claimed.map((m) => m.id)).toEqual([id]);
      // The deliverer and the sweep leave it alone while the claim is live.
      await t.app.jobs.runDue();
      t.clock.advance(minutes(5));
      await t.app.jobs.runDue();
      expect(smtp.received).toEqual([]);
      expect((await keptMail(subject))[0]?.sent_at).toBeNull();

      // The claim runs out: the next claim takes the mail over, and it leaves, once.
      t.clock.advance(MAIL_CLAIM_MS);
      await t.app.jobs.runDue();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatch(new RegExp(`^Message-ID: <${id}@merchant.test>$`, 'im'));
      expect(await outboxRow(id)).toMatchObject({ sent_at: expect.anything(), attempts: 2, error: null });
      t.clock.advance(minutes(2));
      await t.app.jobs.runDue();
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});

/** A deliverer of another process on the same database: its own drain and transport, which records what it sends. */
function deliverer(send: (mail: { messageId?: string; subject?: string }) => Promise<void>): { mailer: Mailer; drain: DrainHandler } {
  const drains = new Map<string, DrainHandler>();
  const mailer = createMailer({
    db: t.database.db,
    clock: t.clock,
    logger: pino({ level: 'silent' }),
    jobs: { nudge: () => undefined },
    from: t.config.mailFrom,
    transport: {
      sendMail: async (message) => {
        await send({ messageId: message.messageId, subject: typeof message.subject === 'string' ? message.subject : undefined });
        return {} as never;
      },
    },
  });
  mailer.registerJobs({ work: () => undefined, schedule: () => undefined, drain: (name, handler) => void drains.set(name, handler) });
  return { mailer, drain: drains.get(MAIL_DELIVERY_DRAIN)! };
}

describe('delivery in batches', () => {
  it('two deliverers draining at once never send one mail twice, and between them send every mail', async () => {
    t = await createTestContext();
    const sent: { by: string; messageId: string }[] = [];
    const slowly = (by: string) => async (mail: { messageId?: string }) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push({ by, messageId: mail.messageId! });
    };
    const [a, b] = [deliverer(slowly('a')), deliverer(slowly('b'))];
    const count = MAIL_DELIVERY_BATCH * 2 + 7;
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await a.mailer.send(t.database.db, { to: `p${i}@example.test`, subject: unique('Batch'), text: 'x' }));

    const [byA, byB] = await Promise.all([a.drain(), b.drain()]);
    // Each took its own batches (claimed with skip locked, then held by the claim), and nothing was left or doubled.
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
    expect([...byA, ...byB].sort()).toEqual([...ids].sort());
    expect(sent).toHaveLength(count);
    expect(new Set(sent.map((s) => s.messageId)).size).toBe(count);
    expect(sent.filter((s) => s.by === 'a')).toHaveLength(byA.length);
    const unsent = await rows<{ n: number }>(t.database, sql`select count(*)::int as n from mail_outbox where sent_at is null`);
    expect(unsent).toEqual([{ n: 0 }]);
    expect(await Promise.all([a.drain(), b.drain()])).toEqual([[], []]);
  });

  it('keeps a failed send with its error and tries it again after its backoff, doubling, until its attempts run out', async () => {
    t = await createTestContext();
    // The app's own deliverer sends what sign-up and the like kept; the test's deliverer fails for one subject.
    await t.app.jobs.runDue();
    let failing = true;
    const received: string[] = [];
    const { mailer, drain } = deliverer(async ({ subject }) => {
      if (failing) throw new Error('421 mailbox busy');
      received.push(subject!);
    });
    const subject = unique('Retried');
    const id = await mailer.send(t.database.db, { to: 'ann@example.test', subject, text: 'x' });

    expect(await drain()).toEqual([id]);
    expect(await outboxRow(id)).toMatchObject({ sent_at: null, attempts: 1, error: '421 mailbox busy' });
    // Its backoff has not passed: nobody takes it, the app's deliverer and sweep included.
    expect(await drain()).toEqual([]);
    t.clock.advance(MAIL_RETRY_DELAY_MS - 1_000);
    await t.app.jobs.runDue();
    expect(await outboxRow(id)).toMatchObject({ sent_at: null, attempts: 1 });
    // After 30 s it is tried again; then after 60 s (the backoff doubles).
    t.clock.advance(1_000);
    expect(await drain()).toEqual([id]);
    expect(await outboxRow(id)).toMatchObject({ sent_at: null, attempts: 2 });
    t.clock.advance(2 * MAIL_RETRY_DELAY_MS - 1_000);
    expect(await drain()).toEqual([]);
    t.clock.advance(1_000);
    failing = false;
    expect(await drain()).toEqual([id]);
    expect(await outboxRow(id)).toMatchObject({ sent_at: expect.anything(), attempts: 3, error: null });
    expect(received).toEqual([subject]);

    // A mail that keeps failing stops after its attempts, unsent, with its last error.
    failing = true;
    const hopeless = await mailer.send(t.database.db, { to: 'bob@example.test', subject: unique('Hopeless'), text: 'x' });
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await drain()).toEqual([hopeless]);
      t.clock.advance(MAIL_RETRY_DELAY_MS * 2 ** (attempt - 1));
    }
    expect(await drain()).toEqual([]);
    expect(await outboxRow(hopeless)).toMatchObject({ sent_at: null, attempts: MAIL_MAX_ATTEMPTS, error: '421 mailbox busy' });
  });
});
