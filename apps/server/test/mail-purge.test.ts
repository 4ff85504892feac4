import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { endpointPath } from '@merchant/core';
import { authEndpoints } from '@merchant/identity';
import { mailAttachments, mailOutbox } from '@/db/schema';
import { newId } from '@/lib/crypto';
import { MAIL_MAX_ATTEMPTS } from '@/mail/mailer';
import { Agent, createTestContext, type TestContext } from './harness';
import { signUp } from './factories';

/**
 * The outbox is purged (docs/architecture.md, "Background jobs", Mail): once a day `mail.purge` deletes the mail
 * delivered and kept longer ago than MAIL_RETENTION_DAYS (12 here; 30 by default), attachments and all; mail not
 * delivered, waiting or failed, stays. Both databases.
 */
const DAY_MS = 86_400_000;
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ mailRetentionDays: 12 });
});
afterAll(() => t.close());

/** A password reset: one mail through the app's own mailer, delivered (to the dev mailbox) by its job. */
async function resetMail(): Promise<string> {
  const { email } = (await signUp(t)).person;
  await new Agent(t.app).post(endpointPath(authEndpoints.requestPasswordReset), { email });
  await t.app.jobs.runDue();
  const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  expect(row?.sentAt).not.toBeNull();
  return row!.id;
}

async function kept(ids: string[]): Promise<string[]> {
  const rows = await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(inArray(mailOutbox.id, ids));
  return rows.map((r) => r.id).sort();
}

describe('purging the mail outbox', () => {
  it('deletes delivered mail past the retention with its attachments, and keeps recent, waiting and failed mail', async () => {
    const db = t.database.db;
    t.clock.set(new Date('2026-06-01T10:00:00Z'));
    const delivered = await resetMail();
    await db
      .insert(mailAttachments)
      .values({ mailId: delivered, position: 0, filename: 'a.pdf', contentType: 'application/pdf', size: 3, content: Buffer.from('pdf') });
    const failed = newId();
    const waiting = newId();
    // Failed: every attempt used, its error kept. Waiting: held by a deliverer's claim all along (still sending).
    await db.insert(mailOutbox).values([
      {
        id: failed,
        to: 'failed@example.com',
        subject: 'Failed',
        text: 'x',
        error: 'mailbox unavailable',
        attempts: MAIL_MAX_ATTEMPTS,
        createdAt: t.clock.now(),
      },
      {
        id: waiting,
        to: 'waiting@example.com',
        subject: 'Waiting',
        text: 'x',
        attempts: 1,
        claimedUntil: new Date('2027-01-01T00:00:00Z'),
        createdAt: t.clock.now(),
      },
    ]);
    const all = [delivered, failed, waiting];

    // Within the retention the daily pass leaves everything.
    t.clock.advance(11 * DAY_MS);
    await t.app.jobs.runDue();
    expect(await kept(all)).toEqual([...all].sort());

    // Past it, the delivered mail goes (its attachment with it); a mail kept today stays.
    t.clock.advance(2 * DAY_MS);
    const recent = await resetMail();
    t.clock.advance(DAY_MS);
    await t.app.jobs.runDue();
    expect(await kept([...all, recent])).toEqual([failed, waiting, recent].sort());
    expect(await db.select().from(mailAttachments).where(eq(mailAttachments.mailId, delivered))).toEqual([]);
  });
});
