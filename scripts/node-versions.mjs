// Smoke check of the supported Node versions other than the one running npm test: boots the built server
// on each with a fresh embedded database and demo data, signs in over HTTP and reads the signed-in user.
// The Node binaries come from the npm registry's `node@<major>` packages, installed once into
// node_modules/.cache/node-versions/. Run: node scripts/node-versions.mjs (after npm run build).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, log, run } from './lib.mjs';
import { freePort, signInDemoOwner, waitFor } from './server-process.mjs';

/** The supported majors besides the one in use (README: Node 20.19+, 22 and 24). */
const MAJORS = ['20', '22', '24'].filter((major) => major !== process.versions.node.split('.')[0]);
const CACHE = join(ROOT, 'node_modules/.cache/node-versions');

function nodeBinary(major) {
  const prefix = join(CACHE, major);
  const bin = join(prefix, 'node_modules/node/bin/node');
  if (!existsSync(bin)) {
    mkdirSync(prefix, { recursive: true });
    run('npm', ['install', '--prefix', prefix, `node@${major}`, '--no-audit', '--no-fund', '--no-save', '--loglevel=error']);
  }
  return bin;
}

async function signIn(base) {
  const { user } = await signInDemoOwner(base);
  if (user.email !== 'owner@demo.test') throw new Error('GET /v1/user answered another user');
  const page = await fetch(`${base}/login`);
  if (page.status !== 200 || !page.headers.get('content-type')?.startsWith('text/html')) throw new Error(`GET /login answered ${page.status}`);
}

async function smoke(major) {
  const node = nodeBinary(major);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `md-node${major}-`));
  const child = spawn(node, ['apps/server/dist/server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'on', DEMO_HISTORY: 'off', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const base = `http://localhost:${port}`;
    await waitFor(`${base}/healthz`, child);
    await signIn(base);
    log(`Node ${major}: the built server started and signed in`);
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const major of MAJORS) await smoke(major);
