// npm test: install what is missing, check types and lint, then run every test in two lanes side by side:
// unit, web and API tests (on the embedded database and on a real PostgreSQL server started here) in one;
// the build, the other Node versions' smoke check and the browser tests in real Chromium in the other.
// Vitest gives a 2-core machine one worker, so one lane alone leaves a core mostly idle while browser tests
// wait on the browser and the server; side by side, each lane keeps one busy. One PostgreSQL server serves both:
// the API suite's second pass, and the browser tests' server (the embedded database answers one statement at a
// time, and a page's requests come together; the embedded database's browser path is checked by the Node
// versions' smoke check and the process tests, which boot servers on it).
import { readFileSync } from 'node:fs';
import { chromiumPackage, ensureApt, ensureNodeModules, fontsPackage, log, pgbouncerPackage, postgresPackage, run, runAsync, runInLane } from './lib.mjs';
import { startPostgres } from './postgres.mjs';

const started = Date.now();
ensureNodeModules();
ensureApt([chromiumPackage, fontsPackage, postgresPackage, pgbouncerPackage]);

// Side by side: each leaves part of the two cores idle on its own. ESLint keeps each file's result in
// node_modules/.cache/eslint/ (by content, with the config): a run lints again only the files that changed
// (4 CPU-s with nothing changed, against 227 for every file).
log('type checking every workspace and linting (import boundaries, no cycles)');
const ESLINT = ['eslint', '.', '--max-warnings=0', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '--cache-strategy', 'content'];
const [types, lint] = await Promise.all([runAsync('node', ['scripts/typecheck.mjs']), runAsync('npx', ESLINT)]);
if (types !== 0 || lint !== 0) {
  log(`${types !== 0 ? 'type checking' : 'linting'} failed`);
  process.exit(1);
}
run('node', ['scripts/check-structure.mjs']);

/** Seconds the CPUs were busy and in all since boot (the first line of /proc/stat), to say how full the run kept them. */
function cpuTimes() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = fields[3] + (fields[4] ?? 0);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}
const cpuAtStart = cpuTimes();

// The screen sweep (every route at phone width, about a sixth of the browser time) runs in whichever lane is done
// first, on its own server and database: the lanes end within a minute of each other, and the sweep after the later
// one would leave a core idle for its four minutes.
// Exactly that file: vitest's file filter matches any path containing it (`screens.e2e.ts` also picked
// `catalogue-screens.e2e.ts`, which the other lane runs too), so the sweep excludes every other file instead.
const SWEEP = 'screens.e2e.ts';
const SWEEP_ONLY = ['--exclude', '**/!(screens).e2e.ts'];
let sweepTaken = false;
async function sweepIfFirst(lane, pgUrl, built) {
  if (sweepTaken || !(await built)) return 0;
  sweepTaken = true;
  log(`[${lane}] browser tests: ${SWEEP}`);
  const code = await runInLane(lane, 'npx', ['vitest', 'run', '--project', 'e2e', ...SWEEP_ONLY], { env: { ...process.env, E2E_PG_URL: pgUrl } });
  log(`[${lane}] ${SWEEP} finished with exit code ${code}`);
  return code;
}

async function apiLane(pgUrl, built) {
  log('[api] vitest: unit, web, api-pglite, api-postgres, api-pgbouncer');
  const projects = ['unit', 'web', 'api-pglite', 'api-postgres', 'api-pgbouncer'].flatMap((p) => ['--project', p]);
  const code = await runInLane('api', 'npx', ['vitest', 'run', ...projects], { env: { ...process.env, TEST_PG_URL: pgUrl } });
  log(`[api] finished with exit code ${code}`);
  const sweep = await sweepIfFirst('api', pgUrl, built);
  return code || sweep;
}

async function browserLane(pgUrl, builtNow) {
  log('[browser] building the web app and the server');
  const build = await runInLane('browser', 'npm', ['run', 'build']);
  builtNow(build === 0);
  if (build !== 0) {
    log(`[browser] npm run build failed with exit code ${build}`);
    return build;
  }
  const steps = [
    // Boots the built server and signs in on the other supported Node versions.
    ['node', ['scripts/node-versions.mjs']],
    ['npx', ['vitest', 'run', '--project', 'e2e', '--exclude', `**/${SWEEP}`], { env: { ...process.env, E2E_PG_URL: pgUrl } }],
  ];
  let failed = 0;
  for (const [cmd, args, options] of steps) {
    const code = await runInLane('browser', cmd, args, options);
    if (code !== 0) {
      log(`[browser] ${cmd} ${args.join(' ')} failed with exit code ${code}`);
      failed = code;
      break;
    }
  }
  const sweep = await sweepIfFirst('browser', pgUrl, Promise.resolve(true));
  if (!failed) log('[browser] finished');
  return failed || sweep;
}

log('starting a PostgreSQL server for the API and browser tests');
const pg = await startPostgres();
let codes;
try {
  let builtNow = () => {};
  const built = new Promise((resolve) => (builtNow = resolve));
  codes = await Promise.all([apiLane(pg.url, built), browserLane(pg.url, builtNow)]);
} finally {
  pg.stop();
}
const code = codes.find((c) => c !== 0) ?? 0;
const cpuAtEnd = cpuTimes();
const cpuUse = cpuAtStart && cpuAtEnd ? `, the CPUs ${Math.round((100 * (cpuAtEnd.busy - cpuAtStart.busy)) / (cpuAtEnd.total - cpuAtStart.total))} % busy` : '';
log(`npm test finished in ${Math.round((Date.now() - started) / 1000)} s${cpuUse}, with exit code ${code}`);
process.exit(code);
