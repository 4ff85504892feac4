import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { testProcessorCalls } from '@/db/schema';
import type { ProcessorAnswer } from './provider';
import type { TestProcessorStore } from './test-provider';

/**
 * The test provider's calls by idempotency key in the database (`test_processor_calls`): it stands for the
 * processor's own systems, so it writes on its own connection, outside the product's transactions.
 */
export function databaseStore(db: Executor): TestProcessorStore {
  return {
    async find(key) {
      const [row] = await db.select({ answer: testProcessorCalls.answer }).from(testProcessorCalls).where(eq(testProcessorCalls.key, key)).limit(1);
      return row ? { answer: (row.answer as ProcessorAnswer | null) ?? null } : null;
    },
    async insert(key, kind, answer) {
      const rows = await db
        .insert(testProcessorCalls)
        .values({ key, kind, answer: answer as Record<string, unknown> | null })
        .onConflictDoNothing()
        .returning({ key: testProcessorCalls.key });
      return rows.length === 1;
    },
  };
}
