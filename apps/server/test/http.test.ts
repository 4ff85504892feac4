import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { endpointPath } from '@merchant/core';
import { businessEndpoints } from '@merchant/business';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { Agent, createTestContext, type TestContext } from './harness';
import { createBusiness } from './factories';

/** What every answer carries: security headers, one error body, the OpenAPI document, JSON 404s for the API. */
let t: TestContext;
let owner: Agent;
let cashier: Agent;
let businessId: string;
let ownerName: string;
beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t, { staff: ['cashier'] });
  businessId = business.id;
  owner = business.people.owner.agent;
  ownerName = business.people.owner.name;
  cashier = business.people.cashier.agent;
});
afterAll(() => t.close());

/*
 * The subject here is the wire itself (headers, the exact error body, unknown and undecodable paths), so
 * requests are raw; a declared endpoint's URL still comes from its declaration.
 */
const ME = endpointPath(userEndpoints.me);
const CSRF_TOKEN = endpointPath(authEndpoints.csrfToken);

function expectSecurityHeaders(res: LightMyRequestResponse, https = false): void {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("'unsafe-eval'");
  if (String(res.headers['content-type']).startsWith('application/json')) {
    // A JSON answer is no document: it may load nothing, and carries no document's Permissions-Policy.
    expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['permissions-policy']).toBeUndefined();
  } else {
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    // The dashboard uses none of the browser's powerful features: each is denied to every origin.
    const permissions = String(res.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'display-capture']) expect(permissions).toContain(`${feature}=()`);
  }
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  if (https) expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  else expect(res.headers['strict-transport-security']).toBeUndefined();
}

function expectErrorBody(res: LightMyRequestResponse, status: number, code: string): void {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<Record<string, unknown>>();
  expect(body).toMatchObject({ code, message: expect.any(String), requestId: expect.any(String) });
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(body.requestId).toBe(res.headers['x-request-id']);
  expect(Object.keys(body).every((k) => ['code', 'message', 'issues', 'requestId'].includes(k))).toBe(true);
  expect(JSON.stringify(body)).not.toMatch(/stack|at .*\.ts:\d+/);
}

