import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './global-setup';

/**
 * The built server as an operator runs it: where it listens, what it exposes, and one process per
 * embedded database directory (a second one refuses to start; a kill -9 does not block the restart).
 */
const ROOT = new URL('..', import.meta.url).pathname;
const ENTRY = join(ROOT, 'apps/server/dist/server.mjs');

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();
const dirs: string[] = [];
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'md-process-'));
  dirs.push(dir);
  return dir;
}

/**
 * Two data directories made once by real first starts, which the tests start from copies of: one migrated only (a
 * start listening wide seeds nothing) and one also holding the demo data (a start on loopback seeds it). A first
 * start migrates and seeds for about 10 CPU-s; the tests are about what a start on a directory does, so each starts on a
 * copy (the first starts themselves are the templates' making, and the Node versions' smoke check's).
 */
const templates = { migrated: '', demo: '' };
beforeAll(async () => {
  templates.migrated = dataDir();
  const wide = await start(templates.migrated, { BIND_HOST: '0.0.0.0' });
  await ready(wide);
  expect(await stop(wide)).toBe(0);
  templates.demo = dataDir();
  cpSync(templates.migrated, templates.demo, { recursive: true });
  const loopback = await start(templates.demo);
  await ready(loopback);
  expect(loopback.output()).not.toContain('no demo data');
  expect(await stop(loopback)).toBe(0);
  // A clean stop removes the process's lock; a copy must never carry one (its PID may belong to a live process by now).
  for (const dir of [templates.migrated, templates.demo]) rmSync(join(dir, 'server.pid'), { force: true });
}, 240_000);

/** A data directory of its own, copied from a template. */
function copyOf(template: string): string {
  const dir = dataDir();
  cpSync(template, dir, { recursive: true });
  return dir;
}

async function start(dir: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  // Only what the test sets: none of the settings under test comes from the environment of the run.
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'BIND_HOST', 'DEMO_DATA', 'DEV_MAILBOX', 'SMTP_URL', 'TRUST_PROXY', 'NODE_ENV'].includes(k)),
  );
  const child = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    // The demo history (90 days of payments, tested by the API tests) would make each start seed for seconds.
    env: { ...base, PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'info', DEMO_HISTORY: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, port, output: () => output, exited };
}

/** Waits until the server answers its health check (or fails if it exits first). */
async function ready(server: Server, host = '127.0.0.1'): Promise<void> {
  for (let i = 0; i < 480; i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    try {
      if ((await fetch(`http://${host}:${server.port}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer:\n${server.output()}`);
}

async function stop(server: Server, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  server.child.kill(signal);
  return server.exited;
}

/** A guest's sign-in attempt over HTTP: token first, then POST /auth. */
async function signIn(base: string, email: string, password: string): Promise<Response> {
  const tokenRes = await fetch(`${base}/csrf-token`, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest' } });
  const cookie = (tokenRes.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { token } = (await tokenRes.json()) as { token: string };
  return fetch(`${base}/auth`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

describe('the data directory lock', () => {
  it('refuses a second process on the same directory, naming the directory and the holder', async () => {
    const dir = copyOf(templates.demo);
    const first = await start(dir);
    await ready(first);
    expect(readFileSync(join(dir, 'server.pid'), 'utf8').trim()).toBe(String(first.child.pid));

    const second = await start(dir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dir} is in use by another process (PID ${first.child.pid})`);
    // The refused process never listened, and the first one still serves and still holds the lock.
    await expect(fetch(`http://127.0.0.1:${second.port}/healthz`)).rejects.toThrow();
    expect((await fetch(`http://127.0.0.1:${first.port}/healthz`)).status).toBe(200);
    expect(readFileSync(join(dir, 'server.pid'), 'utf8').trim()).toBe(String(first.child.pid));

    // A clean stop releases the directory. (Opened again listening wide, the demo logins seeded earlier are
    // still there: the server warns about their published password.)
    expect(await stop(first)).toBe(0);
    const third = await start(dir, { BIND_HOST: '0.0.0.0' });
    await ready(third);
    expect(third.output()).toContain('demo logins whose password is published');
    expect(await stop(third)).toBe(0);
  });

  it('restarts after a kill -9 left the lock behind, keeping the data', async () => {
    const dir = copyOf(templates.demo);
    const first = await start(dir);
    await ready(first);
    const base = `http://127.0.0.1:${first.port}`;
    expect((await signIn(base, 'owner@demo.test', 'demo-password')).status).toBe(200);

    await stop(first, 'SIGKILL');
    expect(readFileSync(join(dir, 'server.pid'), 'utf8').trim()).toBe(String(first.child.pid));

    const restarted = await start(dir);
    await ready(restarted);
    expect(readFileSync(join(dir, 'server.pid'), 'utf8').trim()).toBe(String(restarted.child.pid));
    expect((await signIn(`http://127.0.0.1:${restarted.port}`, 'owner@demo.test', 'demo-password')).status).toBe(200);
    expect(await stop(restarted)).toBe(0);
  });
});

describe('network exposure', () => {
  it('listens on 127.0.0.1 and ::1 by default, with the dev mailbox and the demo logins', async () => {
    const server = await start(copyOf(templates.demo));
    await ready(server);
    for (const base of [`http://127.0.0.1:${server.port}`, `http://[::1]:${server.port}`, `http://localhost:${server.port}`]) {
      expect((await fetch(`${base}/healthz`)).status, base).toBe(200);
      expect((await fetch(`${base}/_dev/mailbox.json`)).status, base).toBe(200);
    }
    expect((await signIn(`http://localhost:${server.port}`, 'owner@demo.test', 'demo-password')).status).toBe(200);
    expect(await stop(server)).toBe(0);
  });

  it('bound beyond loopback, has neither the dev mailbox nor the demo logins', async () => {
    const server = await start(copyOf(templates.migrated), { BIND_HOST: '0.0.0.0' });
    await ready(server);
    const base = `http://127.0.0.1:${server.port}`;
    for (const path of ['/_dev/mailbox.json', '/_dev/mailbox']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const demo = await signIn(base, 'owner@demo.test', 'demo-password');
    expect(demo.status).toBe(422);
    expect(await demo.json()).toMatchObject({ code: 'AUTH_INVALID_CREDENTIALS' });
    expect(server.output()).toContain('no demo data');
    expect(await stop(server)).toBe(0);
  });

  it('bound beyond loopback, has them when the settings ask', async () => {
    const asked = await start(copyOf(templates.migrated), { BIND_HOST: '0.0.0.0', DEMO_DATA: 'on', DEV_MAILBOX: 'on' });
    await ready(asked);
    const askedBase = `http://127.0.0.1:${asked.port}`;
    expect((await fetch(`${askedBase}/_dev/mailbox.json`)).status).toBe(200);
    expect((await signIn(askedBase, 'owner@demo.test', 'demo-password')).status).toBe(200);
    expect(await stop(asked)).toBe(0);
  });
});
