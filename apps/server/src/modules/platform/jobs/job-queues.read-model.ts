import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';

/** One queue's jobs as monitoring sees them (`/metrics`). */
export interface JobQueueStats {
  queue: string;
  /** Jobs due now and not taken yet (created, or waiting to be retried with their retry time come). */
  waiting: number;
  /** Seconds since the oldest waiting job became due, 0 with none waiting. */
  oldestWaitingSeconds: number;
  active: number;
  /** Jobs that used up their retries and are still kept (pg-boss deletes them after its retention). */
  failed: number;
}

/**
 * pg-boss's job table read in one statement per scrape: by queue, only the states that matter to an operator
 * (completed and cancelled jobs are left out). pg-boss stamps its jobs with the database's clock, so ages are
 * measured against it too.
 */
export async function jobQueueStats(db: Executor): Promise<JobQueueStats[]> {
  const result = await db.execute(sql`
    select name,
      count(*) filter (where state in ('created', 'retry') and start_after <= now()) as waiting,
      coalesce(extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())), 0) as oldest,
      count(*) filter (where state = 'active') as active,
      count(*) filter (where state = 'failed') as failed
    from pgboss.job
    where state in ('created', 'retry', 'active', 'failed')
    group by name
    order by name`);
  const rows = (
    result as unknown as { rows: { name: string; waiting: string | number; oldest: string | number; active: string | number; failed: string | number }[] }
  ).rows;
  return rows.map((r) => ({
    queue: r.name,
    waiting: Number(r.waiting),
    oldestWaitingSeconds: Math.max(0, Number(r.oldest)),
    active: Number(r.active),
    failed: Number(r.failed),
  }));
}
