import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

/** Every mail the product sends (mail/mailer.ts): kept, then marked sent or failed. */
export const mailOutboxRepository = {
  async insert(db: Executor, row: typeof mailOutbox.$inferInsert): Promise<void> {
    await db.insert(mailOutbox).values(row);
  },
  async markSent(db: Executor, id: string, at: Date): Promise<void> {
    await db.update(mailOutbox).set({ sentAt: at }).where(eq(mailOutbox.id, id));
  },
  async markFailed(db: Executor, id: string, error: string): Promise<void> {
    await db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id));
  },
  /** Newest first. */
  recent(db: Executor, limit: number): Promise<MailOutboxRow[]> {
    return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  },
};
