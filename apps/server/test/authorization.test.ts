import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_EXEMPT_ENDPOINTS,
  HOST_KINDS,
  ROLES,
  STANDINGS,
  buildPath,
  can,
  hostOfKind,
  refusalsOf,
  standingRefusal,
  type Endpoint,
  type HostKind,
  type Role,
  type StandingFacts,
} from '@merchant/core';
import { businessEndpoints } from '@merchant/business';
import { checkoutEndpoints, invoiceEndpoints, transferEndpoints } from '@merchant/payments';
import { IDEMPOTENCY_LEASE_MS, TEST_CRASH_HEADER } from '../src/http/idempotency';
import { Agent, createTestContext, type TestContext } from './harness';
import {
  addBankAccount,
  addBeneficiary,
  createBusiness,
  createCustomer,
  createInvoice,
  fundAvailable,
  createLink,
  pairReader,
  paidStoreOrder,
  saveCard,
  signUp,
  subscribe,
} from './factories';
import { makePayment } from './factories/payments';
import { availableMoney } from './factories/payouts';

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

/** Valid inputs of the idempotent business endpoints whose path needs only the business (n makes each input unique). */
const IDEMPOTENT_INPUTS: Record<string, (n: number) => unknown> = {
  'business.create': (n) => ({ name: `Walk Business ${n}`, country: 'sg', currency: 'sgd' }),
  'staff.invite': (n) => ({ email: `walk-${n}@example.test`, role: 'cashier' }),
};

/** One request of the idempotency walk: where it goes and what it sends. */
interface WalkRequest {
  url: string;
  body: unknown;
}

/**
 * How the walk calls an idempotent endpoint: the two callers whose keys are apart (two members of the walk's
 * business, or two customers on the checkout host), a fresh valid request (`fresh`, a new live object where the
 * path needs one: a payment to refund, a checkout payment in the state the call acts on), and another input for
 * the same key (`vary`: another body, or the same call on another object when the call has no body).
 */
interface IdempotentCase {
  callers: () => [Agent, Agent];
  fresh: (e: Endpoint, n: number) => Promise<WalkRequest>;
  vary: (e: Endpoint, first: WalkRequest, n: number) => Promise<WalkRequest>;
}

/** A business endpoint whose path needs nothing but the business: its input from `IDEMPOTENT_INPUTS`. */
const businessInputCase = (input: (n: number) => unknown): IdempotentCase => ({
  callers: () => [agents.get('owner')!, agents.get('admin')!],
  fresh: async (e, n) => ({ url: urlOf(e, businessId), body: input(n) }),
  vary: async (_e, first, n) => ({ url: first.url, body: input(n) }),
});

const CHECKOUT_CARD = (number: string) => ({ method: 'card' as const, card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } });
/** The walk's reusable payment link, paid many times over. */
let walkLink: string;
/** The walk's customer, billed by the invoices the walk pays. */
let walkCustomer: string;
/** The walk's beneficiary, paid by the transfers the walk sends. */
let walkBeneficiary: string;

/** A checkout payment started by a customer on the walk's link (each with its own email), answered by its public id. */
async function startedPayment(n: number): Promise<string> {
  const started = await new Agent(t.app).ok(
    checkoutEndpoints.start,
    { params: { kind: 'link', public_id: walkLink }, body: { email: `walk-${n}@example.com` } },
    { host: hostOfKind('checkout', t.config.baseDomain), idempotencyKey: `walk-start-${n}` },
  );
  return started.public_id;
}

/** A checkout payment confirmed with `details`, waiting for the action the walked endpoint takes. */
async function pendingPayment(n: number, details: unknown): Promise<string> {
  const publicId = await startedPayment(n);
  const res = await new Agent(t.app).request('POST', buildPath(checkoutEndpoints.confirm.path, { public_id: publicId }), details, {
    ...onHost('checkout'),
    'idempotency-key': `walk-confirm-${n}`,
  });
  expect(res.json(), 'the payment waits for an action').toMatchObject({ status: 'requires_action' });
  return publicId;
}

