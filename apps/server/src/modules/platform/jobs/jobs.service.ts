import { createHash, randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { sqlConnectionOf, type Executor, type JobsConnection } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { dueJobsWaker, EMBEDDED_WORKER_POLL_SECONDS } from './due-jobs';

/** pg-boss keeps its tables in their own schema of the app's database. */
const SCHEMA = 'pgboss';
/** How often a polling worker looks for due jobs when nothing woke it (a send in this process wakes it at once). */
const POLL_SECONDS = 2;
/** How often a polling process checks whether a schedule's next tick has come. */
const SCHEDULE_CHECK_MS = 15_000;
/** A job that failed waits this long before its first retry, doubling each time (pg-boss backoff). */
const RETRY_DELAY_SECONDS = 30;
/**
 * Jobs a worker takes per fetch. One fetch per job costs a sort of every waiting job of the queue, so under a
 * burst (a receipt per checkout payment) the queue fell behind and each fetch grew slower; a batch keeps up.
 */
const WORK_BATCH = 20;
/**
 * A nudged drain waits this long before it runs, so that the commits of concurrent requests (receipts, refund
 * mails) are taken in one batch rather than one run each.
 */
const DRAIN_DEBOUNCE_MS = 20;
/**
 * A nudged row the drain has not handled yet keeps the drain running at every wake for this long (real time): its
 * writer may commit after a drain that another request's answer started. Past it (the write rolled back, or another
 * process delivered the row) the schedule of the drain is the safety net.
 */
const NUDGE_TTL_MS = 60_000;

export interface SendOptions {
  /**
   * At most one job per name and key: a second send with the same key is dropped while pg-boss keeps the
   * first (waiting, running, or finished until it is archived 12 hours later). The key becomes the job's id.
   */
  singletonKey?: string;
  /** Run no earlier than this. */
  startAfter?: Date;
  /** Retries after the first failure (with exponential backoff); default 5. */
  retryLimit?: number;
  /**
   * The job's own id, instead of one made from `singletonKey`. Jobs sent in one transaction share their creation
   * time, and a worker takes them by id then: increasing ids (`newTimeOrderedId`) keep them in the order sent.
   */
  id?: string;
}

export interface Job<T> {
  id: string;
  data: T;
}

/** A handler throws to fail the attempt: pg-boss retries it later with backoff until its retry limit. */
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/**
 * How a queue's fetched batch runs. By default one job after another in queued order. With `orderKey`, the jobs of
 * one key still run one after another in queued order, while different keys run side by side, at most
 * `concurrency` at once (a job that waits on the network then holds back only its own key's later jobs).
 */
export interface WorkOptions<T> {
  orderKey?: (data: T) => string;
  /** Keys running at once in one process (default 1: the batch runs serially). */
  concurrency?: number;
  /** Jobs taken per fetch (default WORK_BATCH). */
  batchSize?: number;
}

/** A recurring job: it runs once per tick (`every` milliseconds, aligned to the epoch, so daily is 00:00 UTC). */
export interface ScheduleOptions {
  every: number;
}

/** A scheduled job's data: the tick it runs for (later ticks missed while no process ran collapse into one). */
export interface Tick {
  tick: string;
}

/**
 * Work a process takes straight from a table of its own, in batches, without a job per row (the mail outbox): it
 * answers the ids of the rows it handled. It must be safe to run in several processes at once (each claims its rows).
 */
export type DrainHandler = () => Promise<readonly string[]>;

/** What modules register at start: handlers and schedules (see `jobs` on the module definition). */
export interface JobRegistry {
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions<T>): void;
  schedule(name: string, options: ScheduleOptions, handler: JobHandler<Tick>): void;
  /**
   * A drain runs when nudged (`nudge`, then after the nudger's commit: see `wakeSent`), once at the start of a
   * polling process (what a process that died left), and at the end of `runDue`. A schedule of its own is its
   * safety net (a nudge is lost with its process).
   */
  drain(name: string, handler: DrainHandler): void;
}

/** What a writer of a drain's rows calls, in or out of a transaction: the drain runs once the writes have committed. */
export interface DrainNudger {
  /**
   * Tells the drain of a row written (`id`, which the drain answers once it handled it). The drain runs at the next
   * `wakeSent` (a request's answer, the end of a job batch), and at every one after until it has handled the row:
   * the wake of another request may come before this row's commit.
   */
  nudge(name: string, id: string): void;
}

/** What modules use at run time. */
export interface JobSender {
  /**
   * Enqueues a job on `db`'s connection: given the transaction of the change that causes it, the job commits or
   * rolls back with that change (the outbox rule, docs/architecture.md, "Background jobs"). Answers its id, or
   * null when a job with the same singleton key already waits.
   */
  send<T extends object>(db: Executor, name: string, data: T, options?: SendOptions): Promise<string | null>;
}

