import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

const ROOT = new URL('..', import.meta.url).pathname;

/** A TCP port nobody listens on right now (also used by the process tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}`);
}

/**
 * A fresh database on the PostgreSQL server at E2E_PG_URL (npm test starts one for the API tests), or none: the
 * server then uses a fresh embedded database in its data directory.
 */
async function freshPostgres(adminUrl: string | undefined): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (!adminUrl) return null;
  const name = `md_e2e_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Starts the built app (npm test builds it first) on a free port with a fresh database and demo data: on the
 * PostgreSQL server at E2E_PG_URL when set (npm test does: many browser tests, one server, so the database that
 * serves several connections at once keeps the pages quick), else embedded in a fresh data directory.
 */
export default async function setup(project: TestProject) {
  const entry = join(ROOT, 'apps/server/dist/server.mjs');
  if (!existsSync(entry) || !existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build (npm test does it)');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'md-e2e-'));
  const database = await freshPostgres(process.env.E2E_PG_URL);
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'on',
      // The browser tests make the payments they read; the demo history (seeded and tested by the API tests) stays out.
      DEMO_HISTORY: 'off',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      BASE_DOMAIN: 'localhost',
      DATABASE_URL: database?.url ?? '',
      // The browser tests of schedules move the server's time ahead through /_dev/clock (loopback only).
      DEV_CLOCK: 'on',
      // The webhooks test's receiver is a local server (private targets are refused otherwise; never in production).
      WEBHOOK_PRIVATE_TARGETS: 'on',
      // A busy test machine must not leave a page's first answers out (the overview's test counts requests).
      PAGE_ANSWERS_BUDGET_MS: '30000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${baseURL}/healthz`, child);
  project.provide('baseURL', baseURL);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