/** A checkout call on a payment that `prepare` makes for each request; the body is `body(n)`. */
const checkoutCase = (prepare: (n: number) => Promise<string>, body: (n: number) => unknown): IdempotentCase => ({
  callers: () => [new Agent(t.app), new Agent(t.app)],
  fresh: async (e, n) => ({ url: buildPath(e.path, { public_id: await prepare(n) }), body: body(n) }),
  vary: async (e, first, n) => {
    const other = body(n);
    // A call without a body differs only by its object.
    return other === undefined ? { url: buildPath(e.path, { public_id: await prepare(n) }), body: other } : { url: first.url, body: other };
  },
});

/** A transfer the manager requested above the walk's approval threshold, waiting for review: its review call's URL. */
async function awaitingTransferUrl(e: Endpoint): Promise<string> {
  await fundAvailable(t, businessId, 2_000_00);
  const transfer = await agents.get('manager')!.ok(transferEndpoints.create, {
    params: { business_id: businessId },
    body: { beneficiary_id: walkBeneficiary, amount: 1_000_00 },
  });
  return buildPath(e.path, { business_id: businessId, transfer_id: transfer.id });
}

/** Approve, reject or cancel a waiting transfer (no body: another input is another transfer). */
const reviewCase: IdempotentCase = {
  callers: () => [agents.get('owner')!, agents.get('admin')!],
  fresh: async (e) => ({ url: await awaitingTransferUrl(e), body: undefined }),
  vary: async (e) => ({ url: await awaitingTransferUrl(e), body: undefined }),
};

/** The walk's card reader, paired at a location of its own the first time a walk needs it. */
let walkReaderId: string | undefined;
async function walkReader(): Promise<string> {
  walkReaderId ??= (await pairReader(agents.get('owner')!, businessId)).id;
  return walkReaderId;
}

/** A subscription of the walk's business to its own amount, pending (its setup link answered) or with 4242 saved. */
async function walkSubscription(n: number, save: boolean): Promise<{ id: string; setupId: string }> {
  const owner = agents.get('owner')!;
  const customer = await createCustomer(owner, businessId);
  const { subscription, setupId } = await subscribe(t, owner, businessId, { customer_id: customer.id, name: `Walk ${n}`, amount: 10_00, interval: 'monthly' });
  if (save) expect((await saveCard(t, setupId)).status).toBe(200);
  return { id: subscription.id, setupId };
}

