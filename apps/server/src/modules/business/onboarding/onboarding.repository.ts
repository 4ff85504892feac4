import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { onboardingAnswers, onboardingDocuments, users, verificationEvents } from '@/db/schema';

export type AnswerRow = typeof onboardingAnswers.$inferSelect;
export type DocumentRow = typeof onboardingDocuments.$inferSelect;
export type VerificationEventRow = typeof verificationEvents.$inferSelect;

/** SQL of the questionnaire and its review history; every query is scoped to one business. */
export const onboardingRepository = {
  answers(db: Executor, businessId: string) {
    return db.select().from(onboardingAnswers).where(eq(onboardingAnswers.businessId, businessId));
  },
  async upsertAnswer(db: Executor, row: typeof onboardingAnswers.$inferInsert) {
    await db
      .insert(onboardingAnswers)
      .values(row)
      .onConflictDoUpdate({
        target: [onboardingAnswers.businessId, onboardingAnswers.step],
        set: { data: row.data, updatedByUserId: row.updatedByUserId, updatedAt: row.updatedAt },
      });
  },
  documents(db: Executor, businessId: string) {
    return db
      .select()
      .from(onboardingDocuments)
      .where(eq(onboardingDocuments.businessId, businessId))
      .orderBy(asc(onboardingDocuments.createdAt), asc(onboardingDocuments.id));
  },
  async findDocument(db: Executor, businessId: string, id: string) {
    const [row] = await db
      .select()
      .from(onboardingDocuments)
      .where(and(eq(onboardingDocuments.businessId, businessId), eq(onboardingDocuments.id, id)))
      .limit(1);
    return row ?? null;
  },
  async insertDocument(db: Executor, row: typeof onboardingDocuments.$inferInsert) {
    const [created] = await db.insert(onboardingDocuments).values(row).returning();
    return created!;
  },
  async deleteDocument(db: Executor, businessId: string, id: string) {
    await db.delete(onboardingDocuments).where(and(eq(onboardingDocuments.businessId, businessId), eq(onboardingDocuments.id, id)));
  },
  /** Newest first, with the name of who acted. */
  events(db: Executor, businessId: string) {
    return db
      .select({ event: verificationEvents, actorName: users.name })
      .from(verificationEvents)
      .leftJoin(users, eq(users.id, verificationEvents.actorUserId))
      .where(eq(verificationEvents.businessId, businessId))
      .orderBy(desc(verificationEvents.createdAt), desc(verificationEvents.id));
  },
  async insertEvent(db: Executor, row: typeof verificationEvents.$inferInsert) {
    await db.insert(verificationEvents).values(row);
  },
  /** The banners the requests for changes raised on this business. */
  async raisedWarningIds(db: Executor, businessId: string): Promise<string[]> {
    const raised = await db
      .select({ id: verificationEvents.warningId })
      .from(verificationEvents)
      .where(and(eq(verificationEvents.businessId, businessId), isNotNull(verificationEvents.warningId)));
    return raised.map((r) => r.id).filter((id): id is string => id !== null);
  },
};
