import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { businessEmailTemplates } from '@/db/schema';

export type EmailTemplateRow = typeof businessEmailTemplates.$inferSelect;

export const emailTemplatesRepository = {
  async listForBusiness(db: Executor, businessId: string): Promise<EmailTemplateRow[]> {
    return db.select().from(businessEmailTemplates).where(eq(businessEmailTemplates.businessId, businessId));
  },
  async find(db: Executor, businessId: string, template: string): Promise<EmailTemplateRow | null> {
    const [row] = await db
      .select()
      .from(businessEmailTemplates)
      .where(and(eq(businessEmailTemplates.businessId, businessId), eq(businessEmailTemplates.template, template)))
      .limit(1);
    return row ?? null;
  },
  async upsert(db: Executor, row: typeof businessEmailTemplates.$inferInsert): Promise<EmailTemplateRow> {
    const [saved] = await db
      .insert(businessEmailTemplates)
      .values(row)
      .onConflictDoUpdate({
        target: [businessEmailTemplates.businessId, businessEmailTemplates.template],
        set: { subject: row.subject, body: row.body, updatedByUserId: row.updatedByUserId, updatedAt: row.updatedAt },
      })
      .returning();
    return saved!;
  },
  /** Answers whether a custom wording existed. */
  async remove(db: Executor, businessId: string, template: string): Promise<boolean> {
    const rows = await db
      .delete(businessEmailTemplates)
      .where(and(eq(businessEmailTemplates.businessId, businessId), eq(businessEmailTemplates.template, template)))
      .returning({ template: businessEmailTemplates.template });
    return rows.length > 0;
  },
};
