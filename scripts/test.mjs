// npm test: install what is missing, then check types and lint in a lane of their own beside every test in two lanes:
// unit, web and API tests (on the embedded database and on a real PostgreSQL server started here) in one;
// the build, the other Node versions' smoke check and the browser tests in real Chromium in the other.
// Vitest gives a 2-core machine one worker, so one lane alone leaves a core mostly idle while browser tests
// wait on the browser and the server; side by side, each lane keeps one busy. One PostgreSQL server serves both:
// the API suite's second pass, and the browser tests' server (the embedded database answers one statement at a
// time, and a page's requests come together; the embedded database's browser path is checked by the Node
// versions' smoke check and the process tests, which boot servers on it).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  CHROMIUM,
  chromiumPackage,
  ensureApt,
  ensureNodeModules,
  fontsPackage,
  headlessShellPackage,
  log,
  pgbouncerPackage,
  postgresPackage,
  runInLane,
} from './lib.mjs';
import { lint } from './lint.mjs';
import { startPostgres } from './postgres.mjs';

const started = Date.now();
ensureNodeModules();
ensureApt([chromiumPackage, headlessShellPackage, fontsPackage, postgresPackage, pgbouncerPackage]);

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

// The browser tests run as a queue of parts that either lane takes when it is free: the screen sweep (every route at
// phone width, about a sixth of the browser time) and the other files in BROWSER_PARTS parts, each part a vitest run
// with its own server and database. The API lane ends long before the browser files would on their own; taking parts
// from the queue, the two lanes end within a part of each other instead of one core idling for minutes: 8 parts of
// about two minutes (with 6, a fresh clone's run ended with one lane idle for 89 s while the other ran its last part).
// Parts are made of whole files, balanced by size (a file's size follows its number of steps), and named by excludes:
// vitest's file filter matches any path containing it (`screens.e2e.ts` also picked `catalogue-screens.e2e.ts`),
// an exclude glob names exactly one file.
const SWEEP = 'screens.e2e.ts';
const BROWSER_PARTS = 8;
function browserQueue() {
  const files = readdirSync('e2e')
    .filter((f) => f.endsWith('.e2e.ts'))
    .map((f) => ({ name: f, size: statSync(join('e2e', f)).size }));
  const others = files.filter((f) => f.name !== SWEEP).sort((a, b) => b.size - a.size || a.name.localeCompare(b.name));
  const parts = Array.from({ length: BROWSER_PARTS }, () => ({ files: [], size: 0 }));
  for (const file of others) {
    const lightest = parts.reduce((a, b) => (b.size < a.size ? b : a));
    lightest.files.push(file.name);
    lightest.size += file.size;
  }
  const only = (names) => files.filter((f) => !names.includes(f.name)).flatMap((f) => ['--exclude', `**/${f.name}`]);
  return [
    // The sweep in the full browser, the other files in its headless shell (e2e/support.ts): every screen is still seen by both.
    { label: SWEEP, args: only([SWEEP]), env: { E2E_CHROMIUM: CHROMIUM } },
    ...parts.filter((p) => p.files.length > 0).map((p, i) => ({ label: `part ${i + 1} of ${BROWSER_PARTS} (${p.files.length} files)`, args: only(p.files) })),
  ];
}
const queue = browserQueue();

