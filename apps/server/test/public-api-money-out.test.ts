import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  beneficiaryEndpoints,
  PUBLIC_STATIC_QR_PATHS as Q,
  PUBLIC_TRANSFERS_PATHS as P,
  PUBLIC_WEBHOOK_EVENTS_PATHS as W,
  transferEndpoints,
} from '@merchant/payments';
import { createTestContext, type TestContext } from './harness';
import { createBusiness, fundAvailable, type FactoryBusiness } from './factories';
import { expectSchema, hitpayDocument, hitpaySchema, inHitpayDocument, makeApiKey, publicCall, type PublicCall } from './hitpay-document';

/**
 * The public API's money out (docs/developers.md, "Public API: money out"): HitPay's beneficiaries, transfers, static
 * QR codes and webhook events on the product's send money, QR codes and webhooks, in HitPay's schemas; the 404s of
 * virtual accounts and remitters.
 */
let t: TestContext;
let biz: FactoryBusiness<'owner'>;
let other: FactoryBusiness<'owner'>;
let key: string;
let readKey: string;
let otherKey: string;

const call = (path: string, options: PublicCall = {}) => publicCall(t, path, { key, ...options });
const one = (path: string, id: string) => path.replace(/:\w+$/, id);
const schema = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, status: number) => hitpaySchema(method, path, status)!;
/** The keys of HitPay's example of an answer that has no schema. */
const exampleKeys = (method: string, path: string, status: number) => {
  const answer = hitpayDocument.paths[inHitpayDocument(path)]![method]!.responses[String(status)] as unknown as {
    content: { 'application/json': { examples: { Result: { value: object } } } };
  };
  return Object.keys(answer.content['application/json'].examples.Result.value);
};
const notFound = (res: { statusCode: number; json: () => unknown }, model: string, id: string) => {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: `No query results for model [${model}] ${id}` });
};
const availableSgd = async () => (await t.services.ledger.balances(t.database.db, biz.id)).find((b) => b.currency === 'sgd')?.available ?? 0;

const BENEFICIARY = {
  country: 'sg',
  transfer_method: 'bank_transfer',
  transfer_type: 'local',
  currency: 'sgd',
  holder_type: 'individual',
  holder_name: 'John Tan',
  bank_id: 'DBSSSGSGXXX[7171]',
  bank_branch_code: '081',
  account_number: '0123456789',
  email: 'john@example.com',
};

beforeAll(async () => {
  // Private webhook targets refused, as in production (the SSRF rule of webhook events).
  t = await createTestContext({ webhookPrivateTargets: false });
  biz = await createBusiness(t, { flags: { features: { send_money: true } } });
  other = await createBusiness(t, { flags: { features: { send_money: true } } });
  key = await makeApiKey(biz);
  readKey = await makeApiKey(biz, 'read_only');
  otherKey = await makeApiKey(other);
  await fundAvailable(t, biz.id, 100_000);
}, 240_000);
afterAll(() => t.close());

let beneficiaryId: string;
let otherBeneficiaryId: string;

