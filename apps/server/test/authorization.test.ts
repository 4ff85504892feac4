import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_EXEMPT_ENDPOINTS, HOST_KINDS, ROLES, buildPath, can, hostOfKind, type Endpoint, type HostKind, type Role } from '@merchant/core';
import { readFileSync } from 'node:fs';
import { businessEndpoints } from '@merchant/business';
import { Agent, createTestContext, type TestContext } from './harness';
import { createBusiness, signUp } from './factories';

/**
 * Walks every registered endpoint, so a new route is covered the day it is added:
 * no session -> 401; a session of another business -> 404; a role without the permission -> 403;
 * another host than the endpoint's -> 404; and the idempotency rules of every idempotent endpoint.
 */
let t: TestContext;
/** The walk's own business, with one member of each role. */
let businessId: string;
let businessIdentifier: string;
const agents = new Map<Role | 'outsider' | 'guest', Agent>();

function urlOf(endpoint: Endpoint, businessId: string): string {
  const params: Record<string, string> = {};
  for (const name of endpoint.path.match(/:([a-z_]+)/g) ?? []) {
    const key = name.slice(1);
    params[key] = key === 'business_id' ? businessId : key === 'hash' ? 'x'.repeat(40) : '00000000-0000-4000-8000-000000000000';
  }
  return buildPath(endpoint.path, params);
}

/** The Host header of a host kind. */
const onHost = (kind: HostKind) => ({ host: hostOfKind(kind, t.config.baseDomain) });

/**
 * Two different valid inputs for each idempotent endpoint (n makes each call's input unique): a new
 * idempotent endpoint needs its entry here, which the walk checks.
 */
const IDEMPOTENT_INPUTS: Record<string, (n: number) => unknown> = {
  'business.create': (n) => ({ name: `Walk Business ${n}`, country: 'sg', currency: 'sgd' }),
  'staff.invite': (n) => ({ email: `walk-${n}@example.test`, role: 'cashier' }),
};

/**
 * Idempotent endpoints whose path needs a live object (a payment in a given state) that this walk does not
 * make yet: the test file named proves their replay and their refusal of a reused key with another body.
 * Checkout's start, challenge, QR scan and e-wallet calls go through the same layer as its confirm call.
 */
const IDEMPOTENCY_PROVEN_IN: Record<string, string> = {
  'transactions.refund': 'transactions.test.ts',
  'checkout.confirm': 'checkout.test.ts',
  'checkout.start': 'checkout.test.ts',
  'checkout.challenge': 'checkout.test.ts',
  'checkout.qrScan': 'checkout.test.ts',
  'checkout.wallet': 'checkout.test.ts',
};

beforeAll(async () => {
  t = await createTestContext();
  const guest = new Agent(t.app);
  await guest.token();
  agents.set('guest', guest);
  const business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'] });
  businessId = business.id;
  for (const role of ROLES) agents.set(role, business.people[role].agent);
  businessIdentifier = (await business.people.owner.agent.ok(businessEndpoints.get, { params: { business_id: businessId } })).identifier;
  // The outsider owns a business of their own and belongs to no other.
  agents.set('outsider', (await signUp(t)).person.agent);
});
afterAll(() => t.close());

