import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { integrations } from '@/db/schema';

/** The names of a business's plugin integrations (deleted ones too: their payments keep the tag), by id. */
export async function integrationNames(db: Executor, businessId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: integrations.id, name: integrations.name })
    .from(integrations)
    .where(and(eq(integrations.businessId, businessId), inArray(integrations.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name] as const));
}
