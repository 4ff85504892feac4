import { and, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { businesses, customers, invoiceReminderSettings, invoiceRemindersSent, invoices } from '@/db/schema';

export type InvoiceReminderSettingsRow = typeof invoiceReminderSettings.$inferSelect;

export const invoiceRemindersRepository = {
  async find(db: Executor, businessId: string): Promise<InvoiceReminderSettingsRow | undefined> {
    const [row] = await db.select().from(invoiceReminderSettings).where(eq(invoiceReminderSettings.businessId, businessId));
    return row;
  },

  async save(db: Executor, row: InvoiceReminderSettingsRow): Promise<void> {
    const { businessId: _key, ...values } = row;
    await db.insert(invoiceReminderSettings).values(row).onConflictDoUpdate({ target: invoiceReminderSettings.businessId, set: values });
  },

  /**
   * Every business's unpaid invoices whose customer has an email and whose due date lies between `from` and
   * `to` (the only ones a reminder can be due for), with their business, its settings (null: the defaults)
   * and the offsets already reminded of (read through the reminders' key).
   */
  async unpaidDueBetween(db: Executor, from: string, to: string) {
    return db
      .select({
        business: businesses,
        invoiceId: invoices.id,
        dueDate: invoices.dueDate,
        settings: invoiceReminderSettings,
        reminded: sql<number[]>`array(select ${invoiceRemindersSent.offsetDays} from ${invoiceRemindersSent}
          where ${invoiceRemindersSent.businessId} = ${invoices.businessId} and ${invoiceRemindersSent.invoiceId} = ${invoices.id})`,
      })
      .from(invoices)
      .innerJoin(businesses, eq(businesses.id, invoices.businessId))
      .innerJoin(customers, and(eq(customers.businessId, invoices.businessId), eq(customers.id, invoices.customerId)))
      .leftJoin(invoiceReminderSettings, eq(invoiceReminderSettings.businessId, invoices.businessId))
      .where(
        and(
          inArray(invoices.status, ['sent', 'partially_paid', 'overdue']),
          gte(invoices.dueDate, from),
          lte(invoices.dueDate, to),
          isNotNull(customers.email),
        ),
      );
  },
};
