import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { mailAttachments, mailOutbox } from '@/db/schema';

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type NewMailAttachment = Omit<typeof mailAttachments.$inferInsert, 'mailId'>;
/** What a list shows of an attachment: never its bytes. */
export type MailAttachmentInfo = { mailId: string; position: number; filename: string; contentType: string; size: number };

/** Every mail the product sends (mail/mailer.ts): kept, claimed by its delivery job for a while, then sent or unclaimed. */
export const mailOutboxRepository = {
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
  /** A mail's attachments with their bytes, in order (its delivery). */
  attachments(db: Executor, mailId: string) {
    return db.select().from(mailAttachments).where(eq(mailAttachments.mailId, mailId)).orderBy(asc(mailAttachments.position));
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
   * Claims a kept mail until `until` where it is not sent and no live attempt holds it (the update's row lock makes a
   * second runner find it claimed); an attempt that died leaves its claim to run out, and the next one takes it.
   */
  async claim(db: Executor, id: string, now: Date, until: Date): Promise<MailOutboxRow | undefined> {
    const [mail] = await db
      .update(mailOutbox)
      .set({ claimedUntil: until })
      .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt), or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now))))
      .returning();
    return mail;
  },
  /** Whether the mail is kept and not sent yet. */
  async isWaiting(db: Executor, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
    return row !== undefined;
  },
  /** The mail has left (SMTP took it, or the dev mailbox keeps it). */
  async markSent(db: Executor, id: string, at: Date): Promise<void> {
    await db.update(mailOutbox).set({ sentAt: at, claimedUntil: null, error: null }).where(eq(mailOutbox.id, id));
  },
  /** A failed attempt: unclaimed, with its error kept for the next try (and for people reading the outbox). */
  async unclaim(db: Executor, id: string, error: string): Promise<void> {
    await db.update(mailOutbox).set({ claimedUntil: null, error }).where(eq(mailOutbox.id, id));
  },
  /** Mail kept between `from` and `to`, not sent, never failed and held by no live attempt (the sweep's). */
  async unsentBetween(db: Executor, from: Date, to: Date, now: Date): Promise<{ id: string }[]> {
    return db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.error),
          or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, now)),
          gt(mailOutbox.createdAt, from),
          lt(mailOutbox.createdAt, to),
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
