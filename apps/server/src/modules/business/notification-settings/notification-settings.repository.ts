import { and, eq, inArray, sql } from 'drizzle-orm';
import { ROLES, type Role } from '@merchant/core';
import type { Executor } from '@/db/client';
import { businessNotificationSettings, businessUsers, users } from '@/db/schema';

/** The roles in their order (owner first), as an SQL array of the constants. */
const ROLE_ORDER = sql.raw(`array[${ROLES.map((r) => `'${r}'`).join(', ')}]::text[]`);

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
  /**
   * Emails of the active members holding one of the roles, oldest membership first; members who joined at the same
   * instant (a business made with its staff at once) by role, owner first, then by email: the same order every time.
   */
  async activeMemberEmails(db: Executor, businessId: string, roles: readonly Role[]): Promise<string[]> {
    if (roles.length === 0) return [];
    const rows = await db
      .select({ email: users.email })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.status, 'active'), inArray(businessUsers.role, [...roles])))
      .orderBy(businessUsers.createdAt, sql`array_position(${ROLE_ORDER}, ${businessUsers.role}::text)`, users.email);
    return rows.map((r) => r.email);
  },
};
