import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOfKind } from '@merchant/core';
import { PUBLIC_API_PATHS, apiKeyEndpoints, checkoutEndpoints } from '@merchant/payments';
import { OutboundRefused, postOutbound, type Resolver } from '../src/lib/outbound-http';
import { Agent, createTestContext, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness } from './factories';
import { expectSchema, hitpayDocument, hitpaySchema, inHitpayDocument } from './hitpay-document';

/**
 * The public API's writes (docs/developers.md): HitPay's payment request create (JSON and form), update and delete
 * with a key, the Idempotency-Key on POST, HitPay's legacy webhook with its `hmac` after a payment on the hosted
 * checkout (retried while the receiver fails), and the refusal of private and loopback webhook targets.
 */
let t: TestContext;
let business: FactoryBusiness<'owner'>;
let other: FactoryBusiness<'owner'>;
let key: string;
let salt: string;
let readOnlyKey: string;
let otherKey: string;

const createSchema = hitpaySchema('post', PUBLIC_API_PATHS.paymentRequests, 200)!;
/** HitPay's document gives the update's answer no schema: it answers the payment request, as the create does. */
const updateSchema = createSchema;
/**
 * HitPay's 422 is a `oneOf` of three shapes that every `{ message, errors }` matches at once (no property is required),
 * so no answer can match exactly one: read as the `anyOf` it means (docs/developers.md).
 */
