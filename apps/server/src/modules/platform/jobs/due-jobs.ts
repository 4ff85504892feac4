import type { Logger } from 'pino';

/**
 * On the embedded database only this process sends jobs, and each send wakes its worker: one query every 2 s names
 * the queues with a due job (a delayed send, a retry, a schedule's tick) and wakes their workers, while each worker
 * polls by itself only this rarely. 28 workers each polling every 2 s made about 18 fetches a second on the app's
 * own core (docs/benchmarks.md, "What one request costs").
 */
export const EMBEDDED_WORKER_POLL_SECONDS = 60;

/**
 * The embedded database's one look for due jobs: wakes the worker of every queue with a waiting job whose start has
 * come (what pg-boss's fetch would take). One look at a time; a failure is logged and the next look tries again.
 */
export function dueJobsWaker(deps: {
  schema: string;
  executeSql(text: string): Promise<{ rows: unknown[] }>;
  workerOf(queue: string): string | undefined;
  notifyWorker(id: string): void;
  logger: Logger;
}): () => Promise<void> {
  let looking = false;
  return async function wakeDue() {
    if (looking) return;
    looking = true;
    try {
      const { rows } = await deps.executeSql(`SELECT DISTINCT name FROM ${deps.schema}.job WHERE state < 'active' AND start_after < now()`);
      for (const row of rows as { name: string }[]) {
        const worker = deps.workerOf(row.name);
        if (worker) deps.notifyWorker(worker);
      }
    } catch (error) {
      deps.logger.error({ err: error }, 'looking for due jobs failed');
    } finally {
      looking = false;
    }
  };
}