describe('beneficiaries', () => {
  it("answers the fields of a local beneficiary in the business's country, and refuses another scenario", async () => {
    const res = await call(P.beneficiarySchema, { method: 'POST', json: { country: 'sg', transfer_method: 'bank_transfer', currency: 'sgd' } });
    expect(res.statusCode).toBe(200);
    const fields = res.json() as { key: string; required: boolean; type: string; title: string }[];
    expect(fields.map((f) => f.key)).toEqual(expect.arrayContaining(['country', 'holder_name', 'bank_id', 'bank_branch_code', 'account_number']));
    for (const field of fields) expect(Object.keys(field)).toEqual(expect.arrayContaining(['key', 'placeholder', 'title', 'required', 'type']));
    const refused = await call(P.beneficiarySchema, { method: 'POST', json: { country: 'my', transfer_method: 'upay' } });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys((refused.json() as { errors: object }).errors).sort()).toEqual(['country', 'transfer_method']);
    expect((await call(P.beneficiarySchema, { key: readKey, method: 'POST', json: {} })).statusCode).toBe(403);
  });

  it('creates a beneficiary alike from JSON and from a form, and replays an Idempotency-Key', async () => {
    const res = await call(P.beneficiaries, { method: 'POST', json: BENEFICIARY, idempotencyKey: 'ben-1' });
    expect(res.statusCode).toBe(201);
    const made = res.json() as Record<string, unknown>;
    expect(Object.keys(made)).toEqual(expect.arrayContaining(exampleKeys('post', P.beneficiaries, 201)));
    expectSchema(schema('get', P.beneficiary, 200), made);
    expect(made).toMatchObject({
      status: 'approved',
      country: 'sg',
      currency: 'sgd',
      holder_name: 'John Tan',
      bank_swift_code: 'DBSSSGSGXXX',
      bank_id: 'DBSSSGSGXXX[7171]',
      bank_branch_code: '081',
      account_number: '•••• 6789',
      email: 'john@example.com',
      deleted_at: null,
    });
    beneficiaryId = made.id as string;

    const replay = await call(P.beneficiaries, { method: 'POST', json: BENEFICIARY, idempotencyKey: 'ben-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((replay.json() as { id: string }).id).toBe(beneficiaryId);

    const form = await call(P.beneficiaries, { method: 'POST', form: { ...BENEFICIARY, holder_name: 'Form Tan' } });
    expect(form.statusCode).toBe(201);
    const strip = ({ id: _i, created_at: _c, updated_at: _u, holder_name: _h, nickname: _n, ...rest }: Record<string, unknown>) => rest;
    expect(strip(form.json() as Record<string, unknown>)).toEqual(strip(made));

    otherBeneficiaryId = ((await publicCall(t, P.beneficiaries, { key: otherKey, method: 'POST', json: BENEFICIARY })).json() as { id: string }).id;
  });

  it("refuses invalid bank details on HitPay's fields, and a read-only key", async () => {
    const res = await call(P.beneficiaries, {
      method: 'POST',
      json: { ...BENEFICIARY, bank_id: 'DBSSSGSGXXX[71]', bank_branch_code: undefined, account_number: '12' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['account_number', 'bank_branch_code', 'bank_id']);
    expect((await call(P.beneficiaries, { method: 'POST', json: { country: 'sg' } })).json()).toMatchObject({ errors: { holder_name: expect.any(Array) } });
    expect((await call(P.beneficiaries, { key: readKey, method: 'POST', json: BENEFICIARY })).statusCode).toBe(403);
  });

  it("lists the active beneficiaries in numbered pages, only of the key's business", async () => {
    const res = await call(`${P.beneficiaries}?per_page=1`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as { data: { id: string; holder_name: string }[]; meta: { total: number; last_page: number } };
    expectSchema(schema('get', P.beneficiaries, 200), page);
    expect(page.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(page.data.map((b) => b.holder_name)).toEqual(['Form Tan']);
    const searched = (await call(`${P.beneficiaries}?query=john`)).json() as { data: { id: string }[] };
    expect(searched.data.map((b) => b.id)).toEqual([beneficiaryId]);
  });

  it("reads one, and answers another business's id as HitPay's 404", async () => {
    const res = await call(one(P.beneficiary, beneficiaryId));
    expect(res.statusCode).toBe(200);
    expectSchema(schema('get', P.beneficiary, 200), res.json());
    notFound(await call(one(P.beneficiary, otherBeneficiaryId)), 'Beneficiary', otherBeneficiaryId);
    notFound(await call(one(P.beneficiary, 'nope')), 'Beneficiary', 'nope');
  });

  it('keeps nickname, remark and favourite through create, update, list and get, and on the dashboard', async () => {
    const made = await call(P.beneficiaries, {
      method: 'POST',
      form: { ...BENEFICIARY, holder_name: 'Mei Lim', account_number: '0123456788', nickname: 'Supplier Mei', remark: 'Beans', is_favourite: '1' },
    });
    expect(made.statusCode).toBe(201);
    expectSchema(schema('get', P.beneficiary, 200), made.json());
    expect(made.json()).toMatchObject({ holder_name: 'Mei Lim', nickname: 'Supplier Mei', remark: 'Beans', is_favourite: true });
    const id = (made.json() as { id: string }).id;

    const same = await call(one(P.beneficiary, id), { method: 'PATCH', json: {} });
    expect(same.statusCode).toBe(200);
    expectSchema(schema('patch', P.beneficiary, 200), same.json());
    expect(same.json()).toMatchObject({ nickname: 'Supplier Mei', remark: 'Beans', is_favourite: true });

    // Only the fields sent change; a blank one clears it (the holder's name stands as the nickname again).
    const patched = await call(one(P.beneficiary, id), { method: 'PATCH', json: { nickname: '', is_favourite: false } });
    expectSchema(schema('patch', P.beneficiary, 200), patched.json());
    expect(patched.json()).toMatchObject({ nickname: 'Mei Lim', remark: 'Beans', is_favourite: false });
    const again = await call(one(P.beneficiary, id), { method: 'PATCH', form: { nickname: 'Mei', remark: 'Green beans', is_favourite: 'true' } });
    expect(again.json()).toMatchObject({ nickname: 'Mei', remark: 'Green beans', is_favourite: true });
    expect((await call(one(P.beneficiary, id))).json()).toMatchObject({ nickname: 'Mei', remark: 'Green beans', is_favourite: true });
    const listed = (await call(`${P.beneficiaries}?query=mei`)).json() as { data: { id: string }[] };
    expect(listed.data).toEqual([expect.objectContaining({ id, nickname: 'Mei', remark: 'Green beans', is_favourite: true })]);
    const onDashboard = await biz.people.owner.agent.ok(beneficiaryEndpoints.get, { params: { business_id: biz.id, beneficiary_id: id } });
    expect(onDashboard).toMatchObject({ nickname: 'Mei', remark: 'Green beans', is_favourite: true });

    const tooLong = await call(one(P.beneficiary, id), { method: 'PATCH', json: { remark: 'x'.repeat(256), is_favourite: 'maybe' } });
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys((tooLong.json() as { errors: object }).errors).sort()).toEqual(['is_favourite', 'remark']);
    notFound(await call(one(P.beneficiary, otherBeneficiaryId), { method: 'PATCH', json: {} }), 'Beneficiary', otherBeneficiaryId);
    expect((await call(one(P.beneficiary, id), { key: readKey, method: 'PATCH', json: {} })).statusCode).toBe(403);
    await call(one(P.beneficiary, id), { method: 'DELETE' });
  });

  // Last pages: `links.next` is null, as Laravel writes it (HitPay's schema types it a string only), so they are not
  // checked against HitPay's schema here; the first page is, above.
  it('pages the list as Laravel does: links keep the search, an empty page counts from 0', async () => {
    const page = (await call(`${P.beneficiaries}?per_page=1&page=2`)).json() as {
      links: { first: string; prev: string | null; next: string | null };
      meta: { from: number; to: number; current_page: number };
    };
    expect(page.links.next).toBeNull();
    expect(page.meta).toMatchObject({ current_page: 2, from: 2, to: 2 });
    expect(page.links.prev).toMatch(/\/v1\/beneficiaries\?per_page=1&page=1$/);
    const searched = (await call(`${P.beneficiaries}?query=nobody`)).json() as {
      data: unknown[];
      links: { first: string };
      meta: { from: number; to: number };
    };
    expect(searched.data).toEqual([]);
    expect(searched.meta).toMatchObject({ from: 0, to: 0 });
    expect(searched.links.first).toMatch(/\/v1\/beneficiaries\?query=nobody&page=1$/);
  });
});

let transferId: string;
let otherTransferId: string;

describe('transfers', () => {
  it('estimates a transfer, and refuses missing amounts and a beneficiary of another business', async () => {
    const res = await call(P.estimate, { method: 'POST', json: { beneficiary_id: beneficiaryId, source_currency: 'sgd', source_amount: 100 } });
    expect(res.statusCode).toBe(200);
    const estimate = res.json() as Record<string, unknown>;
    expectSchema(schema('post', P.estimate, 200), estimate);
    expect(estimate).toMatchObject({
      source_amount: 100,
      source_currency: 'sgd',
      payment_amount: 100,
      payment_currency: 'sgd',
      exchange_rate: '1',
      fx_pair: 'sgdsgd',
    });
    const missing = await call(P.estimate, { method: 'POST', json: { beneficiary_id: beneficiaryId, source_currency: 'sgd' } });
    expect(Object.keys((missing.json() as { errors: object }).errors).sort()).toEqual(['payment_amount', 'source_amount']);
    const theirs = await call(P.estimate, { method: 'POST', json: { beneficiary_id: otherBeneficiaryId, source_currency: 'sgd', source_amount: 1 } });
    expect(theirs.statusCode).toBe(422);
    expect(Object.keys((theirs.json() as { errors: object }).errors)).toEqual(['beneficiary_id']);
    expect(
      (await call(P.estimate, { key: readKey, method: 'POST', json: { beneficiary_id: beneficiaryId, source_currency: 'sgd', source_amount: 1 } })).statusCode,
    ).toBe(403);
  });

  it('sends money through the ledger once per Idempotency-Key, and refuses more than the balance', async () => {
    const before = await availableSgd();
    const body = { beneficiary_id: beneficiaryId, source_currency: 'sgd', source_amount: '25.50', reference: 'INV-1' };
    const res = await call(P.transfers, { method: 'POST', form: body, idempotencyKey: 'tr-1' });
    expect(res.statusCode).toBe(201);
    const made = res.json() as { id: string; fee: { amount: number }; status: string };
    expectSchema(schema('post', P.transfers, 201), made);
    expect(made).toMatchObject({ status: 'processing', source_amount: 25.5, payment_amount: 25.5, reference: 'INV-1', awaiting_approval: false });
    expect(made).toMatchObject({ beneficiary: { id: beneficiaryId, holder_name: 'John Tan' } });
    transferId = made.id;
    const replay = await call(P.transfers, { method: 'POST', form: body, idempotencyKey: 'tr-1' });
    // Stored in the transfer's own transaction: the same status and body, and no second transfer.
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(made);
    expect(before - (await availableSgd())).toBe(2550 + Math.round(made.fee.amount * 100));

    const tooMuch = await call(P.transfers, { method: 'POST', json: { ...body, source_amount: 5000 } });
    expect(tooMuch.statusCode).toBe(422);
    expect(Object.keys((tooMuch.json() as { errors: object }).errors)).toEqual(['source_amount']);
    expect((await call(P.transfers, { method: 'POST', json: { source_currency: 'sgd', source_amount: 1 } })).json()).toMatchObject({
      errors: { beneficiary_id: expect.any(Array), beneficiary: expect.any(Array) },
    });
    expect((await call(P.transfers, { key: readKey, method: 'POST', json: body })).statusCode).toBe(403);
  });

  it('waits for approval above the threshold, as on the dashboard', async () => {
    await biz.people.owner.agent.ok(transferEndpoints.saveSettings, { params: { business_id: biz.id }, body: { approval_threshold: 5000 } });
    const res = await call(P.transfers, { method: 'POST', json: { beneficiary_id: beneficiaryId, source_currency: 'sgd', source_amount: 60 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'scheduled', awaiting_approval: true, source_amount: 60, approved_by: null });
    const dashboard = await biz.people.owner.agent.ok(transferEndpoints.get, {
      params: { business_id: biz.id, transfer_id: (res.json() as { id: string }).id },
    });
    expect(dashboard.transfer.status).toBe('awaiting_review');
  });

  it('lists transfers in cursor pages with their filters, and reads one', async () => {
    const res = await call(`${P.transfers}?per_page=1`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as { data: { status: string }[]; meta: { next_cursor: string } };
    expectSchema(schema('get', P.transfers, 200), page);
    expect(page.data.map((x) => x.status)).toEqual(['scheduled']);
    const next = (await call(`${P.transfers}?per_page=1&cursor=${encodeURIComponent(page.meta.next_cursor)}`)).json() as { data: { id: string }[] };
    expect(next.data.map((x) => x.id)).toEqual([transferId]);
    const processing = (await call(`${P.transfers}?status=processing`)).json() as { data: { id: string }[] };
    expect(processing.data.map((x) => x.id)).toEqual([transferId]);
    expect((await call(`${P.transfers}?keywords=INV`)).statusCode).toBe(422);

    const detail = await call(one(P.transfer, transferId));
    expect(detail.statusCode).toBe(200);
    expectSchema(schema('get', P.transfer, 200), detail.json());
    expect(detail.json()).toMatchObject({ id: transferId, source_amount: 25.5, created_by: { id: biz.people.owner.id } });
  });

  it("answers another business's transfer as HitPay's 404", async () => {
    await fundAvailable(t, other.id, 10_000);
    const theirs = await publicCall(t, P.transfers, {
      key: otherKey,
      method: 'POST',
      json: { beneficiary_id: otherBeneficiaryId, source_currency: 'sgd', source_amount: 1 },
    });
    otherTransferId = (theirs.json() as { id: string }).id;
    notFound(await call(one(P.transfer, otherTransferId)), 'Transfer', otherTransferId);
  });

  it('deletes a beneficiary: later calls are 404, its transfers keep it', async () => {
    notFound(await call(one(P.beneficiary, otherBeneficiaryId), { method: 'DELETE' }), 'Beneficiary', otherBeneficiaryId);
    expect((await call(one(P.beneficiary, beneficiaryId), { key: readKey, method: 'DELETE' })).statusCode).toBe(403);
    const res = await call(one(P.beneficiary, beneficiaryId), { method: 'DELETE' });
    expect(res.statusCode).toBe(204);
    notFound(await call(one(P.beneficiary, beneficiaryId)), 'Beneficiary', beneficiaryId);
    expect((await call(one(P.transfer, transferId))).json()).toMatchObject({ beneficiary: { id: beneficiaryId, status: 'deleted' } });
  });
});

describe('static QR codes', () => {
  let qrId: string;
  it('creates a code that opens the checkout, and refuses invalid input and a read-only key', async () => {
    const res = await call(Q.staticQrs, {
      method: 'POST',
      json: { name: 'Counter 1', payment_provider_method: 'paynow_online', amount: 12.5, currency: 'sgd' },
      idempotencyKey: 'qr-1',
    });
    expect(res.statusCode).toBe(201);
    const qr = res.json() as { id: string; reference: string; qr_value: string };
    expectSchema(schema('post', Q.staticQrs, 201), qr);
    expect(qr).toMatchObject({ name: 'Counter 1', amount: 12.5, currency: 'sgd' });
    expect(qr.qr_value).toContain(qr.reference);
    qrId = qr.id;
    expect((await call(Q.staticQrs, { method: 'POST', json: { payment_provider_method: 'paynow_online' } })).json()).toMatchObject({
      errors: { name: expect.any(Array) },
    });
    expect((await call(Q.staticQrs, { method: 'POST', json: { name: 'X', amount: 5 } })).json()).toMatchObject({ errors: { currency: expect.any(Array) } });
    expect((await call(Q.staticQrs, { key: readKey, method: 'POST', json: { name: 'X' } })).statusCode).toBe(403);
  });

  it("lists, reads and updates codes of the key's business only", async () => {
    const list = await call(Q.staticQrs);
    expectSchema(schema('get', Q.staticQrs, 200), list.json());
    expect((list.json() as { data: { id: string }[] }).data.map((q) => q.id)).toEqual([qrId]);
    expectSchema(schema('get', Q.staticQr, 200), (await call(one(Q.staticQr, qrId))).json());
    notFound(await publicCall(t, one(Q.staticQr, qrId), { key: otherKey }), 'StaticQr', qrId);

    const updated = await call(one(Q.staticQr, qrId), { method: 'PUT', json: { amount: 0 } });
    expect(updated.statusCode).toBe(200);
    expectSchema(schema('put', Q.staticQr, 200), updated.json());
    expect(updated.json()).toMatchObject({ id: qrId, name: 'Counter 1', amount: 0 });
    notFound(await publicCall(t, one(Q.staticQr, qrId), { key: otherKey, method: 'PUT', json: { amount: 1, currency: 'sgd' } }), 'StaticQr', qrId);
    expect((await call(one(Q.staticQr, qrId), { method: 'PUT', json: { amount: 'ten' } })).json()).toMatchObject({ errors: { amount: expect.any(Array) } });
    expect((await call(one(Q.staticQr, qrId), { key: readKey, method: 'PUT', json: { amount: 1 } })).statusCode).toBe(403);
  });

  it('deletes a code (archived): later reads are 404', async () => {
    notFound(await publicCall(t, one(Q.staticQr, qrId), { key: otherKey, method: 'DELETE' }), 'StaticQr', qrId);
    expect((await call(one(Q.staticQr, qrId), { key: readKey, method: 'DELETE' })).statusCode).toBe(403);
    const res = await call(one(Q.staticQr, qrId), { method: 'DELETE' });
    expect(res.statusCode).toBe(200);
    expectSchema(schema('delete', Q.staticQr, 200), res.json());
    notFound(await call(one(Q.staticQr, qrId)), 'StaticQr', qrId);
  });
});

describe('webhook events', () => {
  let hookId: string;
  const webhook = 'App\\Business\\Webhook';
  it('creates an endpoint with its salt shown once, refusing private targets and unknown events', async () => {
    const body = { name: 'Orders', url: 'https://hooks.example.com/hitpay', event_types: ['charge.created', 'transfer.created'] };
    const res = await call(W.webhookEvents, { method: 'POST', json: body, idempotencyKey: 'wh-1' });
    expect(res.statusCode).toBe(201);
    const made = res.json() as { id: string; salt: string };
    expectSchema(schema('post', W.webhookEvents, 201), made);
    expect(made).toMatchObject({ business_id: biz.id, url: body.url, event_types: body.event_types });
    expect(made.salt).toMatch(/^[0-9a-f]{64}$/);
    hookId = made.id;
    const ssrf = await call(W.webhookEvents, { method: 'POST', json: { ...body, url: 'http://127.0.0.1/hook' } });
    expect(ssrf.statusCode).toBe(422);
    expect(Object.keys((ssrf.json() as { errors: object }).errors)).toEqual(['url']);
    const unknown = await call(W.webhookEvents, { method: 'POST', form: { ...body, event_types: ['invoice.updated'] } });
    expect(Object.keys((unknown.json() as { errors: object }).errors)).toEqual(['event_types.0']);
    expect((await call(W.webhookEvents, { key: readKey, method: 'POST', json: body })).statusCode).toBe(403);
  });

  it('lists, reads and updates, never showing the salt again', async () => {
    const list = await call(W.webhookEvents);
    expectSchema(schema('get', W.webhookEvents, 200), list.json());
    expect((list.json() as { id: string; salt?: string }[]).map((e) => [e.id, e.salt])).toEqual([[hookId, undefined]]);
    expectSchema(schema('get', W.webhookEvent, 200), (await call(one(W.webhookEvent, hookId))).json());
    notFound(await publicCall(t, one(W.webhookEvent, hookId), { key: otherKey }), webhook, hookId);
    const updated = await call(one(W.webhookEvent, hookId), { method: 'PUT', json: { event_types: ['order.created'] } });
    expect(updated.statusCode).toBe(200);
    expectSchema(schema('put', W.webhookEvent, 200), updated.json());
    expect(updated.json()).toMatchObject({ url: 'https://hooks.example.com/hitpay', event_types: ['order.created'] });
    expect(Object.keys((await call(one(W.webhookEvent, hookId), { method: 'PUT', json: { event_types: [] } })).json().errors as object)).toEqual([
      'event_types',
    ]);
    notFound(await publicCall(t, one(W.webhookEvent, hookId), { key: otherKey, method: 'PUT', json: { event_types: ['order.created'] } }), webhook, hookId);
    expect((await call(one(W.webhookEvent, hookId), { key: readKey, method: 'PUT', json: {} })).statusCode).toBe(403);
  });

  it('deletes an endpoint', async () => {
    notFound(await publicCall(t, one(W.webhookEvent, hookId), { key: otherKey, method: 'DELETE' }), webhook, hookId);
    expect((await call(one(W.webhookEvent, hookId), { key: readKey, method: 'DELETE' })).statusCode).toBe(403);
    expect((await call(one(W.webhookEvent, hookId), { method: 'DELETE' })).statusCode).toBe(204);
    notFound(await call(one(W.webhookEvent, hookId)), webhook, hookId);
  });
});

describe('what the product lacks, and the document', () => {
  it("answers virtual accounts and remitters 404 in HitPay's shape, with a key only", async () => {
    for (const [method, path] of [
      ['GET', P.virtualAccounts],
      ['POST', P.virtualAccounts],
      ['GET', one(P.virtualAccount, 'va-1')],
      ['GET', P.remitters],
      ['POST', P.remitters],
      ['GET', one(P.remitter, 'r-1')],
      ['DELETE', one(P.remitter, 'r-1')],
    ] as const) {
      const res = await call(path, { method, ...(method === 'POST' ? { json: {} } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(Object.keys(res.json() as object)).toEqual(['message']);
    }
    expect((await publicCall(t, P.remitters)).statusCode).toBe(401);
  });

  it("describes every operation with HitPay's operation id", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { host: `api.${t.config.baseDomain}` } })).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const ours = [...Object.values(P), ...Object.values(Q), ...Object.values(W)].map(inHitpayDocument);
    for (const path of ours) {
      expect(doc.paths[path], path).toBeDefined();
      for (const [method, operation] of Object.entries(doc.paths[path]!)) {
        expect(operation.operationId, `${method} ${path}`).toBe(hitpayDocument.paths[path]![method]!.operationId);
      }
    }
  });
});
