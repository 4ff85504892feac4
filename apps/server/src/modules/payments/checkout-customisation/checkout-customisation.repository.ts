import { eq, sql } from 'drizzle-orm';
import type { StandingFacts } from '@merchant/core';
import type { Executor } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { businesses, checkoutSettings } from '@/db/schema';

export type CheckoutSettingsRow = typeof checkoutSettings.$inferSelect;

/** The checkout's branding read (its page, every receipt), with whether the business takes payments: built once (db/prepared.ts). */
const withSettings = preparedStatement('business_with_checkout_settings', (db, name) =>
  db
    .select({
      business: {
        name: businesses.name,
        logoUrl: businesses.logoUrl,
        type: businesses.type,
        onboardingStatus: businesses.onboardingStatus,
        timeZone: businesses.timeZone,
      },
      settings: checkoutSettings,
    })
    .from(businesses)
    .leftJoin(checkoutSettings, eq(checkoutSettings.businessId, businesses.id))
    .where(eq(businesses.id, sql.placeholder('businessId')))
    .prepare(name),
);

export const checkoutCustomisationRepository = {
  async settings(db: Executor, businessId: string): Promise<CheckoutSettingsRow | null> {
    const [row] = await db.select().from(checkoutSettings).where(eq(checkoutSettings.businessId, businessId));
    return row ?? null;
  },
  /** The business's name and logo with its checkout settings (null: none saved yet), in one read. */
  async businessWithSettings(
    db: Executor,
    businessId: string,
  ): Promise<{ business: { name: string; logoUrl: string | null; timeZone: string } & StandingFacts; settings: CheckoutSettingsRow | null } | null> {
    const [row] = await withSettings(db, { businessId });
    return row ?? null;
  },
  async saveSettings(db: Executor, values: typeof checkoutSettings.$inferInsert & { updatedAt: Date }): Promise<CheckoutSettingsRow> {
    const [row] = await db
      .insert(checkoutSettings)
      .values(values)
      .onConflictDoUpdate({
        target: checkoutSettings.businessId,
        set: { brandColor: values.brandColor, settlementDelayDays: values.settlementDelayDays, sendReceipts: values.sendReceipts, updatedAt: values.updatedAt },
      })
      .returning();
    return row!;
  },
  /** The business's name, logo, address and time zone. */
  async business(db: Executor, businessId: string) {
    const query = db
      .select({
        name: businesses.name,
        logoUrl: businesses.logoUrl,
        addressLine1: businesses.addressLine1,
        addressLine2: businesses.addressLine2,
        addressCity: businesses.addressCity,
        addressState: businesses.addressState,
        addressPostalCode: businesses.addressPostalCode,
        taxNumber: businesses.taxNumber,
        timeZone: businesses.timeZone,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    const [row] = await query;
    return row ?? null;
  },
};
