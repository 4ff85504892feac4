import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payments } from '@/db/schema';

/** The provider of each payment, by id (the balance a ledger posting of it counts in). Published by charges, which owns payments. */
export async function paymentProviders(db: Executor, businessId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: payments.id, provider: payments.provider })
    .from(payments)
    .where(and(eq(payments.businessId, businessId), inArray(payments.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.provider]));
}
