import { afterEach, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { MAIL_PURGE_JOB } from '../src/mail/mailer';
import { signUp } from './factories';
import { Agent, createTestContext, type TestContext } from './harness';

/**
 * `/metrics` (docs/operations.md, "What to monitor"): the Prometheus text format of what the app served and what
 * waits in its queues, readable by the operator only.
 */
let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const STRANGER = '203.0.113.7';
const TOKEN = 'metrics-token-0123456789abcdef';

async function scrape(context: TestContext, request: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return context.app.inject({ method: 'GET', url: '/metrics', remoteAddress: request.remoteAddress ?? '127.0.0.1', headers: request.headers ?? {} });
}

/** The value of one sample line (`name{labels} value`), or undefined when the line is not there. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('GET /metrics', () => {
  it('counts the requests it served by route pattern and status, with their durations', async () => {
    t = await createTestContext();
    for (let i = 0; i < 25; i++) expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const { person } = await signUp(t);
    for (let i = 0; i < 3; i++) await person.agent.ok(userEndpoints.me, {});
    expect((await new Agent(t.app).get(endpointPath(userEndpoints.me))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${endpointPath(userEndpoints.me)}/no-such-thing` })).statusCode).toBe(404);

    const answer = await scrape(t);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(text, 'http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(25);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBe(25);
    expect(sample(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz",status="200"}')).toBe(25);
    const me = endpointPath(userEndpoints.me);
    expect(sample(text, `http_requests_total{method="GET",route="${me}",status="200"}`)).toBe(3);
    expect(sample(text, `http_requests_total{method="GET",route="${me}",status="401"}`)).toBe(1);
    // A path that matched no route is counted as one label, never by the path it asked for.
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain('no-such-thing');
    // The process's own figures are there too.
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('shows the session cache, the job queues and the mail outbox as they are when scraped', async () => {
    t = await createTestContext();
    const { person } = await signUp(t);
    for (let i = 0; i < 4; i++) await person.agent.ok(userEndpoints.me, {});
    await new Agent(t.app).ok(authEndpoints.requestPasswordReset, { body: { email: person.email } });
    await t.app.jobs.send(t.database.db, MAIL_PURGE_JOB, {});

    let text = (await scrape(t)).body;
    const lookups = ['hit', 'miss', 'unknown'].map((result) => sample(text, `session_cache_lookups_total{result="${result}"}`) ?? 0);
    expect(lookups.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4);
    expect(sample(text, 'mail_outbox_waiting')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mail_outbox_given_up')).toBe(0);
    expect(sample(text, 'mail_outbox_oldest_waiting_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, `jobs_waiting{queue="${MAIL_PURGE_JOB}"}`)).toBe(1);
    expect(sample(text, `jobs_oldest_waiting_seconds{queue="${MAIL_PURGE_JOB}"}`)).toBeGreaterThanOrEqual(0);
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      // The embedded database has no pool to show.
      expect(text).not.toContain('db_pool_connections');
    }
    // Without a replica there is no replica pool (read-replica.postgres.test.ts shows it with one).
    expect(text).not.toContain('db_replica_pool_connections');

    await t.app.jobs.runDue({ ignoreDelays: true });
    text = (await scrape(t)).body;
    expect(sample(text, 'mail_outbox_waiting')).toBe(0);
    expect(sample(text, `jobs_waiting{queue="${MAIL_PURGE_JOB}"}`)).toBeUndefined();
  });

  it('answers this machine only, unless a request brings the token', async () => {
    t = await createTestContext();
    expect((await scrape(t, { remoteAddress: STRANGER })).statusCode).toBe(403);
    // A proxy on this machine forwarding someone else's request is not this machine.
    expect((await scrape(t, { headers: { 'x-forwarded-for': STRANGER } })).statusCode).toBe(403);
    // Without a token configured, a token proves nothing.
    expect((await scrape(t, { remoteAddress: STRANGER, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(403);
    await t.close();

    t = await createTestContext({ metricsToken: TOKEN });
    expect((await scrape(t, { remoteAddress: STRANGER, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    expect((await scrape(t, { remoteAddress: STRANGER, headers: { authorization: `Bearer ${TOKEN.slice(1)}x` } })).statusCode).toBe(403);
    expect((await scrape(t, { remoteAddress: STRANGER })).statusCode).toBe(403);
    await t.close();

    // Behind a trusted proxy every request may come from loopback: only the token opens it.
    t = await createTestContext({ trustProxy: true, metricsToken: TOKEN });
    expect((await scrape(t)).statusCode).toBe(403);
    expect((await scrape(t, { headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
  });
});
