// npm test: install what is missing, check types and lint, then run every test in two lanes side by side:
// unit, web and API tests (on the embedded database and on a real PostgreSQL server started here) in one;
// the build, the other Node versions' smoke check and the browser tests in real Chromium in the other.
// Vitest gives a 2-core machine one worker, so one lane alone leaves a core mostly idle while browser tests
// wait on the browser and the server; side by side, each lane keeps one busy.
import { chromiumPackage, ensureApt, ensureNodeModules, fontsPackage, log, postgresPackage, run, runAsync, runInLane } from './lib.mjs';
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

async function apiLane() {
  log('[api] starting a PostgreSQL server, then vitest: unit, web, api-pglite, api-postgres');
  const pg = await startPostgres();
  try {
    const projects = ['unit', 'web', 'api-pglite', 'api-postgres'].flatMap((p) => ['--project', p]);
    const code = await runInLane('api', 'npx', ['vitest', 'run', ...projects], { env: { ...process.env, TEST_PG_URL: pg.url } });
    log(`[api] finished with exit code ${code}`);
    return code;
  } finally {
    pg.stop();
  }
}

async function browserLane() {
  log('[browser] building the web app and the server');
  const steps = [
    ['npm', ['run', 'build']],
    // Boots the built server and signs in on the other supported Node versions.
    ['node', ['scripts/node-versions.mjs']],
    ['npx', ['vitest', 'run', '--project', 'e2e']],
  ];
  for (const [cmd, args] of steps) {
    const code = await runInLane('browser', cmd, args);
    if (code !== 0) {
      log(`[browser] ${cmd} ${args.join(' ')} failed with exit code ${code}`);
      return code;
    }
  }
  log('[browser] finished');
  return 0;
}

const codes = await Promise.all([apiLane(), browserLane()]);
const code = codes.find((c) => c !== 0) ?? 0;
log(`npm test finished in ${Math.round((Date.now() - started) / 1000)} s with exit code ${code}`);
process.exit(code);