describe('security headers', () => {
  it('are on an API answer, with no HSTS over plain http', async () => {
    const res = await owner.get(ME);
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('are on a 404, a 401, a 419 and the anti-forgery token answer', async () => {
    const notFound = await owner.get('/v1/does-not-exist');
    expect(notFound.statusCode).toBe(404);
    expectSecurityHeaders(notFound);
    const unauthenticated = await t.app.inject({ method: 'GET', url: ME });
    expect(unauthenticated.statusCode).toBe(401);
    expectSecurityHeaders(unauthenticated);
    const mismatch = await t.app.inject({ method: 'POST', url: endpointPath(authEndpoints.login), payload: {} });
    expect(mismatch.statusCode).toBe(419);
    expectSecurityHeaders(mismatch);
    const token = await t.app.inject({ method: 'POST', url: CSRF_TOKEN });
    expect(token.statusCode).toBe(200);
    expectSecurityHeaders(token);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expectSecurityHeaders(health);
  });

  it('include HSTS and Secure cookies when served over https', async () => {
    const https = await createTestContext({ publicUrl: 'https://dashboard.example.test' });
    try {
      const res = await https.app.inject({ method: 'POST', url: CSRF_TOKEN });
      expect(res.statusCode).toBe(200);
      expectSecurityHeaders(res, true);
      const cookie = res.cookies.find((c) => c.name === 'md_session');
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
      const notFound = await https.app.inject({ method: 'GET', url: '/v1/nothing-here' });
      expectSecurityHeaders(notFound, true);
    } finally {
      await https.close();
    }
  });
});

describe('error bodies', () => {
  it('always carry code, message and requestId (401, 403, 404, 409, 419, 422)', async () => {
    expectErrorBody(await t.app.inject({ method: 'GET', url: ME }), 401, 'UNAUTHENTICATED');
    expectErrorBody(await cashier.get(endpointPath(businessEndpoints.users, { params: { business_id: businessId } })), 403, 'FORBIDDEN');
    expectErrorBody(
      await owner.get(endpointPath(businessEndpoints.get, { params: { business_id: '00000000-0000-4000-8000-000000000000' } })),
      404,
      'NOT_FOUND',
    );
    expectErrorBody(await owner.get('/v1/unknown/path'), 404, 'NOT_FOUND');
    expectErrorBody(await owner.post(endpointPath(authEndpoints.checkpoint), { code: '123456' }), 409, 'AUTH_NO_PENDING_CHECKPOINT');
    expectErrorBody(await t.app.inject({ method: 'PATCH', url: ME, payload: { name: 'x' } }), 419, 'CSRF_TOKEN_MISMATCH');
    const invalid = await owner.patch(ME, { name: '' });
    expectErrorBody(invalid, 422, 'VALIDATION_FAILED');
    expect(invalid.json().issues).toEqual([{ path: 'name', message: expect.any(String) }]);
  });

  it('give each request its own id', async () => {
    const a = await owner.get('/v1/nope');
    const b = await owner.get('/v1/nope');
    expect(a.json().requestId).not.toBe(b.json().requestId);
  });

  it('answers a bad anti-forgery token with 419 even when signed in', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: ME,
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': 'forged', 'content-type': 'application/json' },
      payload: { name: 'Forged' },
    });
    expectErrorBody(res, 419, 'CSRF_TOKEN_MISMATCH');
    expect((await owner.get(ME)).json().name).toBe(ownerName);
    // The X-XSRF-TOKEN spelling is accepted like X-CSRF-TOKEN.
    const ok = await t.app.inject({
      method: 'PATCH',
      url: ME,
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': owner.csrf!, 'content-type': 'application/json' },
      payload: { name: 'Renamed Owner' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('GET /openapi.json is an OpenAPI 3.1 document listing every endpoint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json<{
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, { operationId?: string; summary?: string }>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.components.securitySchemes)).toEqual(expect.arrayContaining(['session', 'csrf']));

    expect(t.app.endpoints.length).toBeGreaterThan(20);
    const listed = new Set<string>();
    for (const e of t.app.endpoints) {
      const path = e.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
      const operation = doc.paths[path]?.[e.method.toLowerCase()];
      expect(operation, `${e.method} ${path}`).toBeDefined();
      expect(operation!.operationId).toBe(e.id);
      expect(operation!.summary).toBe(e.summary);
      listed.add(`${e.method.toLowerCase()} ${path}`);
    }
    // Nothing else is listed: hidden routes (health, the document itself, the dev mailbox) stay out.
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(documented.sort()).toEqual([...listed].sort());
    expect(doc.paths['/healthz']).toBeUndefined();
    expect(doc.paths['/openapi.json']).toBeUndefined();
  });

  it('documents the path parameters of business endpoints', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const op = doc.paths[businessEndpoints.get.path.replace(':business_id', '{business_id}')].get;
    expect(op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'business_id', in: 'path', required: true })]));
  });
});

describe('unknown paths', () => {
  it('answers 404 JSON for unknown API paths, even when the browser asks for HTML', async () => {
    for (const url of ['/v1/nope', '/v1/business/x/y/z', '/api/unknown', '/auth/unknown', '/v1']) {
      for (const accept of ['application/json', 'text/html,application/xhtml+xml']) {
        const res = await owner.get(url, { accept });
        expectErrorBody(res, 404, 'NOT_FOUND');
      }
    }
  });

  it('answers 404 JSON for an unknown method on a known path', async () => {
    const res = await owner.request('PUT', CSRF_TOKEN, {});
    expectErrorBody(res, 404, 'NOT_FOUND');
  });

  it('answers 404 JSON for page requests when no web build is present', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/business/x/overview', headers: { accept: 'text/html' } });
    expectErrorBody(res, 404, 'NOT_FOUND');
    expectSecurityHeaders(res);
  });
});

describe('URLs that do not decode', () => {
  it('answer 404 in the product error shape with every security header, not a framework body', async () => {
    const long = 'a'.repeat(600);
    for (const url of ['/v1/business/%FF', '/v1/business/%E0%A4%A', '/v1/user/%', `/v1/business/${long}`, '/v1/invitations/%C0%80']) {
      for (const res of [await owner.get(url), await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } }), await owner.post(url, {})]) {
        expectErrorBody(res, 404, 'NOT_FOUND');
        expectSecurityHeaders(res);
        expect(res.body).not.toMatch(/FST_|statusCode|valid url component/);
      }
    }
  });
});
