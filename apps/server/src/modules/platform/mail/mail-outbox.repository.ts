import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { mailOutbox } from '@/db/schema';

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

/** Every mail the product sends (mail/mailer.ts): kept, claimed by its delivery job, then sent or unclaimed. */
export const mailOutboxRepository = {
  async insert(db: Executor, row: typeof mailOutbox.$inferInsert): Promise<void> {
    await db.insert(mailOutbox).values(row);
  },
  /** Claims a kept mail by setting `sent_at` where it is unset (the row lock makes a second runner find it claimed). */
  async claim(db: Executor, id: string, at: Date): Promise<MailOutboxRow | undefined> {
    const [mail] = await db
      .update(mailOutbox)
      .set({ sentAt: at, error: null })
      .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)))
      .returning();
    return mail;
  },
  /** A failed attempt: unclaimed, with its error kept for the next try (and for people reading the outbox). */
  async unclaim(db: Executor, id: string, error: string): Promise<void> {
    await db.update(mailOutbox).set({ sentAt: null, error }).where(eq(mailOutbox.id, id));
  },
  /** Mail kept between `from` and `to`, never sent and never failed (its delivery job was never enqueued). */
  async unsentBetween(db: Executor, from: Date, to: Date): Promise<{ id: string }[]> {
    return db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.error), gt(mailOutbox.createdAt, from), lt(mailOutbox.createdAt, to)));
  },
  /** Newest first. */
  recent(db: Executor, limit: number): Promise<MailOutboxRow[]> {
    return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  },
};
