import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { endpointPath, hostOfKind, type Endpoint } from '@merchant/core';
import { authEndpoints } from '@merchant/identity';
import { checkoutEndpoints } from '@merchant/payments';
import { freePort } from './app-processes';
import type { CallInput } from './harness';
import { FACTORY_PASSWORD } from './factories';

/**
 * Real server processes for the crash tests: started with the test faults on (TEST_FAULTS=on, NODE_ENV=test,
 * loopback), so a request carrying `X-Test-Crash` kills its process with SIGKILL.
 */
const SERVER = fileURLToPath(new URL('..', import.meta.url));

/** Where the process tests keep their bundles: inside the server's folder, so the bundle finds its npm packages. */
const BUNDLES = join(SERVER, 'node_modules/.cache/server-bundles');
let bundle: string | undefined;

/** Whether a process still runs (a bundle's folder is named after the test process that made it). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The server bundled as `npm run build` bundles it (build.mjs, about a second), once per test process (its files share
 * it), and started as an operator starts it (`node dist/server.mjs`). Started through tsx from src/, each process
 * compiled every source file again: 70 CPU-s over the crash and graceful-stop files, where the bundle's starts take 35.
 * The test processes end without an exit event, so each run first removes the bundles of processes that have ended.
 */
export function serverBundle(): string {
  if (bundle) return bundle;
  mkdirSync(BUNDLES, { recursive: true });
  for (const name of readdirSync(BUNDLES)) {
    const pid = Number(/^server-(\d+)$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !running(pid)) rmSync(join(BUNDLES, name), { recursive: true, force: true });
  }
  const dir = join(BUNDLES, `server-${process.pid}`);
  execFileSync(process.execPath, ['build.mjs', '--outdir', dir], { cwd: SERVER, stdio: 'ignore' });
  bundle = join(dir, 'server.mjs');
  return bundle;
}

export interface Server {
  child: ChildProcess;
  base: string;
  /** Resolves with the signal that ended the process (null: it exited by itself). */
  ended: Promise<NodeJS.Signals | null>;
}

const processes = new Set<ChildProcess>();

/** The server as an operator starts it (`serverBundle`), on the database `env` names. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverBundle()], {
    cwd: SERVER,
    env: {
      ...process.env,
      DATABASE_URL: '',
      ...env,
      PORT: String(port),
      BIND_HOST: '127.0.0.1',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      NODE_ENV: 'test',
      TEST_FAULTS: 'on',
      DEV_CLOCK: 'on',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  processes.add(child);
  const ended = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => {
      processes.delete(child);
      resolve(signal);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base, ended };
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

/** Stops a server as an operator does (SIGTERM), and waits for it. */
export async function stopServer(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  await server.ended;
}

/** Kills every server process still running (a test's afterAll). */
export function killServers(): void {
  for (const child of processes) child.kill('SIGKILL');
}

/** A signed-in browser: its cookie and anti-forgery token, sent to whichever server process is up. */
export class Browser {
  cookie = '';
  csrf = '';
  async call<E extends Endpoint>(base: string, endpoint: E, input: CallInput<E> = {}, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(`${base}${endpointPath(endpoint, input)}`, {
      method: endpoint.method,
      headers: {
        cookie: this.cookie,
        'x-csrf-token': this.csrf,
        'x-requested-with': 'XMLHttpRequest',
        ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return res;
  }
  async signIn(base: string, email: string): Promise<this> {
    this.csrf = ((await (await this.call(base, authEndpoints.csrfToken)).json()) as { token: string }).token;
    const res = await this.call(base, authEndpoints.login, { body: { email, password: FACTORY_PASSWORD } });
    expect(res.status).toBe(200);
    return this;
  }
}

/** A customer's browser on the checkout host (its Host header set, which fetch cannot do): its cookie and token. */
export class CheckoutBrowser {
  cookie = '';
  csrf = '';
  call<E extends Endpoint>(base: string, endpoint: E, input: CallInput<E> = {}, headers: Record<string, string> = {}) {
    const body = input.body === undefined ? undefined : JSON.stringify(input.body);
    return new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      const req = request(
        `${base}${endpointPath(endpoint, input)}`,
        {
          method: endpoint.method,
          headers: {
            host: hostOfKind('checkout', 'localhost'),
            cookie: this.cookie,
            'x-csrf-token': this.csrf,
            'x-requested-with': 'XMLHttpRequest',
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
        },
        (res) => {
          const set = res.headers['set-cookie']?.[0];
          if (set) this.cookie = set.split(';')[0]!;
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
  async token(base: string): Promise<this> {
    this.csrf = ((await this.call(base, checkoutEndpoints.csrfToken)).json as { token: string }).token;
    return this;
  }
}