describe('authorization of every endpoint', () => {
  it('registers endpoints to check', () => {
    expect(t.app.endpoints.length).toBeGreaterThan(20);
  });

  it('answers 401 without a signed-in session for every protected endpoint', async () => {
    const guest = agents.get('guest')!;
    const protectedOnes = t.app.endpoints.filter((e) => e.access.kind !== 'public' && e.access.kind !== 'guest');
    expect(protectedOnes.length).toBeGreaterThan(10);
    for (const e of protectedOnes) {
      const res = await guest.request(e.method, urlOf(e, businessId), e.method === 'GET' ? undefined : {}, onHost(e.host));
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', requestId: expect.any(String) });
    }
  });

  it('answers 404 to a member of another business for every business endpoint', async () => {
    const outsider = agents.get('outsider')!;
    const businessOnes = t.app.endpoints.filter((e) => e.access.kind === 'business');
    expect(businessOnes.length).toBeGreaterThan(0);
    for (const e of businessOnes) {
      const res = await outsider.request(e.method, urlOf(e, businessId), e.method === 'GET' ? undefined : {}, onHost(e.host));
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(404);
    }
  });

  it('answers 403 to every role the permission map denies, and lets allowed roles through', async () => {
    let denials = 0;
    for (const e of t.app.endpoints) {
      if (e.access.kind !== 'business') continue;
      const permission = e.access.permission;
      for (const role of ROLES) {
        const res = await agents.get(role)!.request(e.method, urlOf(e, businessId), e.method === 'GET' ? undefined : {}, onHost(e.host));
        if (can({ isSuperAdmin: false, role }, permission)) {
          expect([401, 403], `${role} ${e.method} ${e.path}`).not.toContain(res.statusCode);
          // The placeholder object of the path does not exist: its own 404 code is fine, the access layer's is not.
          if (res.statusCode === 404) expect(res.json().code, `${role} ${e.method} ${e.path}`).not.toBe('NOT_FOUND');
        } else {
          denials++;
          expect(res.statusCode, `${role} ${e.method} ${e.path}`).toBe(403);
        }
      }
    }
    expect(denials).toBeGreaterThan(0);
  });

  it('answers 419 to a non-GET call without the anti-forgery token, before authentication', async () => {
    const owner = agents.get('owner')!;
    for (const e of t.app.endpoints.filter((x) => x.method !== 'GET' && !CSRF_EXEMPT_ENDPOINTS.includes(x.id))) {
      const res = await t.app.inject({
        method: e.method,
        url: urlOf(e, businessId),
        headers: { ...onHost(e.host), cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(419);
    }
  });

  it('answers an endpoint only on its host: 404 on every other host, before any other check', async () => {
    const owner = agents.get('owner')!;
    const kinds = new Set(t.app.endpoints.map((e) => e.host));
    // Every host kind serves some endpoint (the invoice host: the invoice's PDF).
    expect(kinds).toEqual(new Set(HOST_KINDS));
    for (const e of t.app.endpoints) {
      for (const kind of HOST_KINDS.filter((k) => k !== e.host)) {
        const res = await owner.request(e.method, urlOf(e, businessId), e.method === 'GET' ? undefined : {}, onHost(kind));
        expect(res.statusCode, `${e.method} ${e.path} on ${kind}`).toBe(404);
        expect(res.json(), `${e.method} ${e.path} on ${kind}`).toMatchObject({ code: 'NOT_FOUND', requestId: res.headers['x-request-id'] });
      }
    }
    // A storefront's own host is a shop host too.
    const storefront = { host: `${businessIdentifier}.shop.${t.config.baseDomain}` };
    expect((await owner.request('GET', '/v1/user', undefined, storefront)).statusCode).toBe(404);
  });

  it('proves the idempotency rules on every idempotent endpoint', async () => {
    const idempotent = t.app.endpoints.filter((e) => e.idempotent);
    expect(idempotent.length).toBeGreaterThan(0);
    let n = 0;
    for (const e of idempotent) {
      const provenIn = IDEMPOTENCY_PROVEN_IN[e.id];
      if (provenIn) {
        const source = readFileSync(new URL(provenIn, import.meta.url), 'utf8');
        expect(source, `${e.id}: ${provenIn} proves the reused-key refusal`).toContain('IDEMPOTENCY_KEY_REUSED');
        continue;
      }
      const input = IDEMPOTENT_INPUTS[e.id];
      expect(input, `${e.id} needs inputs in IDEMPOTENT_INPUTS or a test named in IDEMPOTENCY_PROVEN_IN`).toBeDefined();
      if (!input) continue;
      const [me, other] = [agents.get('owner')!, agents.get('admin')!];
      const url = urlOf(e, businessId);
      const key = { ...onHost(e.host), 'idempotency-key': `walk-${e.id}` };
      const body = input(++n);
      const first = await me.request(e.method, url, body, key);
      expect(first.statusCode, e.id).toBe(e.status ?? 200);
      // Same key, same input: the first answer again, status and body.
      const replay = await me.request(e.method, url, body, key);
      expect([replay.statusCode, replay.body, replay.headers['idempotent-replayed']], e.id).toEqual([first.statusCode, first.body, 'true']);
      // Same key, another input: refused.
      const reused = await me.request(e.method, url, input(++n), key);
      expect([reused.statusCode, reused.json().code], e.id).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
      // Keys are the caller's own: another member's same key runs their own request.
      const theirs = await other.request(e.method, url, input(++n), key);
      expect([theirs.statusCode, theirs.headers['idempotent-replayed']], e.id).toEqual([e.status ?? 200, undefined]);
      // While the first request with a key has not answered, the key is busy.
      await t.database.exec(`UPDATE idempotency_keys SET response_status = NULL, response_body = NULL WHERE key = 'walk-${e.id}'`);
      const busy = await me.request(e.method, url, body, key);
      expect([busy.statusCode, busy.json().code], e.id).toEqual([409, 'IDEMPOTENCY_REQUEST_IN_FLIGHT']);
    }
  });
});