// What failed, said again at the very end: a CI log may keep only its last lines, and vitest names the failed tests
// (its ` FAIL ` lines) far above them, among thousands of others. Each with why: the error's first line, what a
// browser step was waiting for and where in the test it stood, the lines vitest prints under its FAIL line.
const failures = new Map();
const fail = (what) => {
  if (!failures.has(what)) failures.set(what, []);
  return failures.get(what);
};
// eslint-disable-next-line no-control-regex -- the terminal's colour codes start with ESC
const ANSI = /\x1b\[[0-9;]*m/g;
const WHY = [/^\w*(Error|Exception)\b/, /^- (waiting for|locator resolved)/, /^❯ \S+\.(ts|tsx|mjs):\d+/];
function watchFailures(label) {
  let why = null;
  return (line) => {
    const plain = line.replace(ANSI, '').trim();
    if (plain.startsWith('FAIL ')) why = fail(`${label}: ${plain.slice(5).trim()}`);
    else if (plain.startsWith('⎯')) why = null;
    else if (why && why.length < 4 && WHY.some((r) => r.test(plain)) && !why.includes(plain)) why.push(plain.slice(0, 300));
  };
}

// The API tests are a queue too: the embedded database's files, the PostgreSQL files in API_SHARDS vitest shards
// (`--shard`: whole files, split by vitest), the API files through PgBouncer, and unit and web. The API lane takes them first
// and the browser lane after its own parts, so neither lane waits for the other's last long run: with the browser
// tests in the headless shell the API tests became the longer half. Each run migrates its own template database.
const API_SHARDS = 3;
const apiQueue = [
  { label: 'api-pglite', args: ['--project', 'api-pglite'] },
  ...Array.from({ length: API_SHARDS }, (_, i) => ({
    label: `api-postgres ${i + 1} of ${API_SHARDS}`,
    args: ['--project', 'api-postgres', `--shard=${i + 1}/${API_SHARDS}`],
  })),
  { label: 'api-pgbouncer', args: ['--project', 'api-pgbouncer'] },
  { label: 'unit, web', args: ['--project', 'unit', '--project', 'web'] },
];

async function takeApiParts(lane, pgUrl) {
  let failed = 0;
  for (let part = apiQueue.shift(); part; part = apiQueue.shift()) {
    log(`[${lane}] vitest: ${part.label}`);
    const code = await runInLane(lane, 'npx', ['vitest', 'run', ...part.args], {
      env: { ...process.env, TEST_PG_URL: pgUrl },
      onLine: watchFailures(part.label),
    });
    if (code !== 0) fail(`${part.label}: exit code ${code}`);
    log(`[${lane}] vitest ${part.label} finished with exit code ${code}`);
    if (code !== 0) failed = code;
  }
  return failed;
}

async function takeBrowserParts(lane, pgUrl) {
  let failed = 0;
  for (let part = queue.shift(); part; part = queue.shift()) {
    log(`[${lane}] browser tests: ${part.label}`);
    const code = await runInLane(lane, 'npx', ['vitest', 'run', '--project', 'e2e', ...part.args], {
      env: { ...process.env, ...part.env, E2E_PG_URL: pgUrl },
      onLine: watchFailures(`browser tests ${part.label}`),
    });
    if (code !== 0) fail(`browser tests ${part.label}: exit code ${code}`);
    log(`[${lane}] browser tests ${part.label} finished with exit code ${code}`);
    if (code !== 0) failed = code;
  }
  return failed;
}

async function apiLane(pgUrl, built) {
  const api = await takeApiParts('api', pgUrl);
  const browser = (await built) ? await takeBrowserParts('api', pgUrl) : 0;
  log('[api] finished');
  return api || browser;
}

async function browserLane(pgUrl, builtNow) {
  log('[browser] building the web app and the server');
  const build = await runInLane('browser', 'npm', ['run', 'build']);
  builtNow(build === 0);
  if (build !== 0) {
    fail(`npm run build failed with exit code ${build}`);
    return build;
  }
  // Boots the built server and signs in on the other supported Node versions.
  const versions = await runInLane('browser', 'node', ['scripts/node-versions.mjs']);
  if (versions !== 0) fail(`node scripts/node-versions.mjs failed with exit code ${versions}`);
  const browser = await takeBrowserParts('browser', pgUrl);
  const api = await takeApiParts('browser', pgUrl);
  log('[browser] finished');
  return versions || browser || api;
}

// Type checking, lint (scripts/lint.mjs: oxlint's type-aware rules, then ESLint with each file's result kept in
// node_modules/.cache/eslint/ by content) and the structure checks, one after the other beside the two test lanes: on
// a fresh checkout they are minutes of CPU (type checking about 90 CPU-s, lint about 130) that used to run before the
// lanes with a core idle for part of it; beside them, the two cores stay busy. A failure fails the run when the lanes
// are done.
async function checksLane() {
  log('[checks] type checking every workspace');
  const types = await runInLane('checks', 'node', ['scripts/typecheck.mjs']);
  if (types !== 0) fail('type checking failed');
  log('[checks] linting (promises, import boundaries, hooks)');
  const linted = await lint((args) => runInLane('checks', 'npx', args));
  if (linted !== 0) fail('linting failed');
  log('[checks] structure (no import cycle, file sizes, table ownership)');
  const structure = await runInLane('checks', 'node', ['scripts/check-structure.mjs']);
  if (structure !== 0) fail('structure checks failed');
  log('[checks] finished');
  return types || linted || structure;
}

log('starting a PostgreSQL server for the API and browser tests');
const pg = await startPostgres();
let codes;
try {
  let builtNow = () => {};
  const built = new Promise((resolve) => (builtNow = resolve));
  codes = await Promise.all([checksLane(), apiLane(pg.url, built), browserLane(pg.url, builtNow)]);
} finally {
  pg.stop();
}
const code = codes.find((c) => c !== 0) ?? 0;
for (const [failure, why] of failures) log([`failed: ${failure}`, ...why.map((w) => `    ${w}`)].join('\n'));
const cpuAtEnd = cpuTimes();
const cpuUse = cpuAtStart && cpuAtEnd ? `, the CPUs ${Math.round((100 * (cpuAtEnd.busy - cpuAtStart.busy)) / (cpuAtEnd.total - cpuAtStart.total))} % busy` : '';
log(`npm test finished in ${Math.round((Date.now() - started) / 1000)} s${cpuUse}, with exit code ${code}`);
process.exit(code);
