import { and, asc, eq, sql } from 'drizzle-orm';
import type { CheckoutPaymentMethod, PaymentProvider } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { preparedStatement } from '@/db/prepared';
import { paymentMethodSettings, providerConnections } from '@/db/schema';

export type MethodSettingRow = typeof paymentMethodSettings.$inferSelect;
export type ConnectionRow = typeof providerConnections.$inferSelect;

/** The checkout reads the method settings for its page and each payment's start: built once (db/prepared.ts). */
const settingsOf = preparedStatement('payment_method_settings', (db, name) =>
  db
    .select()
    .from(paymentMethodSettings)
    .where(eq(paymentMethodSettings.businessId, sql.placeholder('businessId')))
    .orderBy(asc(paymentMethodSettings.position))
    .prepare(name),
);

export const paymentMethodsRepository = {
  async methodSettings(db: Executor, businessId: string): Promise<MethodSettingRow[]> {
    return settingsOf(db, { businessId });
  },
  /** Replaces every method's row (made on the first save; before that the defaults apply). */
  async saveMethodSettings(
    db: Executor,
    businessId: string,
    rows: { method: CheckoutPaymentMethod; enabled: boolean; passFeeToCustomer: boolean; position: number }[],
    now: Date,
  ): Promise<void> {
    for (const row of rows) {
      await db
        .insert(paymentMethodSettings)
        .values({ businessId, ...row, updatedAt: now })
        .onConflictDoUpdate({
          target: [paymentMethodSettings.businessId, paymentMethodSettings.method],
          set: { enabled: row.enabled, passFeeToCustomer: row.passFeeToCustomer, position: row.position, updatedAt: now },
        });
    }
  },
  async connections(db: Executor, businessId: string): Promise<ConnectionRow[]> {
    return db.select().from(providerConnections).where(eq(providerConnections.businessId, businessId));
  },
  async connection(db: Executor, businessId: string, provider: PaymentProvider): Promise<ConnectionRow | null> {
    const [row] = await db
      .select()
      .from(providerConnections)
      .where(and(eq(providerConnections.businessId, businessId), eq(providerConnections.provider, provider)));
    return row ?? null;
  },
  async saveConnection(db: Executor, values: typeof providerConnections.$inferInsert & { updatedAt: Date }): Promise<ConnectionRow> {
    const [row] = await db
      .insert(providerConnections)
      .values(values)
      .onConflictDoUpdate({
        target: [providerConnections.businessId, providerConnections.provider],
        set: { status: values.status, settings: values.settings, updatedAt: values.updatedAt },
      })
      .returning();
    return row!;
  },
};
