import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { userEndpoints } from '@merchant/identity';
import { freePort } from './app-processes';
import { restartableDatabase } from './restartable-database';
import { killServers, serverBundle, startServer } from './server-process';

/**
 * A web process stopped as an orchestrator stops it (SIGTERM, docs/operations.md): /readyz answers 503 at once so
 * the load balancer sends no more, the process still answers what reaches it during SHUTDOWN_DELAY_MS, then it
 * stops and exits by itself with 0. A server started with EXIT_WITH_PARENT=on stops by itself once the process that
 * started it is killed. PostgreSQL only: web and worker processes need a database server.
 */
let store: Awaited<ReturnType<typeof restartableDatabase>>;

beforeAll(async () => {
  store = await restartableDatabase();
});
afterAll(async () => {
  killServers();
  await store.dispose();
});

const statusOf = async (url: string) => (await fetch(url)).status;

describe('a web process on SIGTERM', () => {
  it('turns not ready at once, keeps answering during the delay, then exits with 0', { timeout: 120_000 }, async () => {
    const web = await startServer({ ...store.serverEnv, ROLE: 'web', SHUTDOWN_DELAY_MS: '3000' });
    expect(await statusOf(`${web.base}/readyz`)).toBe(200);
    expect(await statusOf(`${web.base}${endpointPath(userEndpoints.me)}`)).toBe(401);

    const signalled = Date.now();
    web.child.kill('SIGTERM');
    // Not ready from the signal on (polled: the signal reaches the process a moment later).
    let ready = 200;
    while (ready === 200 && Date.now() - signalled < 2_000) ready = await statusOf(`${web.base}/readyz`);
    expect(ready).toBe(503);
    // Still alive and answering requests during the delay.
    expect(await statusOf(`${web.base}/healthz`)).toBe(200);
    expect(await statusOf(`${web.base}${endpointPath(userEndpoints.me)}`)).toBe(401);

    expect(await web.ended).toBeNull();
    expect(web.child.exitCode).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(3_000);
  });
});

/** Started by a process of its own (the test kills it): the server's pid on its first line, then it waits. */
const STARTER = `
const { spawn } = require('node:child_process');
const server = spawn(process.execPath, [process.argv[1]], { stdio: 'ignore' });
console.log(server.pid);
setInterval(() => {}, 1 << 30);
`;

/** Whether a process has ended (gone, or a zombie its new parent has not reaped yet). */
function ended(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return true;
  try {
    return readFileSync(stat, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

describe('a server whose starter is killed', () => {
  it('stops by itself with EXIT_WITH_PARENT=on', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const starter = spawn(process.execPath, ['-e', STARTER, serverBundle()], {
      env: {
        ...process.env,
        ...store.serverEnv,
        ROLE: 'web',
        PORT: String(port),
        BIND_HOST: '127.0.0.1',
        DEMO_DATA: 'off',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
        EXIT_WITH_PARENT: 'on',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = (await once(starter.stdout!, 'data')) as [Buffer];
    const serverPid = Number(String(line).trim());
    expect(serverPid).toBeGreaterThan(0);
    let up = false;
    for (let i = 0; i < 600 && !up; i++) {
      up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    expect(up).toBe(true);

    starter.kill('SIGKILL');
    await once(starter, 'exit');
    const killed = Date.now();
    while (!ended(serverPid) && Date.now() - killed < 20_000) await new Promise((r) => setTimeout(r, 100));
    expect(ended(serverPid)).toBe(true);
    expect(
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status,
        () => 'refused',
      ),
    ).toBe('refused');
  });
});
