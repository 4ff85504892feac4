import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { Write } from '@/db/write-together';
import { mailAttachments, mailOutbox } from '@/db/schema';

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type NewMailAttachment = Omit<typeof mailAttachments.$inferInsert, 'mailId'>;
/** What a list shows of an attachment: never its bytes. */
export type MailAttachmentInfo = { mailId: string; position: number; filename: string; contentType: string; size: number };

/** Every mail the product sends (mail/mailer.ts): kept, claimed in batches by the deliverer for a while, then sent or failed. */
export const mailOutboxRepository = {
  /**
   * Mail not sent yet (`/metrics`): how many the deliverer will still try, when the oldest of them was kept, and how
   * many it gave up on after `maxAttempts`.
   */
  async unsent(db: Executor, maxAttempts: number): Promise<{ waiting: number; oldestWaitingAt: Date | null; givenUp: number }> {
    const [row] = await db
      .select({
        waiting: sql<number>`count(*) filter (where ${mailOutbox.attempts} < ${maxAttempts})`.mapWith(Number),
        oldest: sql<Date | null>`min(${mailOutbox.createdAt}) filter (where ${mailOutbox.attempts} < ${maxAttempts})`.mapWith(mailOutbox.createdAt),
        givenUp: sql<number>`count(*) filter (where ${mailOutbox.attempts} >= ${maxAttempts})`.mapWith(Number),
      })
      .from(mailOutbox)
      .where(isNull(mailOutbox.sentAt));
    return { waiting: row?.waiting ?? 0, oldestWaitingAt: row?.oldest ?? null, givenUp: row?.givenUp ?? 0 };
  },
  /** A mail without attachments as a write for `writeTogether` (db/write-together.ts). */
  insertWrite(db: Executor, row: typeof mailOutbox.$inferInsert): Write {
    return db.insert(mailOutbox).values(row).getSQL();
  },
  /** Keeps a mail with its attachments (`db`: the transaction of the change the mail tells of). */
  async insert(db: Executor, row: typeof mailOutbox.$inferInsert, attachments: NewMailAttachment[] = []): Promise<void> {
    if (attachments.length === 0) {
      await db.insert(mailOutbox).values(row);
      return;
    }
    await db.transaction(async (tx) => {
      await tx.insert(mailOutbox).values(row);
      await tx.insert(mailAttachments).values(attachments.map((a) => ({ ...a, mailId: row.id })));
    });
  },
  /** The attachments of these mails with their bytes, in order (their delivery). */
  attachments(db: Executor, mailIds: string[]) {
    return db
      .select()
      .from(mailAttachments)
      .where(inArray(mailAttachments.mailId, mailIds))
      .orderBy(asc(mailAttachments.mailId), asc(mailAttachments.position));
  },
  /** One attachment with its bytes (the dev mailbox's download). */
  async attachment(db: Executor, mailId: string, position: number) {
    const [row] = await db
      .select()
      .from(mailAttachments)
      .where(and(eq(mailAttachments.mailId, mailId), eq(mailAttachments.position, position)));
    return row;
  },
  /** The attachments of these mails, without their bytes. */
  attachmentInfo(db: Executor, mailIds: string[]): Promise<MailAttachmentInfo[]> {
    if (mailIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        mailId: mailAttachments.mailId,
        position: mailAttachments.position,
        filename: mailAttachments.filename,
        contentType: mailAttachments.contentType,
        size: mailAttachments.size,
      })
      .from(mailAttachments)
      .where(inArray(mailAttachments.mailId, mailIds))
      .orderBy(asc(mailAttachments.mailId), asc(mailAttachments.position));
  },
  /**
   * Claims up to `limit` kept mails, oldest first, in one statement: not sent, held by no live attempt (nor waiting
   * out a failure's backoff), with attempts left. Each is held until `until` and counts one attempt. The rows are
   * chosen `for update skip locked`, so two deliverers claiming at once take different mails, and the claim makes a
   * later one skip them until it runs out (an attempt whose process died leaves its mails to the next claim then).
   */
  claimPending(db: Executor, options: { now: Date; until: Date; limit: number; maxAttempts: number }): Promise<MailOutboxRow[]> {
    const { now, until, limit, maxAttempts } = options;
    const pending = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now)), lt(mailOutbox.attempts, maxAttempts)))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ claimedUntil: until, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, pending))
      .returning();
  },
  /** These mails have left (SMTP took them, or the dev mailbox keeps them): one statement for all. */
  async markSent(db: Executor, ids: string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await db.update(mailOutbox).set({ sentAt: at, claimedUntil: null, error: null }).where(inArray(mailOutbox.id, ids));
  },
  /**
   * Failed attempts, in one statement: each mail keeps its error (for the next try and for people reading the
   * outbox) and is held until its backoff has passed: `retryDelayMs` after its first attempt, doubling with each.
   */
  async markFailed(db: Executor, failures: { id: string; error: string }[], now: Date, retryDelayMs: number): Promise<void> {
    if (failures.length === 0) return;
    const errors = JSON.stringify(Object.fromEntries(failures.map((f) => [f.id, f.error])));
    await db
      .update(mailOutbox)
      .set({
        error: sql`(${errors}::jsonb ->> ${mailOutbox.id}::text)`,
        claimedUntil: sql`${now.toISOString()}::timestamptz + ${retryDelayMs} * power(2, greatest(${mailOutbox.attempts} - 1, 0)) * interval '1 millisecond'`,
      })
      .where(
        inArray(
          mailOutbox.id,
          failures.map((f) => f.id),
        ),
      );
  },
  /** Deletes up to `limit` delivered mails kept before `before` (their attachments go with them); answers how many. */
  async purgeDelivered(db: Executor, before: Date, limit: number): Promise<number> {
    const oldest = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(lt(mailOutbox.createdAt, before), isNotNull(mailOutbox.sentAt)))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(limit);
    const rows = await db.delete(mailOutbox).where(inArray(mailOutbox.id, oldest)).returning({ id: mailOutbox.id });
    return rows.length;
  },
  /** Newest first. */
  recent(db: Executor, limit: number): Promise<MailOutboxRow[]> {
    return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
  },
};