export interface Jobs extends JobRegistry, JobSender, DrainNudger {
  start(): Promise<void>;
  /**
   * Wakes this process's workers of the queues sent to since the last call, and runs the drains nudged since then
   * (debounced: one run takes the rows of many commits). A job or a row written in a transaction is seen only once
   * that commits, so the app calls this when a request has answered and when a job has run (both after their
   * commits); without it the worker finds the job at its next poll, and the drain's schedule its rows.
   */
  wakeSent(): void;
  stop(): Promise<void>;
  /**
   * Runs every due job now, in this call, until none is left (schedules due at the clock's time included), then
   * every drain once; answers how many jobs ran and rows the drains handled. Tests (the `manual` mode) use it instead of waiting for polling;
   * `ignoreDelays` also runs jobs whose start or retry time has not come (as if that time had passed).
   */
  runDue(options?: { ignoreDelays?: boolean }): Promise<number>;
  /**
   * Enqueues the schedules whose tick has come now rather than at the next check (after the dev clock moved).
   * `rerun`: also when that tick has run already. The dev clock moved back and forward again reaches a tick
   * that ran before, with work made since (payments to settle); every schedule is idempotent, so a second run
   * of a tick does only what the first left.
   */
  checkSchedules(options?: { rerun?: boolean }): Promise<void>;
}

/**
 * `poll`: workers poll, schedules tick on timers and drains run when this process's requests nudge them (one
 * process doing everything, ROLE=all). `send`: jobs are sent and nothing runs here (a web process, ROLE=web).
 * `work`: like `poll`, and drains also look for rows every POLL_SECONDS, since the processes that write them
 * (web ones) cannot nudge this one (a worker process, ROLE=worker). `manual`: nothing runs until `runDue` (tests).
 */
export type JobsMode = 'poll' | 'send' | 'work' | 'manual';
/** Whether a process of this mode runs jobs, schedules and drains by itself. */
const runsJobs = (mode: JobsMode) => mode === 'poll' || mode === 'work';

export const minutes = (n: number) => n * 60_000;
export const hours = (n: number) => n * 3_600_000;
export const days = (n: number) => n * 86_400_000;

function bossOptions(connection: JobsConnection): PgBoss.ConstructorOptions {
  const common = { schema: SCHEMA, retryLimit: 5, retryDelay: RETRY_DELAY_SECONDS, retryBackoff: true };
  if ('connectionString' in connection) return { ...common, connectionString: connection.connectionString, max: 2 };
  return { ...common, db: { executeSql: (text, values) => connection.executeSql(text, values) } };
}