/** Every idempotent endpoint and how the walk calls it: a new idempotent endpoint needs its entry here, which the walk checks. */
const IDEMPOTENT_CASES: Record<string, IdempotentCase> = {
  ...Object.fromEntries(Object.entries(IDEMPOTENT_INPUTS).map(([id, input]) => [id, businessInputCase(input)])),
  'transactions.refund': {
    callers: () => [agents.get('owner')!, agents.get('admin')!],
    fresh: async (e, n) => {
      const payment = await makePayment(t, businessId, { amount: 100_00, reference: `walk-${n}` });
      return { url: buildPath(e.path, { business_id: businessId, payment_id: payment.id }), body: { amount: 1_00, reason: 'requested_by_customer' } };
    },
    vary: async (_e, first, n) => ({ url: first.url, body: { amount: 1_00 + n, reason: 'duplicate' } }),
  },
  'payouts.create': {
    callers: () => [agents.get('owner')!, agents.get('admin')!],
    fresh: async (e, n) => {
      await availableMoney(t, businessId, 100_00 + n);
      return { url: buildPath(e.path, { business_id: businessId }), body: { currency: 'sgd', amount: 1_00 } };
    },
    vary: async (_e, first, n) => ({ url: first.url, body: { currency: 'sgd', amount: 1_00 + n } }),
  },
  'checkout.start': {
    callers: () => [new Agent(t.app), new Agent(t.app)],
    fresh: async (e, n) => ({ url: buildPath(e.path, { kind: 'link', public_id: walkLink }), body: { email: `walk-${n}@example.com` } }),
    vary: async (_e, first, n) => ({ url: first.url, body: { email: `walk-other-${n}@example.com` } }),
  },
  'checkout.confirm': checkoutCase(startedPayment, (n) => CHECKOUT_CARD(n % 2 ? '4242424242424242' : '5555555555554444')),
  'checkout.challenge': checkoutCase(
    (n) => pendingPayment(n, CHECKOUT_CARD('4000000000003220')),
    (n) => ({ decision: n % 2 ? 'approve' : 'fail' }),
  ),
  'checkout.qrScan': checkoutCase(
    (n) => pendingPayment(n, { method: 'paynow' }),
    () => undefined,
  ),
  'checkout.wallet': checkoutCase(
    (n) => pendingPayment(n, { method: 'ewallet' }),
    (n) => ({ decision: n % 2 ? 'approve' : 'fail' }),
  ),
  'subscriptions.chargeNow': {
    callers: () => [agents.get('owner')!, agents.get('admin')!],
    fresh: async (e, n) => ({ url: buildPath(e.path, { business_id: businessId, subscription_id: (await walkSubscription(n, true)).id }), body: undefined }),
    vary: async (e, _first, n) => ({
      url: buildPath(e.path, { business_id: businessId, subscription_id: (await walkSubscription(n, true)).id }),
      body: undefined,
    }),
  },
  'subscriptionSetups.saveCard': checkoutCase(
    async (n) => (await walkSubscription(n, false)).setupId,
    (n) => ({ card: CHECKOUT_CARD(n % 2 ? '4242424242424242' : '5555555555554444').card }),
  ),
  'invoicePages.pay': {
    callers: () => [new Agent(t.app), new Agent(t.app)],
    fresh: async (e) => {
      const owner = agents.get('owner')!;
      const invoice = await createInvoice(owner, businessId, walkCustomer, { currency: 'sgd', allow_partial: true });
      await owner.ok(invoiceEndpoints.send, { params: { business_id: businessId, invoice_id: invoice.id } });
      return { url: buildPath(e.path, { business_id: businessId, invoice: invoice.public_id }), body: { amount: 10_00 } };
    },
    vary: async (_e, first, n) => ({ url: first.url, body: { amount: 10_00 + n } }),
  },
  'terminals.collectPayment': {
    callers: () => [agents.get('owner')!, agents.get('admin')!],
    fresh: async (e, n) => ({
      url: buildPath(e.path, { business_id: businessId, reader_id: await walkReader() }),
      body: { amount: 10_00 + n, card: { number: '4242424242424242', exp_month: 12, exp_year: 2030 } },
    }),
    vary: async (_e, first, n) => ({ url: first.url, body: { amount: 10_00 + n, card: { number: '4242424242424242', exp_month: 12, exp_year: 2030 } } }),
  },
  'transfers.create': {
    callers: () => [agents.get('owner')!, agents.get('admin')!],
    fresh: async (e, n) => {
      await fundAvailable(t, businessId, 100_00);
      return { url: urlOf(e, businessId), body: { beneficiary_id: walkBeneficiary, amount: 1_00 + n } };
    },
    vary: async (_e, first, n) => ({ url: first.url, body: { beneficiary_id: walkBeneficiary, amount: 1_00 + n } }),
  },
  'transfers.approve': reviewCase,
  'transfers.reject': reviewCase,
  'transfers.cancel': reviewCase,
  'storeOrders.refund': {
    callers: () => [agents.get('owner')!, agents.get('admin')!],
    fresh: async (e) => {
      const order = await paidStoreOrder(t, agents.get('owner')!, businessId, { price: 50_00 });
      return { url: buildPath(e.path, { business_id: businessId, order_id: order.id }), body: { amount: 1_00 } };
    },
    vary: async (_e, first, n) => ({ url: first.url, body: { amount: 1_00 + n } }),
  },
  'storeOrders.cancel': {
    callers: () => [agents.get('owner')!, agents.get('admin')!],
    fresh: async (e) => {
      const order = await paidStoreOrder(t, agents.get('owner')!, businessId, { price: 30_00 });
      return { url: buildPath(e.path, { business_id: businessId, order_id: order.id }), body: { reason: 'Walk', restock: true, refund: true } };
    },
    vary: async (_e, first, n) => ({ url: first.url, body: { reason: `Walk ${n}`, restock: true, refund: true } }),
  },
};

