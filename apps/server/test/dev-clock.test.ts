import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, testConfig } from '../src/config';
import { movableClock, fixedClock } from '../src/lib/clock';
import { createTestContext, openTestDatabase, type TestContext } from './harness';
import type { Database } from '../src/db/client';
import type { FastifyInstance } from 'fastify';

/**
 * The dev clock (browser tests of schedules move the server's time ahead): off unless DEV_CLOCK=on, never
 * in production, beyond loopback or behind a proxy; answers this machine only; moves ahead, never back.
 */
describe('the dev clock switch', () => {
  it('is off by default and on only for a loopback server outside production', () => {
    expect(loadConfig({}).devClock).toBe(false);
    expect(loadConfig({ DEV_CLOCK: 'on' }).devClock).toBe(true);
    expect(loadConfig({ DEV_CLOCK: 'on', NODE_ENV: 'production' }).devClock).toBe(false);
    expect(loadConfig({ DEV_CLOCK: 'on', BIND_HOST: '0.0.0.0' }).devClock).toBe(false);
    expect(loadConfig({ DEV_CLOCK: 'on', TRUST_PROXY: 'true' }).devClock).toBe(false);
    expect(() => loadConfig({ DEV_CLOCK: 'yes' })).toThrow(/DEV_CLOCK/);
  });

  it('moves ahead from the time it runs with, and back to it on reset', () => {
    const base = fixedClock(new Date('2026-11-01T09:00:00Z'));
    const clock = movableClock(base);
    clock.advance(86_400_000);
    expect(clock.now().toISOString()).toBe('2026-11-02T09:00:00.000Z');
    expect(() => clock.advance(-1)).toThrow(/ahead/);
    clock.reset();
    expect(clock.now()).toEqual(base.now());
  });
});

describe('the dev clock routes', () => {
  let database: Database;
  let app: FastifyInstance;
  let without: TestContext;
  beforeAll(async () => {
    database = await openTestDatabase();
    const devClock = movableClock(fixedClock(new Date('2026-11-01T09:00:00Z')));
    app = await buildApp({
      config: testConfig({ webDist: '/nonexistent', devClock: true }),
      db: database.db,
      devClock,
      logger: pino({ level: 'silent' }),
      jobsConnection: database.jobs,
      jobsMode: 'manual',
    });
    without = await createTestContext();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await without.close();
  });

  it('moves the time ahead for this machine, refuses going back and any other machine, and resets', async () => {
    const advance = (payload: unknown, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/_dev/clock/advance', payload: payload as object, remoteAddress, headers });
    const moved = await advance({ ms: 2 * 86_400_000 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ now: '2026-11-03T09:00:00.000Z', offset_ms: 2 * 86_400_000 });
    for (const bad of [{ ms: 0 }, { ms: -5 }, { ms: 1.5 }, { ms: 401 * 86_400_000 }, {}]) expect((await advance(bad)).statusCode).toBe(422);
    // A form post (what another site's page could send without asking) is no JSON: refused.
    const form = await app.inject({
      method: 'POST',
      url: '/_dev/clock/advance',
      payload: 'ms=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBeGreaterThanOrEqual(400);
    expect((await advance({ ms: 1 }, '203.0.113.9')).statusCode).toBe(403);
    expect((await advance({ ms: 1 }, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/_dev/clock', remoteAddress: '10.0.0.2' })).statusCode).toBe(403);
    const reset = await app.inject({ method: 'POST', url: '/_dev/clock/reset', remoteAddress: '127.0.0.1' });
    expect(reset.json()).toEqual({ now: '2026-11-01T09:00:00.000Z', offset_ms: 0 });
  });

  it('does not exist without DEV_CLOCK', async () => {
    expect((await without.app.inject({ method: 'GET', url: '/_dev/clock' })).statusCode).toBe(404);
    expect((await without.app.inject({ method: 'POST', url: '/_dev/clock/advance', payload: { ms: 1 } })).statusCode).toBe(404);
  });
});
