// npm test: install what is missing, check types and lint, build, then run every test:
// unit, web, API on the embedded database and on a real PostgreSQL server started here,
// and browser tests in real Chromium against the built app.
import { build, chromiumPackage, ensureApt, ensureNodeModules, fontsPackage, log, postgresPackage, run, runAsync } from './lib.mjs';
import { startPostgres } from './postgres.mjs';

const started = Date.now();
ensureNodeModules();
ensureApt([chromiumPackage, fontsPackage, postgresPackage]);

// Side by side: each leaves part of the two cores idle on its own.
log('type checking every workspace and linting (import boundaries, no cycles)');
const [types, lint] = await Promise.all([runAsync('node', ['scripts/typecheck.mjs']), runAsync('npx', ['eslint', '.', '--max-warnings=0'])]);
if (types !== 0 || lint !== 0) {
  log(`${types !== 0 ? 'type checking' : 'linting'} failed`);
  process.exit(1);
}
run('node', ['scripts/check-structure.mjs']);

build();

log('booting the built server and signing in on the other supported Node versions');
run('node', ['scripts/node-versions.mjs']);

log('starting a PostgreSQL server for the API suite');
const pg = await startPostgres();
let code = 1;
try {
  log('running vitest: unit, web, api-pglite, api-postgres, e2e');
  code = await runAsync('npx', ['vitest', 'run'], { env: { ...process.env, TEST_PG_URL: pg.url } });
} finally {
  pg.stop();
}
log(`npm test finished in ${Math.round((Date.now() - started) / 1000)} s with exit code ${code}`);
process.exit(code);
