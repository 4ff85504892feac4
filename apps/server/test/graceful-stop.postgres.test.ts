import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { userEndpoints } from '@merchant/identity';
import { restartableDatabase } from './restartable-database';
import { killServers, startServer } from './server-process';

/**
 * A web process stopped as an orchestrator stops it (SIGTERM, docs/operations.md): /readyz answers 503 at once so
 * the load balancer sends no more, the process still answers what reaches it during SHUTDOWN_DELAY_MS, then it
 * stops and exits by itself with 0. PostgreSQL only: web and worker processes need a database server.
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