/** Creates (or upgrades) pg-boss's tables; the server does it at start, tests once in their template database. */
export async function installJobsSchema(connection: JobsConnection): Promise<void> {
  const boss = new PgBoss({ ...bossOptions(connection), supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
}

/** The job id of a singleton key: the same name and key always give the same id, which the queue keeps unique. */
/**
 * A fetched batch in the order pg-boss chose it (the oldest first, then by id): it picks the jobs in that order but
 * answers them in whatever order its update met them.
 */
function inQueuedOrder<T extends { createdOn: Date; id: string }>(batch: readonly T[]): T[] {
  return [...batch].sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function singletonId(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The job queue: pg-boss on the app's database. Handlers and schedules are registered before `start`;
 * `start` (after migrations) creates their queues and, in `poll` and `work` modes, starts workers and the schedule timer;
 * `stop` lets running jobs finish and closes pg-boss's own connections.
 */
export function createJobs(deps: { connection: JobsConnection; clock: Clock; logger: Logger; mode: JobsMode }): Jobs {
  const { clock, logger } = deps;
  const boss = new PgBoss({ ...bossOptions(deps.connection), supervise: runsJobs(deps.mode), schedule: false });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  const handlers = new Map<string, JobHandler<unknown>>();
  const workOptions = new Map<string, WorkOptions<unknown>>();
  const schedules = new Map<string, ScheduleOptions>();
  const workerIds = new Map<string, string>();
  /** Queues sent to since the workers were last woken. */
  const sent = new Set<string>();
  const drains = new Map<string, DrainRunner>();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let drainTimer: NodeJS.Timeout | undefined;
  let dueTimer: NodeJS.Timeout | undefined;
  const connection = deps.connection;
  const embedded = !('connectionString' in connection);
  const wakeDue = dueJobsWaker({
    schema: SCHEMA,
    executeSql: (text) => ('connectionString' in connection ? Promise.resolve({ rows: [] }) : connection.executeSql(text)),
    workerOf: (queue) => workerIds.get(queue),
    notifyWorker: (id) => boss.notifyWorker(id),
    logger,
  });

  async function runOne(name: string, job: Job<unknown>): Promise<void> {
    const handler = handlers.get(name)!;
    try {
      await handler(job);
    } catch (error) {
      logger.warn({ err: error, job: name, jobId: job.id }, `job ${name} failed`);
      throw error;
    }
  }

  /** Fails one attempt (pg-boss retries it later), keeping what it threw as pg-boss does for a handler: name, message, stack. */
  async function failOne(name: string, id: string, error: unknown): Promise<void> {
    await boss.fail(name, id, error instanceof Error ? error : { message: String(error) });
  }

  /**
   * Creates a queue unless it exists. Several app processes starting at once on one database race here: the
   * loser's create fails on the winner's rows or is chosen as a deadlock's victim while the winner has not
   * committed yet, so it looks again a little later; the queue being there is all it needs.
   */
  async function ensureQueue(name: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (await boss.getQueue(name)) return;
      try {
        await boss.createQueue(name, { name, policy: 'standard' });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
  }

  /**
   * Runs a fetched batch, each job with its own outcome (a failed one is failed now: pg-boss retries it later), in
   * queued order per order key (`WorkOptions`); `succeeded` follows each job that did not throw.
   */
  async function runBatch(name: string, batch: readonly Job<unknown>[], succeeded?: (job: Job<unknown>) => Promise<void>): Promise<void> {
    const runJob = async (job: Job<unknown>) => {
      try {
        await runOne(name, job);
        if (succeeded) await succeeded(job);
      } catch (error) {
        await failOne(name, job.id, error);
      }
    };
    const options = workOptions.get(name);
    const concurrency = options?.concurrency ?? 1;
    if (!options?.orderKey || concurrency <= 1) {
      for (const job of batch) await runJob(job);
      return;
    }
    // Lanes: each key's jobs in queued order; the keys in the order of their first job.
    const lanes = new Map<string, Job<unknown>[]>();
    for (const job of batch) {
      const key = options.orderKey(job.data);
      const lane = lanes.get(key);
      if (lane) lane.push(job);
      else lanes.set(key, [job]);
    }
    const waiting = [...lanes.values()];
    const runner = async () => {
      for (let lane = waiting.shift(); lane; lane = waiting.shift()) {
        for (const job of lane) await runJob(job);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, waiting.length) }, runner));
  }

  /** Enqueues the current tick of every schedule whose tick has come (once per tick, whoever enqueues it). */
  async function enqueueTicks(now: Date, rerun = false): Promise<void> {
    for (const [name, { every }] of schedules) {
      const tick = new Date(Math.floor(now.getTime() / every) * every);
      // One job per tick, whichever process (or runDue) enqueues it first; a rerun is a job of its own.
      const key = rerun ? `${tick.toISOString()}#rerun-${randomUUID()}` : tick.toISOString();
      await boss.send(name, { tick: tick.toISOString() } satisfies Tick, { id: singletonId(name, key) });
    }
  }

  function wakeSent(): void {
    // Called as every request ends: most sent nothing.
    if (sent.size > 0) {
      for (const name of sent) {
        const worker = workerIds.get(name);
        if (worker) boss.notifyWorker(worker);
      }
      sent.clear();
    }
    if (runsJobs(deps.mode) && started) for (const drain of drains.values()) drain.wake();
  }

  function register(name: string, handler: JobHandler<never>): void {
    if (started) throw new Error(`job ${name} registered after the job queue started`);
    if (handlers.has(name)) throw new Error(`job ${name} is registered twice`);
    handlers.set(name, handler as JobHandler<unknown>);
  }

  return {
    work(name, handler, options) {
      register(name, handler);
      if (options) workOptions.set(name, options as WorkOptions<unknown>);
    },
    schedule(name, options, handler) {
      register(name, handler);
      schedules.set(name, options);
    },
    drain(name, handler) {
      if (started) throw new Error(`drain ${name} registered after the job queue started`);
      if (drains.has(name)) throw new Error(`drain ${name} is registered twice`);
      drains.set(name, drainRunner(name, handler, logger));
    },
    nudge(name, id) {
      const drain = drains.get(name);
      if (!drain) throw new Error(`no drain named ${name} is registered`);
      // A process that runs no drains leaves its rows to the workers' polling.
      if (deps.mode !== 'send') drain.nudge(id);
    },

    async send(db, name, data, options = {}) {
      if (!handlers.has(name)) throw new Error(`no job named ${name} is registered`);
      const id = await boss.send(name, data, {
        db: sqlConnectionOf(db),
        ...(options.singletonKey !== undefined ? { id: singletonId(name, options.singletonKey) } : {}),
        ...(options.id !== undefined ? { id: options.id } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
      });
      // A worker of this process picks the job up once the sender has committed rather than at its next poll.
      if (!options.startAfter) sent.add(name);
      return id;
    },

    wakeSent,

    async start() {
      started = true;
      await boss.start();
      for (const name of handlers.keys()) await ensureQueue(name);
      if (!runsJobs(deps.mode)) return;
      for (const name of handlers.keys()) {
        const batchSize = workOptions.get(name)?.batchSize ?? WORK_BATCH;
        const pollingIntervalSeconds = embedded ? EMBEDDED_WORKER_POLL_SECONDS : POLL_SECONDS;
        const id = await boss.work(name, { pollingIntervalSeconds, batchSize, includeMetadata: true }, async (batch) => {
          // Each job with its own outcome: a failed job is failed now (pg-boss retries it later), and completing
          // the batch afterwards completes only the jobs still active, the ones that succeeded.
          await runBatch(name, inQueuedOrder(batch));
          // A full batch: more may wait, so the worker fetches again at once rather than after its polling interval.
          if (batch.length >= batchSize) sent.add(name);
          // What the jobs sent (a receipt's mail) has committed with them.
          wakeSent();
        });
        workerIds.set(name, id);
      }
      if (embedded) {
        dueTimer = setInterval(() => void (started ? wakeDue() : undefined), POLL_SECONDS * 1000);
        dueTimer.unref();
      }
      // What a process that died left (rows written and never drained) goes now, not at the next schedule.
      for (const drain of drains.values()) drain.soon();
      if (deps.mode === 'work' && drains.size > 0) {
        drainTimer = setInterval(() => {
          for (const drain of drains.values()) drain.soon();
        }, POLL_SECONDS * 1000);
        drainTimer.unref();
      }
      if (schedules.size > 0) {
        const check = () => enqueueTicks(clock.now()).catch((error: unknown) => logger.error({ err: error }, 'scheduling failed'));
        await check();
        timer = setInterval(() => void check(), SCHEDULE_CHECK_MS);
        timer.unref();
      }
    },

    async stop() {
      if (!started) return;
      started = false;
      if (timer) clearInterval(timer);
      if (drainTimer) clearInterval(drainTimer);
      if (dueTimer) clearInterval(dueTimer);
      for (const drain of drains.values()) await drain.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },

    checkSchedules: (options = {}) => enqueueTicks(clock.now(), options.rerun),

    async runDue(options = {}) {
      await enqueueTicks(clock.now());
      let ran = 0;
      for (;;) {
        let round = 0;
        for (const name of handlers.keys()) {
          const fetchOptions = { batchSize: 10, includeMetadata: true as const, ...(options.ignoreDelays ? { ignoreStartAfter: true } : {}) };
          const jobs = await boss.fetch<unknown>(name, fetchOptions);
          round += jobs.length;
          await runBatch(name, inQueuedOrder(jobs), (job) => boss.complete(name, job.id));
        }
        ran += round;
        if (round === 0) break;
      }
      // Last: what the jobs wrote (their mail) goes too. A drain writes no jobs.
      for (const drain of drains.values()) ran += (await drain.run()).length;
      return ran;
    },
  };
}

/** Runs one drain, never twice at once in this process: a wake while it runs makes it run once more after. */
interface DrainRunner {
  /** A row written for the drain, not committed yet perhaps. */
  nudge(id: string): void;
  /** Runs it soon (after the debounce, or after the run in progress) when a nudged row is still waiting. */
  wake(): void;
  /** Runs it soon, nudged or not (at a polling process's start). */
  soon(): void;
  /** Runs it now (after the run in progress); answers the ids of the rows it handled. */
  run(): Promise<readonly string[]>;
  /** Cancels a planned run and waits for the one in progress. */
  stop(): Promise<void>;
}

function drainRunner(name: string, handler: DrainHandler, logger: Logger): DrainRunner {
  let running: Promise<readonly string[]> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let again = false;
  let stopped = false;
  /** Nudged rows not handled yet, with when they were nudged (real time, however the app's clock moves). */
  const waiting = new Map<string, number>();

  async function run(): Promise<readonly string[]> {
    while (running) await running.catch(() => undefined);
    running = handler();
    try {
      const handled = await running;
      for (const id of handled) waiting.delete(id);
      return handled;
    } finally {
      running = undefined;
      if (again && !stopped) {
        again = false;
        soon();
      }
    }
  }

  function soon(): void {
    if (stopped || timer) return;
    if (running) {
      again = true;
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      run().catch((error: unknown) => logger.error({ err: error, drain: name }, `drain ${name} failed`));
    }, DRAIN_DEBOUNCE_MS);
    timer.unref();
  }

  return {
    nudge(id) {
      waiting.set(id, Date.now());
    },
    wake() {
      const expired = Date.now() - NUDGE_TTL_MS;
      for (const [id, at] of waiting) if (at < expired) waiting.delete(id);
      if (waiting.size > 0) soon();
    },
    soon,
    run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