beforeAll(async () => {
  t = await createTestContext();
  const guest = new Agent(t.app);
  await guest.token();
  agents.set('guest', guest);
  // Send money and the platform on, so their endpoints answer past their feature checks.
  const business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'], flags: { features: { send_money: true }, platformEnabled: true } });
  businessId = business.id;
  for (const role of ROLES) agents.set(role, business.people[role].agent);
  walkLink = await createLink(t, business, { singleUse: false });
  walkCustomer = (await createCustomer(business.people.owner.agent, businessId)).id;
  await addBankAccount(t, business, business.people.owner);
  walkBeneficiary = (await addBeneficiary(businessId, business.people.owner)).id;
  // Transfers above 500.00 wait for review: the walk reviews them.
  await business.people.owner.agent.ok(transferEndpoints.saveSettings, { params: { business_id: businessId }, body: { approval_threshold: 500_00 } });
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
      // The test's business is a verified merchant: what its standing refuses (the partner area) is the next test's.
      if (standingRefusal(e.access.standing, { type: 'merchant', onboardingStatus: 'completed' })) continue;
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

  it('refuses every business endpoint to a business whose state its standing excludes: partner, blocked, not yet verified', async () => {
    // The owner of a business in each state (send money and the platform on, so those endpoints answer past their feature checks).
    const states: StandingFacts[] = [
      { type: 'partner', onboardingStatus: 'completed' },
      { type: 'merchant', onboardingStatus: 'blocked' },
      { type: 'merchant', onboardingStatus: 'questionnaire' },
      { type: 'merchant', onboardingStatus: 'pending_verification' },
      { type: 'merchant', onboardingStatus: 'completed' },
    ];
    const standingCodes = new Set(STANDINGS.flatMap(refusalsOf));
    const refused = new Map<string, number>();
    for (const state of states) {
      const business = await createBusiness(t, {
        kind: state.type,
        onboarding: state.onboardingStatus,
        flags: { features: { send_money: true }, platformEnabled: true },
      });
      const owner = business.people.owner.agent;
      for (const e of t.app.endpoints) {
        if (e.access.kind !== 'business') continue;
        const res = await owner.request(e.method, urlOf(e, business.id), e.method === 'GET' ? undefined : {}, onHost(e.host));
        const expected = standingRefusal(e.access.standing, state);
        const label = `${state.type}/${state.onboardingStatus} ${e.method} ${e.path}`;
        if (expected) {
          expect([res.statusCode, res.json().code], label).toEqual([403, expected]);
          refused.set(expected, (refused.get(expected) ?? 0) + 1);
        } else {
          expect([401, 403, 419], label).not.toContain(res.statusCode);
          if (res.statusCode >= 400) expect(standingCodes.has(res.json().code), label).toBe(false);
        }
      }
    }
    // Each refusal was met: partner, blocked, not verified (twice: questionnaire and pending), and a merchant in the partner area.
    expect([...refused.keys()].sort()).toEqual(['BUSINESS_BLOCKED', 'BUSINESS_IS_PARTNER', 'BUSINESS_NOT_PARTNER', 'BUSINESS_NOT_VERIFIED']);
  }, 300_000);

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
    let walked = 0;
    for (const e of idempotent) {
      const walk = IDEMPOTENT_CASES[e.id];
      expect(walk, `${e.id} needs its entry in IDEMPOTENT_CASES`).toBeDefined();
      if (!walk) continue;
      const [me, other] = walk.callers();
      const request = await walk.fresh(e, ++n);
      const { url, body } = request;
      const key = { ...onHost(e.host), 'idempotency-key': `walk-${e.id}` };
      const first = await me.request(e.method, url, body, key);
      expect(first.statusCode, e.id).toBe(e.status ?? 200);
      // Same key, same input: the first answer again, status and body.
      const replay = await me.request(e.method, url, body, key);
      expect([replay.statusCode, replay.body, replay.headers['idempotent-replayed']], e.id).toEqual([first.statusCode, first.body, 'true']);
      // Same key, another input: refused.
      const another = await walk.vary(e, request, ++n);
      const reused = await me.request(e.method, another.url, another.body, key);
      expect([reused.statusCode, reused.json().code], e.id).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
      // Keys are the caller's own: another caller's same key runs their own request.
      const mine = await walk.fresh(e, ++n);
      const theirs = await other.request(e.method, mine.url, mine.body, key);
      expect([theirs.statusCode, theirs.headers['idempotent-replayed']], e.id).toEqual([e.status ?? 200, undefined]);
      // While the first request with a key has not answered, the key is busy.
      await t.database.exec(`UPDATE idempotency_keys SET response_status = NULL, response_body = NULL WHERE key = 'walk-${e.id}'`);
      const busy = await me.request(e.method, url, body, key);
      expect([busy.statusCode, busy.json().code], e.id).toEqual([409, 'IDEMPOTENCY_REQUEST_IN_FLIGHT']);
      // Once its lease has ended (nothing renews it: its process is gone), a retry takes the key over and runs;
      // what it answers becomes the key's answer.
      t.clock.advance(IDEMPOTENCY_LEASE_MS);
      const taken = await me.request(e.method, url, body, key);
      expect(taken.headers['idempotent-replayed'], e.id).toBeUndefined();
      expect(taken.statusCode === 409 ? taken.json().code : taken.statusCode, e.id).not.toBe('IDEMPOTENCY_REQUEST_IN_FLIGHT');
      const kept = await me.request(e.method, url, body, key);
      expect([kept.statusCode, kept.body, kept.headers['idempotent-replayed']], e.id).toEqual([taken.statusCode, taken.body, 'true']);
      // A process that dies right after the commit of the request's effect: the answer committed with the
      // effect (in its transaction), and the retry replays it at once.
      const cut = await walk.fresh(e, ++n);
      const cutKey = { ...onHost(e.host), 'idempotency-key': `walk-cut-${e.id}` };
      await me.request(e.method, cut.url, cut.body, { ...cutKey, [TEST_CRASH_HEADER]: 'after-commit' });
      const recovered = await me.request(e.method, cut.url, cut.body, cutKey);
      expect([recovered.statusCode, recovered.headers['idempotent-replayed']], e.id).toEqual([e.status ?? 200, 'true']);
      // One that dies just before that commit has done nothing: busy while its lease lasts, then a retry runs it.
      const early = await walk.fresh(e, ++n);
      const earlyKey = { ...onHost(e.host), 'idempotency-key': `walk-early-${e.id}` };
      const died = await me.request(e.method, early.url, early.body, { ...earlyKey, [TEST_CRASH_HEADER]: 'before-commit' });
      expect(died.statusCode, `${e.id} stores its answer in the transaction of its effect`).toBe(500);
      const waiting = await me.request(e.method, early.url, early.body, earlyKey);
      expect([waiting.statusCode, waiting.json().code], e.id).toEqual([409, 'IDEMPOTENCY_REQUEST_IN_FLIGHT']);
      t.clock.advance(IDEMPOTENCY_LEASE_MS);
      const ran = await me.request(e.method, early.url, early.body, earlyKey);
      expect([ran.statusCode, ran.headers['idempotent-replayed']], e.id).toEqual([e.status ?? 200, undefined]);
      walked++;
    }
    // Money endpoints included: the refund and the five checkout calls.
    expect(walked).toBe(idempotent.length);
    expect(idempotent.map((e) => e.id)).toEqual(expect.arrayContaining(['transactions.refund', 'checkout.start', 'checkout.confirm', 'checkout.qrScan']));
    // Every idempotent endpoint cut twice, each with its live objects: longer than one test's default budget on a busy machine.
  }, 120_000);
});
