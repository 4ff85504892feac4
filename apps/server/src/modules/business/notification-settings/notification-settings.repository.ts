import { and, eq, inArray } from 'drizzle-orm';
import type { Role } from '@merchant/core';
import type { Executor } from '@/db/client';
import { businessNotificationSettings, businessUsers, users } from '@/db/schema';

export type NotificationSettingRow = typeof businessNotificationSettings.$inferSelect;

export const notificationSettingsRepository = {
  async listForBusiness(db: Executor, businessId: string): Promise<NotificationSettingRow[]> {
    return db.select().from(businessNotificationSettings).where(eq(businessNotificationSettings.businessId, businessId));
  },
  async find(db: Executor, businessId: string, event: string): Promise<NotificationSettingRow | null> {
    const [row] = await db
      .select()
      .from(businessNotificationSettings)
      .where(and(eq(businessNotificationSettings.businessId, businessId), eq(businessNotificationSettings.event, event)))
      .limit(1);
    return row ?? null;
  },
  async upsert(db: Executor, row: typeof businessNotificationSettings.$inferInsert): Promise<NotificationSettingRow> {
    const [saved] = await db
      .insert(businessNotificationSettings)
      .values(row)
      .onConflictDoUpdate({
        target: [businessNotificationSettings.businessId, businessNotificationSettings.event],
        set: { roles: row.roles, emails: row.emails, updatedByUserId: row.updatedByUserId, updatedAt: row.updatedAt },
      })
      .returning();
    return saved!;
  },
  /** Emails of the active members holding one of the roles, oldest membership first. */
  async activeMemberEmails(db: Executor, businessId: string, roles: readonly Role[]): Promise<string[]> {
    if (roles.length === 0) return [];
    const rows = await db
      .select({ email: users.email })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.status, 'active'), inArray(businessUsers.role, [...roles])))
      .orderBy(businessUsers.createdAt);
    return rows.map((r) => r.email);
  },
};
