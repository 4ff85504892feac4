import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Executor, PoolUse } from '@/db/client';
import { jobQueueStats } from '../jobs/job-queues.read-model';

export interface MetricsDeps {
  db: Executor;
  clock: { now(): Date };
  /** Mail the outbox has not sent yet. */
  unsentMail: () => Promise<{ waiting: number; oldestWaitingAt: Date | null; givenUp: number }>;
  /** The session cache's lookups since the process started. */
  sessionLookups: () => Readonly<Record<'hit' | 'unknown' | 'miss', number>>;
  poolStats?: (() => PoolUse) | undefined;
  /** The replica pool's (DATABASE_REPLICA_URL), when there is one. */
  replicaPoolStats?: (() => PoolUse) | undefined;
}

/** Request durations in seconds: most answers take milliseconds; the top buckets catch exports and PDFs. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's own figures (CPU, memory, event loop delay, garbage collection) are collected once per process,
 * whatever number of apps it builds (the API tests build hundreds), and shown beside each app's.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Prometheus metrics of one app (docs/operations.md, "What to monitor"): requests by route and status with their
 * durations, the database pool, the job queues and the mail outbox (read from the database when scraped), and the
 * session cache. Request figures are kept in memory as requests end; nothing is read per request.
 */
export function createMetrics(deps: MetricsDeps) {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by route and status.', labelNames, registers: [registry] });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route and status.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  const poolGauge = (name: string, help: string, poolStats: (() => PoolUse) | undefined) => {
    if (!poolStats) return;
    new Gauge({
      name,
      help,
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  };
  poolGauge('db_pool_connections', 'Connections of the database pool: total open, idle, and requests waiting for one.', deps.poolStats);
  poolGauge('db_replica_pool_connections', 'Connections of the read replica pool: total open, idle, and requests waiting for one.', deps.replicaPoolStats);

  // What the database says is read once per scrape and shared by the gauges that show it (`scrape` forgets it).
  let queues: ReturnType<typeof jobQueueStats> | undefined;
  let mail: ReturnType<MetricsDeps['unsentMail']> | undefined;
  const queueStats = () => (queues ??= jobQueueStats(deps.db));
  const mailStats = () => (mail ??= deps.unsentMail());
  const queueGauge = (name: string, help: string, value: (q: Awaited<ReturnType<typeof jobQueueStats>>[number]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of await queueStats()) this.set({ queue: q.queue }, value(q));
      },
    });
  queueGauge('jobs_waiting', 'Jobs due and not taken yet, by queue.', (q) => q.waiting);
  queueGauge('jobs_oldest_waiting_seconds', 'Seconds since the oldest waiting job became due, by queue.', (q) => q.oldestWaitingSeconds);
  queueGauge('jobs_active', 'Jobs being run, by queue.', (q) => q.active);
  queueGauge('jobs_failed', 'Jobs that used up their retries (kept until the queue purges them), by queue.', (q) => q.failed);

  new Gauge({
    name: 'mail_outbox_waiting',
    help: 'Mail kept and not sent yet that the deliverer will still try.',
    registers: [registry],
    async collect() {
      this.set((await mailStats()).waiting);
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_waiting_seconds',
    help: 'Seconds since the oldest mail not sent yet was kept (0 with none).',
    registers: [registry],
    async collect() {
      const oldest = (await mailStats()).oldestWaitingAt;
      this.set(oldest ? Math.max(0, (deps.clock.now().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'mail_outbox_given_up',
    help: 'Mail not sent after every attempt (each keeps its last error).',
    registers: [registry],
    async collect() {
      this.set((await mailStats()).givenUp);
    },
  });

  new Counter({
    name: 'session_cache_lookups_total',
    help: 'Session lookups answered by the cache (hit, unknown) or sent to the database (miss).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [result, count] of Object.entries(deps.sessionLookups())) this.inc({ result }, count);
    },
  });

  /** The label sets seen, by route, method and status: made once each (a request makes no object and no string). */
  const labelSets = new Map<string, Map<string, Map<number, Record<(typeof labelNames)[number], string>>>>();
  const labelsOf = (method: string, route: string, status: number) => {
    let byMethod = labelSets.get(route);
    if (!byMethod) labelSets.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let labels = byStatus.get(status);
    if (!labels) byStatus.set(status, (labels = { method, route, status: String(status) }));
    return labels;
  };

  return {
    /** Counts an answered request; `route` is the route's pattern (never the path itself, which names records). */
    observe(method: string, route: string, status: number, seconds: number): void {
      const labels = labelsOf(method, route, status);
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    /** The Prometheus text format of this app's figures and the process's. */
    async scrape(): Promise<{ contentType: string; body: string }> {
      queues = undefined;
      mail = undefined;
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