const invalidSchema = { anyOf: (hitpaySchema('post', PUBLIC_API_PATHS.paymentRequests, 422) as { oneOf: object[] }).oneOf };
const deleteSchema = hitpaySchema('delete', PUBLIC_API_PATHS.paymentRequest, 200)!;
const notFoundSchema = hitpaySchema('delete', PUBLIC_API_PATHS.paymentRequest, 404)!;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, options: { key?: string; json?: object; form?: string; idempotencyKey?: string } = {}) =>
  t.app.inject({
    method,
    url: path,
    headers: {
      host: `api.${t.config.baseDomain}`,
      ...(options.key !== undefined ? { 'x-business-api-key': options.key } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      ...(options.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(options.json ? { payload: options.json } : options.form !== undefined ? { payload: options.form } : {}),
  });
const one = (id: string) => PUBLIC_API_PATHS.paymentRequest.replace(':request_id', id);
const makeKey = async (b: FactoryBusiness<'owner'>, access: 'full' | 'read_only') =>
  b.people.owner.agent.ok(apiKeyEndpoints.create, {
    params: { business_id: b.id },
    body: { name: `Key ${access}`, access, password: b.people.owner.password },
  });

/** What differs between two requests made alike: their ids, URLs and times. */
const alike = (answer: Record<string, unknown>) => {
  const { id: _id, url: _url, created_at: _c, updated_at: _u, ...rest } = answer;
  return rest;
};

/** A merchant's receiver: answers the statuses queued (then 200) and keeps every form it was sent. */
function receiver() {
  const received: Record<string, string>[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  return {
    received,
    statuses,
    start: () =>
      new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** HitPay's documented check, written here independently: HMAC-SHA256 of every `key` + `value` but `hmac`, keys in order. */
function hitpayHmac(secret: string, fields: Record<string, string>): string {
  const source = Object.entries(fields)
    .filter(([name]) => name !== 'hmac')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => name + value)
    .join('');
  return createHmac('sha256', secret).update(source, 'utf8').digest('hex');
}

beforeAll(async () => {
  t = await createTestContext({ webhookPrivateTargets: true });
  business = await createBusiness(t);
  other = await createBusiness(t);
  const made = await makeKey(business, 'full');
  key = made.api_key;
  salt = made.salt;
  readOnlyKey = (await makeKey(business, 'read_only')).api_key;
  otherKey = (await makeKey(other, 'full')).api_key;
}, 240_000);
afterAll(() => t.close());

describe('creating payment requests', () => {
  const fields = {
    amount: '25.50',
    currency: 'SGD',
    email: 'Buyer@Example.com',
    name: 'Ann Tan',
    purpose: 'Order 1001',
    reference_number: 'ORD-1001',
    redirect_url: 'https://shop.example.com/done',
    allow_repeated_payments: 'true',
  };

  it('gives the same answer to a JSON body and to a form, in HitPay\u2019s schema', async () => {
    const json = await call('POST', PUBLIC_API_PATHS.paymentRequests, {
      key,
      json: { ...fields, amount: 25.5, allow_repeated_payments: true, payment_methods: ['card'] },
    });
    expect(json.statusCode, json.body).toBe(200);
    const form = await call('POST', PUBLIC_API_PATHS.paymentRequests, {
      key,
      form: `${new URLSearchParams(fields).toString()}&payment_methods%5B%5D=card`,
    });
    expect(form.statusCode, form.body).toBe(200);
    expectSchema(createSchema, json.json());
    expectSchema(createSchema, form.json());
    expect(alike(form.json())).toEqual(alike(json.json()));
    expect(json.json()).toMatchObject({
      amount: '25.50',
      currency: 'sgd',
      email: 'buyer@example.com',
      name: 'Ann Tan',
      reference_number: 'ORD-1001',
      status: 'pending',
      allow_repeated_payments: true,
    });
    // It is the business's payment request, readable with its key and no other.
    const id = (json.json() as { id: string }).id;
    expect((await call('GET', one(id), { key })).json()).toMatchObject({ id, purpose: 'Order 1001' });
    expect((await call('GET', one(id), { key: otherKey })).statusCode).toBe(404);
  });

  it('answers invalid input with HitPay\u2019s 422 in its field names', async () => {
    const missing = await call('POST', PUBLIC_API_PATHS.paymentRequests, { key, json: { currency: 'SGD' } });
    expect(missing.statusCode).toBe(422);
    expectSchema(invalidSchema, missing.json());
    expect(missing.json()).toMatchObject({ message: 'The given data was invalid.', errors: { amount: [expect.any(String)] } });
    const bad = await call('POST', PUBLIC_API_PATHS.paymentRequests, { key, json: { amount: 10, currency: 'SGD', email: 'nope', expiry_date: 'soon' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys((bad.json() as { errors: object }).errors)).toEqual(expect.arrayContaining(['expiry_date']));
    const noEmail = await call('POST', PUBLIC_API_PATHS.paymentRequests, { key, json: { amount: 10, currency: 'SGD', email: 'nope' } });
    expect((noEmail.json() as { errors: object }).errors).toHaveProperty('email');
    const tooPrecise = await call('POST', PUBLIC_API_PATHS.paymentRequests, { key, form: 'amount=1.234&currency=SGD' });
    expect((tooPrecise.json() as { errors: object }).errors).toHaveProperty('amount');
  });

  it('replays the stored answer of an Idempotency-Key and refuses the key for another body', async () => {
    const idem = randomUUID();
    const first = await call('POST', PUBLIC_API_PATHS.paymentRequests, { key, json: { amount: 12, currency: 'SGD', purpose: 'Once' }, idempotencyKey: idem });
    expect(first.statusCode).toBe(200);
    const again = await call('POST', PUBLIC_API_PATHS.paymentRequests, { key, json: { amount: 12, currency: 'SGD', purpose: 'Once' }, idempotencyKey: idem });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const list = (await call('GET', `${PUBLIC_API_PATHS.paymentRequests}?per_page=100`, { key })).json() as { data: { purpose: string }[] };
    expect(list.data.filter((r) => r.purpose === 'Once')).toHaveLength(1);
    const other = await call('POST', PUBLIC_API_PATHS.paymentRequests, { key, json: { amount: 13, currency: 'SGD', purpose: 'Once' }, idempotencyKey: idem });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json() as object)).toEqual(['message']);
  });

  it('refuses every write of a read-only key', async () => {
    const created = (await call('POST', PUBLIC_API_PATHS.paymentRequests, { key, json: { amount: 10, currency: 'SGD' } })).json() as { id: string };
    const body = { amount: 11, currency: 'SGD' };
    for (const [method, path] of [
      ['POST', PUBLIC_API_PATHS.paymentRequests],
      ['PUT', one(created.id)],
      ['DELETE', one(created.id)],
    ] as const) {
      const res = await call(method, path, { key: readOnlyKey, ...(method === 'DELETE' ? {} : { json: body }) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'This API key is read-only.' });
    }
    expect((await call('GET', one(created.id), { key })).json()).toMatchObject({ amount: '10.00', status: 'pending' });
  });
});

describe('updating and deleting payment requests', () => {
  it('updates and deletes its own, and answers another business\u2019s as HitPay\u2019s 404', async () => {
    const created = (await call('POST', PUBLIC_API_PATHS.paymentRequests, { key, json: { amount: 10, currency: 'SGD', purpose: 'Before' } })).json() as {
      id: string;
    };
    const updated = await call('PUT', one(created.id), {
      key,
      json: { amount: '15.00', currency: 'SGD', purpose: 'After', webhook: 'https://hooks.example.com/pay' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expectSchema(updateSchema, updated.json());
    expect(updated.json()).toMatchObject({ id: created.id, amount: '15.00', purpose: 'After', webhook: 'https://hooks.example.com/pay' });

    const theirs = (await call('POST', PUBLIC_API_PATHS.paymentRequests, { key: otherKey, json: { amount: 10, currency: 'SGD' } })).json() as { id: string };
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(method, one(theirs.id), { key, ...(method === 'PUT' ? { json: { amount: 1, currency: 'SGD' } } : {}) });
      expect(res.statusCode).toBe(404);
      expectSchema(notFoundSchema, res.json());
    }
    expect((await call('GET', one(theirs.id), { key: otherKey })).json()).toMatchObject({ amount: '10.00', status: 'pending' });

    const deleted = await call('DELETE', one(created.id), { key });
    expect(deleted.statusCode).toBe(200);
    expectSchema(deleteSchema, deleted.json());
    expect(deleted.json()).toEqual({ success: true });
    expect((await call('GET', one(created.id), { key })).json()).toMatchObject({ status: 'canceled' });
    expect((await call('DELETE', one(created.id), { key })).statusCode).toBe(409);
  });
});

describe("HitPay's legacy webhook and redirect", () => {
  it('posts the form with its hmac after a payment, again after the receiver failed, and redirects with reference and status', async () => {
    const hook = receiver();
    const url = await hook.start();
    try {
      hook.statuses.push(500);
      const created = await call('POST', PUBLIC_API_PATHS.paymentRequests, {
        key,
        json: { amount: 30, currency: 'SGD', reference_number: 'INV-9', phone: '+6591234567', webhook: url, redirect_url: 'https://shop.example.com/back?x=1' },
      });
      expect(created.statusCode, created.body).toBe(200);
      const request = created.json() as { id: string; url: string };
      const publicId = request.url.split('/').pop()!;
      const host = hostOfKind('checkout', t.config.baseDomain);
      const payer = new Agent(t.app);
      const view = await payer.ok(checkoutEndpoints.get, { params: { kind: 'link', public_id: publicId } }, { host });
      const redirect = new URL(view.redirect_url!);
      expect(Object.fromEntries(redirect.searchParams)).toEqual({ x: '1', reference: request.id, status: 'completed' });
      const started = await payer.ok(
        checkoutEndpoints.start,
        { params: { kind: 'link', public_id: publicId }, body: { email: 'payer@example.com' } },
        { host, idempotencyKey: randomUUID() },
      );
      const paid = await payer.ok(
        checkoutEndpoints.confirm,
        { params: { public_id: started.public_id }, body: { method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } } },
        { host, idempotencyKey: randomUUID() },
      );
      expect(paid.status).toBe('succeeded');

      await t.app.jobs.runDue();
      expect(hook.received).toHaveLength(1);
      // The receiver failed: the job is retried (with backoff; here at once).
      await t.app.jobs.runDue({ ignoreDelays: true });
      expect(hook.received).toHaveLength(2);
      await t.app.jobs.runDue({ ignoreDelays: true });
      expect(hook.received).toHaveLength(2);

      const form = hook.received[1]!;
      expect(form).toMatchObject({
        payment_request_id: request.id,
        reference_number: 'INV-9',
        amount: '30.00',
        currency: 'SGD',
        status: 'completed',
        phone: '+6591234567',
      });
      expect(form.payment_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(form.hmac).toBe(hitpayHmac(salt, form));
      expect(form.hmac).not.toBe(hitpayHmac('another salt', form));
      // HitPay's status check lists the request's payment, in HitPay's schema.
      const status = (await call('GET', one(request.id), { key })).json() as { status: string; payments: unknown[] };
      expectSchema(hitpaySchema('get', PUBLIC_API_PATHS.paymentRequest, 200)!, status);
      expect(status).toMatchObject({ status: 'completed' });
      expect(status.payments).toEqual([
        expect.objectContaining({
          id: form.payment_id,
          status: 'succeeded',
          amount: '30.00',
          refunded_amount: '0.00',
          currency: 'sgd',
          buyer_email: 'payer@example.com',
          payment_type: 'card',
        }),
      ]);
    } finally {
      await hook.stop();
    }
  });
});

describe('webhook targets (SSRF)', () => {
  it('refuses private and loopback targets unless the setting allows them', async () => {
    t.config.webhookPrivateTargets = false;
    try {
      for (const webhook of [
        'http://127.0.0.1:9/hook',
        'http://localhost/hook',
        'http://10.1.2.3/hook',
        'http://[::1]/hook',
        'http://169.254.169.254/latest',
        'ftp://example.com/x',
      ]) {
        const res = await call('POST', PUBLIC_API_PATHS.paymentRequests, { key, json: { amount: 10, currency: 'SGD', webhook } });
        expect(res.statusCode, webhook).toBe(422);
        expect((res.json() as { errors: object }).errors).toHaveProperty('webhook');
      }
      const hook = receiver();
      const url = await hook.start();
      try {
        const send = (target: string) => postOutbound(target, { body: 'a=1', headers: {}, timeoutMs: 2000, allowPrivate: false });
        await expect(send(url)).rejects.toBeInstanceOf(OutboundRefused);
        // A name is checked on the address the connection itself resolves: a name that answered a public address
        // when the webhook was saved and answers a private one now (DNS rebinding) is refused at the connection.
        const rebinding: Resolver = (_name, done) => done(null, [{ address: '127.0.0.1', family: 4 }]);
        await expect(
          postOutbound(url.replace('127.0.0.1', 'rebind.example.com'), { body: 'a=1', headers: {}, timeoutMs: 2000, allowPrivate: false, resolve: rebinding }),
        ).rejects.toBeInstanceOf(OutboundRefused);
        const mixed: Resolver = (_name, done) =>
          done(null, [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.5', family: 4 },
          ]);
        await expect(
          postOutbound('http://mixed.example.com/hook', { body: 'a=1', headers: {}, timeoutMs: 2000, allowPrivate: false, resolve: mixed }),
        ).rejects.toBeInstanceOf(OutboundRefused);
        expect(hook.received).toHaveLength(0);
        expect((await postOutbound(url, { body: 'a=1', headers: {}, timeoutMs: 2000, allowPrivate: true })).status).toBe(200);
      } finally {
        await hook.stop();
      }
    } finally {
      t.config.webhookPrivateTargets = true;
    }
  });
});

describe("the public API's own OpenAPI document", () => {
  it('answers at /openapi.json on the API host, and its schemas hold the real answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { host: `api.${t.config.baseDomain}` } });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content: { 'application/json': { schema: object } } }> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(new URL(doc.servers[0]!.url).hostname).toBe(`api.${t.config.baseDomain}`);
    // HitPay's operation ids, path for path and method for method; the payment requests' five among them. Our own
    // additions, where HitPay's document has no such operation, are named here (docs/developers.md says why).
    const additions = new Map([['get /v1/invoices/{invoice_id}', 'get-invoice']]);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, o]) => ({ path, method, id: o.operationId })));
    for (const { path, method, id } of operations) {
      const own = additions.get(`${method} ${path}`);
      if (own) expect([hitpayDocument.paths[path]?.[method], id], `${method} ${path}`).toEqual([undefined, own]);
      else expect(hitpayDocument.paths[path]?.[method]?.operationId, `${method} ${path}`).toBe(id);
    }
    expect(operations.map((o) => o.id)).toEqual(
      expect.arrayContaining(['create-payment-request', 'delete-payment-request', 'get-payment-requests', 'get-payment-status', 'update-payment-request']),
    );
    const ours = (path: string, method: string, status = '200') =>
      doc.paths[inHitpayDocument(path)]![method]!.responses[status]!.content['application/json'].schema;
    const holds = expectSchema;
    const created = await call('POST', PUBLIC_API_PATHS.paymentRequests, {
      key,
      json: { amount: 9.9, currency: 'SGD', name: 'Doc Test', webhook: 'https://hooks.example.com/x' },
    });
    holds(ours(PUBLIC_API_PATHS.paymentRequests, 'post'), created.json());
    holds(ours(PUBLIC_API_PATHS.paymentRequest, 'get'), (await call('GET', one((created.json() as { id: string }).id), { key })).json());
    holds(ours(PUBLIC_API_PATHS.paymentRequests, 'get'), (await call('GET', PUBLIC_API_PATHS.paymentRequests, { key })).json());
    holds(ours(PUBLIC_API_PATHS.paymentRequests, 'post', '422'), (await call('POST', PUBLIC_API_PATHS.paymentRequests, { key, json: {} })).json());
    // The dashboard's own document still answers on the dashboard's host.
    const dashboard = await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { host: t.config.baseDomain } });
    expect((dashboard.json() as { paths: object }).paths).not.toHaveProperty(inHitpayDocument(PUBLIC_API_PATHS.paymentRequests));
  });
});
