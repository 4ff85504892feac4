import { createHmac } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from './hitpay/hitpay-api';
import { demoBusiness } from './api';
import { baseURL, DEMO_PASSWORD, launch, newPage } from './support';

/**
 * Issue 29's proof that a HitPay integration works by changing its base URL and key: a client generated from HitPay's
 * published OpenAPI document (openapi-typescript's types of `apps/server/test/fixtures/hitpay.openapi.json`, used through
 * openapi-fetch, as a merchant's code would use them) creates a payment request with a legacy `webhook`; the customer
 * pays its `url` on the hosted checkout in Chromium with the success test card; the merchant's receiver (a local
 * server) gets the event webhook and checks `Hitpay-Signature` (HMAC-SHA256 of the raw body, keyed by the endpoint's
 * salt) and HitPay's legacy callback, checking its `hmac` (HMAC-SHA256 of the other fields sorted by name, each written
 * name then value, keyed by the API key's salt), the algorithms HitPay documents; the client then reads the request
 * as completed.
 */

const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    received.push({ path: req.url ?? '', headers: req.headers, body });
    res.end('ok');
  });
});
let receiverOrigin = '';

/** The API host's origin (`api.localhost:<port>`): the base URL a merchant changes to. */
const apiOrigin = () => {
  const base = new URL(baseURL());
  return `http://api.${base.hostname}:${base.port}`;
};
/** Node's fetch does not resolve `*.localhost`: this client's connections go to 127.0.0.1, its Host header stays. */
const loopback = new Agent({ connect: { lookup: (_host, _options, done) => done(null, [{ address: '127.0.0.1', family: 4 }]) } });
const viaLoopback = async (request: Request): Promise<Response> => {
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
  const answer = await undiciFetch(request.url, { method: request.method, headers: [...request.headers], body, dispatcher: loopback });
  return new Response(answer.status === 204 ? null : await answer.arrayBuffer(), { status: answer.status, headers: [...answer.headers] });
};

/** HitPay's legacy `hmac`: every other field sorted by name, each written name then value, HMAC-SHA256 in hex by the salt. */
const legacyHmac = (salt: string, fields: Record<string, string>) =>
  createHmac('sha256', salt)
    .update(
      Object.keys(fields)
        .filter((k) => k !== 'hmac')
        .sort()
        .map((k) => `${k}${fields[k]}`)
        .join(''),
    )
    .digest('hex');

