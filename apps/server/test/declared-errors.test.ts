import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, ERROR_STATUS, defineEndpoint, errorCodesOf, type ErrorCode } from '@merchant/core';
import { registerEndpoint } from '../src/http/endpoint';
import { createIdempotency } from '../src/http/idempotency';
import { createBusinessService } from '../src/modules/business/business/business.service';
import { createAuditService } from '../src/modules/platform/audit/audit.service';
import { Agent, createTestContext, type TestContext } from './harness';

/**
 * Each endpoint lists the error codes it can answer: a handler that throws a code its endpoint does not
 * declare fails the request under test (so every API test checks the declarations of what it exercises),
 * and every code of ERROR_STATUS is answered by some endpoint.
 */
let t: TestContext;
const probe = (id: string, errors: readonly ErrorCode[]) =>
  defineEndpoint({
    id,
    method: 'GET',
    path: `/v1/test-probe/${id}`,
    summary: 'Throws a domain error',
    access: { kind: 'public' },
    errors,
    response: z.object({ ok: z.boolean() }),
  });

beforeAll(async () => {
  t = await createTestContext();
  const { db } = t.database;
  const standings = createBusinessService({ db, clock: t.clock, audit: createAuditService({ clock: t.clock }), baseDomain: t.config.baseDomain });
  const idempotency = createIdempotency({ db, clock: t.clock, logger: t.app.log, testFaults: 'off' });
  const deps = { db, clock: t.clock, config: t.config, standings, idempotency };
  for (const endpoint of [probe('declared', ['STAFF_LAST_OWNER']), probe('undeclared', [])]) {
    registerEndpoint(t.app, deps, endpoint, async () => {
      throw new AppError('STAFF_LAST_OWNER', 'The last owner cannot leave.');
    });
  }
});
afterAll(() => t.close());

describe('declared errors', () => {
  it('answers a declared domain error as itself', async () => {
    const res = await new Agent(t.app).get('/v1/test-probe/declared');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'STAFF_LAST_OWNER' });
  });

  it('fails the request when a handler throws a code its endpoint does not declare', async () => {
    const res = await new Agent(t.app).get('/v1/test-probe/undeclared');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL' });
  });

  it('answers every error code somewhere: each is declared or derived by an endpoint', () => {
    const answered = new Set(t.app.endpoints.filter((e) => !e.path.startsWith('/v1/test-probe/')).flatMap((e) => errorCodesOf(e)));
    const unanswered = Object.keys(ERROR_STATUS).filter((code) => code !== 'INTERNAL' && !answered.has(code as ErrorCode));
    expect(unanswered).toEqual([]);
  });

  it('has no error code that nothing in the server answers with', () => {
    // The server's sources, and the rules of the shared packages it answers with (the standing's refusals).
    const roots = [new URL('../src/', import.meta.url), new URL('../../../packages/core/src/permissions/', import.meta.url)];
    const source = roots
      .flatMap((src) =>
        readdirSync(src, { recursive: true, encoding: 'utf8' })
          .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
          .map((f) => readFileSync(new URL(f, src), 'utf8')),
      )
      .join('\n');
    expect(Object.keys(ERROR_STATUS).filter((code) => !source.includes(`'${code}'`))).toEqual([]);
  });

  it('describes each error answer of the document with its codes, on the one Error component', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(document.components.schemas)).toEqual(['Error']);
    const login = document.paths['/auth'].post.responses;
    expect(login['422']).toMatchObject({
      description: expect.stringContaining('AUTH_INVALID_CREDENTIALS'),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(login['429'].description).toBe('RATE_LIMITED, AUTH_ACCOUNT_LOCKED');
  });
});
