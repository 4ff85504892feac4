import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Every server a test starts (they inherit this process's environment) stops once its starter has ended: a test
// process killed before its clean-up leaves no server running behind the next run.
process.env.EXIT_WITH_PARENT ??= 'on';

/** `@/` is the app's src/ (as in each app's tsconfig paths and apps/web/vite.config.ts). */
const srcAlias = (app: 'web' | 'server') => [{ find: /^@\//, replacement: fileURLToPath(new URL(`./apps/${app}/src/`, import.meta.url)) }];

/**
 * The browser tests share one server. A file that moves its dev clock ahead leaves data dated in the future
 * (charges, settlements, payouts made while the clock was ahead) that sorts before what later files make, and
 * its schedules may have run for the whole demo business: such files run after all the others.
 */
class ClockMoversLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const movesClock = (file: TestSpecification) => readFileSync(file.moduleId, 'utf8').includes("serverClock('/advance'");
    return [...sorted.filter((file) => !movesClock(file)), ...sorted.filter(movesClock)];
  }
}

/**
 * API files run a third time through PgBouncer in transaction pooling mode (`api-pgbouncer`, when there is a
 * PostgreSQL server): sign-in and sessions, payment links, checkout and its payments, refunds, lists, the public API.
 */
const THROUGH_PGBOUNCER = [
  'auth-sign-in',
  'session-cache',
  'payment-links',
  'checkout',
  'transactions',
  'refunds',
  'overview',
  'public-api',
  'idempotency',
  'prepared-statements',
].map((name) => `test/${name}.test.ts`);

/**
 * The API files that also run on the embedded database when there is a PostgreSQL server (docs/decisions.md, "The API
 * tests on two databases"): what only the embedded database has or does its own way (its backups, its restarts after
 * a crash, the job queue and schedules through its one connection, the change feed, the migrations on PostgreSQL 18,
 * the demo seed `npm start` runs on it), and the main path of each section (money in, out and reported, the register,
 * the store, the public API), whose sums and searches read what its driver answers. The rest runs on PostgreSQL only,
 * where the tests' databases refuse what would deadlock on the embedded one (src/db/transaction-guard.ts).
 */
const ON_EMBEDDED = [
  'backup.pglite',
  'harness-reuse',
  'jobs',
  'outbox',
  'outbox-crash',
  'idempotency-crash',
  'idempotency',
  'repeating-invoices-scheduler',
  'subscriptions-scheduler',
  'session-cache',
  'catalogue-migration',
  'ledger-balance-migration',
  'demo-seed',
  'process-roles',
  'dev-clock',
  'auth-sign-in',
  'two-factor',
  'checkout',
  'payment-links',
  'transactions',
  'refunds',
  'ledger',
  'balances',
  'payouts',
  'overview',
  'sales-report',
  'csv-sums',
  'invoices',
  'invoice-pay',
  'subscriptions',
  'customers',
  'send-money',
  'static-qr-codes',
  'catalogue-products',
  'catalogue-list-statements',
  'search-indexes',
  'embedded-maintenance',
  'pos-orders',
  'pos-sale-statements',
  'pos-report',
  'store',
  'store-report',
  'public-api',
  'public-api-writes',
  'support-chat',
].map((name) => `test/${name}.test.ts`);

/**
 * The API suite runs on the embedded database, and on PostgreSQL when npm test started one. With a server the embedded
 * database runs the files above and the server's own unit tests (no database); without one, or with
 * `API_EMBEDDED_ALL=1`, every file.
 */
function apiProjects(): TestProjectConfiguration[] {
  const server = Boolean(process.env.TEST_PG_URL);
  const kinds = ['pglite', ...(server ? ['postgres'] : [])];
  const embeddedAll = !server || process.env.API_EMBEDDED_ALL === '1';
  return kinds.map((kind) => ({
    resolve: { alias: srcAlias('server') },
    test: {
      name: `api-${kind}`,
      root: 'apps/server',
      include: kind === 'postgres' ? ['test/**/*.test.ts'] : embeddedAll ? ['src/**/*.test.ts', 'test/**/*.test.ts'] : ['src/**/*.test.ts', ...ON_EMBEDDED],
      // Tests of several app processes on one database server exist only where there is a server; those of the
      // embedded database's own tools (its backups) only on it.
      exclude: ['**/node_modules/**', kind === 'postgres' ? 'test/**/*.pglite.test.ts' : 'test/**/*.postgres.test.ts'],
      environment: 'node',
      // The files of a worker share one module graph: each file builds its own app on its own database, and
      // importing the app once per worker instead of once per file halves the suite's CPU time.
      isolate: false,
      globalSetup: ['test/global-setup.ts'],
      env: { TEST_DB_KIND: kind },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }));
}

/** The chosen API files through PgBouncer (test/global-setup.ts starts it in front of TEST_PG_URL's server). */
function pgBouncerProject(): TestProjectConfiguration[] {
  if (!process.env.TEST_PG_URL) return [];
  return [
    {
      resolve: { alias: srcAlias('server') },
      test: {
        name: 'api-pgbouncer',
        root: 'apps/server',
        include: THROUGH_PGBOUNCER,
        environment: 'node',
        isolate: false,
        globalSetup: ['test/global-setup.ts'],
        env: { TEST_DB_KIND: 'postgres', TEST_PG_POOLER: 'pgbouncer' },
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    },
  ];
}

export default defineConfig({
  test: {
    // Only the browser tests move the dev clock; the other projects' order is the default one.
    sequence: { sequencer: ClockMoversLast },
    projects: [
      ...apiProjects(),
      ...pgBouncerProject(),
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        root: 'apps/web',
        resolve: { alias: srcAlias('web') },
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom window and one module graph for the worker's files (a window and React, Mantine and the route
          // table imported per file were half the project's CPU time): fresh-file.ts gives each file fresh app modules,
          // no earlier file's mocks and an empty page.
          isolate: false,
          setupFiles: ['src/test/fresh-file.ts', 'src/test/setup.ts'],
          // A test that renders the whole app (router.test.tsx: the business shell and its lazy screens) takes 1 to 2 s
          // in jsdom alone and over 5 s beside a build on two cores: the limit guards against a hang, not a speed.
          testTimeout: 20_000,
        },
      },
      {
        root: 'e2e',
        // The browser tests read a few server helpers (apps/server/src/lib), which import through `@/`.
        resolve: { alias: srcAlias('server') },
        test: {
          name: 'e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['global-setup.ts'],
          fileParallelism: false,
          // One worker runs the files in turn with one module graph and one browser (support.ts, `launch`): a fresh
          // worker and Chromium per file cost CPU-seconds each and proved nothing more.
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