async function waitFor<T>(find: () => T | undefined, what: string, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`no ${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let apiKey = '';
let apiSalt = '';
let endpointSalt = '';
let endpointId = '';
let businessId = '';
let cleanUp: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  receiverOrigin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const demo = await demoBusiness();
  businessId = demo.businessId;
  const key = await demo.api.call<{ id: string; api_key: string; salt: string }>('POST', `/v1/business/${businessId}/api-keys`, {
    name: `Generated client ${Date.now()}`,
    access: 'full',
    password: DEMO_PASSWORD,
  });
  apiKey = key.api_key;
  apiSalt = key.salt;
  const endpoint = await demo.api.call<{ id: string; salt: string }>('POST', `/v1/business/${businessId}/webhooks`, {
    url: `${receiverOrigin}/events`,
    events: ['payment_request.completed', 'charge.created'],
  });
  endpointId = endpoint.id;
  endpointSalt = endpoint.salt;
  cleanUp = async () => {
    await demo.api.call('DELETE', `/v1/business/${businessId}/webhooks/${endpointId}`);
    await demo.api.call('POST', `/v1/business/${businessId}/api-keys/${key.id}/revoke`, { password: DEMO_PASSWORD });
  };
});
afterAll(async () => {
  await cleanUp();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe("a client generated from HitPay's published document", () => {
  it("uses the types openapi-typescript generates from HitPay's document now (`npm run hitpay:types -w @merchant/e2e` makes them)", () => {
    const check = spawnSync('npm', ['run', '--silent', 'hitpay:types', '--', '--check'], { cwd: new URL('.', import.meta.url), encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
  });

  it('creates a payment request, the customer pays it on the hosted checkout, and both webhooks verify', async () => {
    const hitpay = createClient<paths>({ baseUrl: apiOrigin(), fetch: viaLoopback });
    const reference = `ORDER-${Date.now()}`;
    const created = await hitpay.POST('/v1/payment-requests', {
      params: { header: { 'X-BUSINESS-API-KEY': apiKey } },
      body: {
        amount: 42.5,
        currency: 'SGD',
        email: 'generated.client@example.com',
        name: 'Generated Client',
        purpose: 'Generated client order',
        reference_number: reference,
        redirect_url: 'https://shop.example.com/thanks',
        webhook: `${receiverOrigin}/legacy`,
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const request = created.data!;
    expect(request).toMatchObject({ amount: '42.50', currency: 'sgd', status: 'pending', reference_number: reference });
    expect(request.url).toMatch(/^http:\/\/securecheckout\.localhost:\d+\//);

    const browser = await launch();
    try {
      const { page } = await newPage(browser, { width: 1280, height: 860 });
      // The merchant's own site, where the checkout sends the customer back.
      await page.route('https://shop.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Thank you</h1>' }));
      await page.goto(request.url!);
      const email = page.getByRole('textbox', { name: /^Email/ });
      if ((await email.inputValue()) === '') await email.fill('generated.client@example.com');
      await page.getByRole('radio', { name: /^Card/ }).click();
      await page.getByRole('textbox', { name: /^Card number/ }).pressSequentially('4242424242424242');
      await page.getByRole('textbox', { name: /^Expiry/ }).pressSequentially('1230');
      await page.getByRole('textbox', { name: /^CVC/ }).fill('123');
      await page.getByRole('textbox', { name: /^Name on card/ }).fill('Generated Client');
      await page.getByRole('button', { name: /^Pay / }).click();
      // The checkout sends the customer to the redirect with HitPay's `reference` and `status`.
      await page.waitForURL((url) => url.hostname === 'shop.example.com');
      const back = new URL(page.url());
      expect(back.searchParams.get('reference')).toBe(request.id);
      expect(back.searchParams.get('status')).toBe('completed');
    } finally {
      await browser.close();
    }

    // The event webhook, signed with the endpoint's salt over the raw body.
    const event = await waitFor(
      () => received.find((r) => r.path === '/events' && r.headers['hitpay-event-type'] === 'payment_request.completed' && r.body.includes(request.id!)),
      'payment_request.completed event',
    );
    expect(event.headers['hitpay-signature']).toBe(createHmac('sha256', endpointSalt).update(event.body).digest('hex'));
    expect((JSON.parse(event.body) as { id: string; status: string }).id).toBe(request.id);

    // The legacy callback, form-encoded, its hmac over the sorted fields with the key's salt.
    const legacy = await waitFor(() => received.find((r) => r.path === '/legacy' && r.body.includes(request.id!)), 'legacy webhook');
    const fields = Object.fromEntries(new URLSearchParams(legacy.body));
    expect(fields).toMatchObject({ payment_request_id: request.id, status: 'completed', amount: '42.50', currency: 'SGD', reference_number: reference });
    expect(fields.hmac).toBe(legacyHmac(apiSalt, fields));

    // The client reads the request as completed, with its payment.
    const read = await hitpay.GET('/v1/payment-requests/{request_id}', {
      params: { header: { 'X-BUSINESS-API-KEY': apiKey }, path: { request_id: request.id! } },
    });
    expect(read.response.status).toBe(200);
    expect(read.data).toMatchObject({ id: request.id, status: 'completed' });
    expect(read.data?.payments?.map((p) => [p.id, p.status, p.amount])).toEqual([[fields.payment_id, 'succeeded', '42.50']]);
    // The event's payment is the one the legacy callback names.
    expect((JSON.parse(event.body) as { payments: { id: string }[] }).payments.map((p) => p.id)).toEqual([fields.payment_id]);
  });
});
