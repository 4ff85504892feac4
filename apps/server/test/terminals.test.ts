import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogEndpoints } from '@merchant/business';
import { locationEndpoints } from '@merchant/catalogue';
import { endpointPath } from '@merchant/core';
import { transactionEndpoints } from '@merchant/payments';
import { PAIRING_CODE_TTL_MS, READER_UNSEEN_AFTER_MS, terminalEndpoints as e, type Reader } from '@merchant/pos';
import { IDEMPOTENCY_LEASE_MS, TEST_CRASH_HEADER } from '../src/http/idempotency';
import { Agent, answerOf, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createLocation, pairReader, type FactoryBusiness } from './factories';

/**
 * Card terminals: orders of readers and their transitions, pairing codes (expiry, single use), location rules, the
 * unseen flag, payments on a reader (success, decline, PIN, cancel, idempotent replay, offline), roles.
 */
let t: TestContext;
let owner: Agent;
let cashier: Agent;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;
let keys = 0;
const key = () => `reader-payment-${++keys}`;

const inBusiness = () => ({ params: { business_id: business.id } });
const reader = (id: string) => ({ params: { business_id: business.id, reader_id: id } });
const order = (id: string) => ({ params: { business_id: business.id, terminal_order_id: id } });
const SHIPPING = { recipient: 'Ada Tan', line1: '1 Keong Saik Rd', line2: '', city: 'Singapore', state: null, postal_code: '089109' };
const CARD = (number: string) => ({ number, exp_month: 12, exp_year: 2030 });
const issuePaths = (body: { issues?: { path: string }[] }) => (body.issues ?? []).map((i) => i.path).sort();

const pendingSgd = async () => (await t.services.ledger.balances(t.database.db, business.id)).find((b) => b.currency === 'sgd')?.pending ?? 0;

async function collect(agent: Agent, readerId: string, amount: number, number: string, idempotencyKey = key()) {
  return agent.call(e.collectPayment, { ...reader(readerId), body: { amount, card: CARD(number) } }, { idempotencyKey });
}

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'], timeZone: 'Asia/Singapore' });
  owner = business.people.owner.agent;
  cashier = business.people.cashier.agent;
});
afterAll(() => t.close());

describe('terminal orders', () => {
  it('orders readers priced in the business’s currency, with a placed timeline and an audit entry', async () => {
    const made = await owner.ok(e.createOrder, {
      ...inBusiness(),
      body: {
        items: [
          { model: 'countertop_c1', quantity: 2 },
          { model: 'mobile_m2', quantity: 1 },
        ],
        shipping: SHIPPING,
      },
    });
    expect(made).toMatchObject({
      status: 'placed',
      reader_count: 3,
      items: [
        { model: 'countertop_c1', name: 'Countertop reader C1', quantity: 2, unit_price: { amount: 329_00, currency: 'sgd' }, amount: { amount: 658_00 } },
        { model: 'mobile_m2', quantity: 1, unit_price: { amount: 79_00, currency: 'sgd' }, amount: { amount: 79_00 } },
      ],
      total: { amount: 737_00, currency: 'sgd' },
      shipping: { ...SHIPPING, line2: null },
      tracking_number: null,
      timeline: [{ status: 'placed', tracking_number: null }],
    });
    expect(made.number).toMatch(/^TO-[0-9A-F]{8}$/);
    expect(await owner.ok(e.getOrder, order(made.id))).toEqual(made);
    const list = await owner.ok(e.listOrders, { ...inBusiness(), query: {} });
    expect(list.data.map((o) => o.id)).toContain(made.id);
    const audit = await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action: 'terminal_order.placed' } });
    expect(audit.data[0]).toMatchObject({ description: `Ordered 3 card readers (order ${made.number})` });
  });

  it('refuses an order without items, with a model twice, or without an address, field by field', async () => {
    const none = await owner.call(e.createOrder, { ...inBusiness(), body: { items: [], shipping: SHIPPING } });
    expect([none.status, issuePaths(failure(none))]).toEqual([422, ['items']]);
    const twice = await owner.call(e.createOrder, {
      ...inBusiness(),
      body: {
        items: [
          { model: 'mobile_m2', quantity: 1 },
          { model: 'mobile_m2', quantity: 2 },
        ],
        shipping: { ...SHIPPING, line1: '', postal_code: '' },
      },
    });
    expect([twice.status, issuePaths(failure(twice))]).toEqual([422, ['items.1.model', 'shipping.line1', 'shipping.postal_code']]);
    const unknown = answerOf(await owner.post(endpointPath(e.createOrder, inBusiness()), { items: [{ model: 'toaster', quantity: 0 }], shipping: SHIPPING }));
    expect([unknown.status, issuePaths(failure(unknown))]).toEqual([422, ['items.0.model', 'items.0.quantity']]);
  });

  it('moves placed -> processing -> shipped (with tracking) -> delivered; cancels only while placed', async () => {
    const body = { items: [{ model: 'mobile_m2' as const, quantity: 1 }], shipping: SHIPPING };
    const cancelled = await owner.ok(e.createOrder, { ...inBusiness(), body });
    t.clock.advance(60_000);
    expect(await owner.ok(e.cancelOrder, order(cancelled.id))).toMatchObject({
      status: 'cancelled',
      timeline: [{ status: 'placed' }, { status: 'cancelled' }],
    });
    const again = await owner.call(e.cancelOrder, order(cancelled.id));
    expect([again.status, failure(again).code]).toEqual([409, 'TERMINAL_ORDER_NOT_CHANGEABLE']);

    const made = await owner.ok(e.createOrder, { ...inBusiness(), body });
    await owner.ok(e.advanceOrder, { ...order(made.id), body: { status: 'processing' } });
    const late = await owner.call(e.cancelOrder, order(made.id));
    expect([late.status, failure(late).message]).toEqual([409, 'An order can be cancelled only while it is placed.']);
    const skipped = await owner.call(e.advanceOrder, { ...order(made.id), body: { status: 'delivered' } });
    expect([skipped.status, failure(skipped).code]).toEqual([409, 'TERMINAL_ORDER_NOT_CHANGEABLE']);
    const untracked = await owner.call(e.advanceOrder, { ...order(made.id), body: { status: 'shipped' } });
    expect([untracked.status, issuePaths(failure(untracked))]).toEqual([422, ['tracking_number']]);
    t.clock.advance(60_000);
    await owner.ok(e.advanceOrder, { ...order(made.id), body: { status: 'shipped', tracking_number: 'SG123456789' } });
    t.clock.advance(60_000);
    const delivered = await owner.ok(e.advanceOrder, { ...order(made.id), body: { status: 'delivered' } });
    expect(delivered).toMatchObject({ status: 'delivered', tracking_number: 'SG123456789' });
    expect(delivered.timeline.map((s) => [s.status, s.tracking_number])).toEqual([
      ['placed', null],
      ['processing', null],
      ['shipped', 'SG123456789'],
      ['delivered', null],
    ]);
    const missing = await owner.call(e.getOrder, order('00000000-0000-4000-8000-000000000000'));
    expect([missing.status, failure(missing).code]).toEqual([404, 'TERMINAL_ORDER_NOT_FOUND']);
  });
});

describe('pairing readers', () => {
  it('pairs the reader showing a code (typed in any case, with a dash), once; the code expires after 10 minutes', async () => {
    const shown = await owner.ok(e.simulatePairingCode, { ...inBusiness(), body: { model: 'mobile_m2' } });
    expect(shown.code).toMatch(/^[A-Z2-9]{8}$/);
    const location = await createLocation(owner, business.id);
    const typed = `${shown.code.slice(0, 4).toLowerCase()}-${shown.code.slice(4)}`;
    const paired = await owner.ok(e.pairReader, { ...inBusiness(), body: { code: typed, name: ' Front counter ', location_id: location.id } });
    expect(paired).toMatchObject({
      name: 'Front counter',
      model: 'mobile_m2',
      serial_number: shown.serial_number,
      status: 'paired',
      connection: 'online',
      location: { id: location.id, name: location.name, status: 'active' },
      unseen: false,
      can_take_payments: true,
    });
    const reused = await owner.call(e.pairReader, { ...inBusiness(), body: { code: shown.code, name: 'Again' } });
    expect([reused.status, failure(reused).issues]).toEqual([422, [{ path: 'code', message: 'This code was used already: ask the reader for a new one' }]]);

    const later = await owner.ok(e.simulatePairingCode, { ...inBusiness(), body: {} });
    t.clock.advance(PAIRING_CODE_TTL_MS);
    const expired = await owner.call(e.pairReader, { ...inBusiness(), body: { code: later.code, name: 'Late' } });
    expect([expired.status, failure(expired).issues?.[0]?.message]).toEqual([422, 'This code has expired: ask the reader for a new one']);
    const unknown = await owner.call(e.pairReader, { ...inBusiness(), body: { code: 'ZZZZZZZZ', name: 'Nobody' } });
    expect([unknown.status, failure(unknown).issues?.[0]?.path]).toEqual([422, 'code']);
    const short = await owner.call(e.pairReader, { ...inBusiness(), body: { code: 'ABC', name: '' } });
    expect([short.status, issuePaths(failure(short))]).toEqual([422, ['code', 'name']]);
  });

  it('a code of another business pairs nothing here', async () => {
    const other = await createBusiness(t);
    const theirs = await other.people.owner.agent.ok(e.simulatePairingCode, { params: { business_id: other.id }, body: {} });
    const refused = await owner.call(e.pairReader, { ...inBusiness(), body: { code: theirs.code, name: 'Stolen' } });
    expect([refused.status, failure(refused).issues?.[0]?.path]).toEqual([422, 'code']);
  });

  it('places a reader only at an active location of the business; renames, moves and takes it off its location', async () => {
    const archived = await createLocation(owner, business.id);
    await owner.ok(locationEndpoints.archive, { params: { business_id: business.id, location_id: archived.id } });
    const shown = await owner.ok(e.simulatePairingCode, { ...inBusiness(), body: {} });
    const atArchived = await owner.call(e.pairReader, { ...inBusiness(), body: { code: shown.code, name: 'Kiosk', location_id: archived.id } });
    expect([atArchived.status, failure(atArchived).issues]).toEqual([
      422,
      [{ path: 'location_id', message: 'This location is archived: choose an active one' }],
    ]);

    const made = await pairReader(owner, business.id, { locationId: null, name: 'Kiosk' });
    expect([made.location, made.can_take_payments]).toEqual([null, false]);
    const nowhere = await owner.call(e.updateReader, { ...reader(made.id), body: { location_id: '00000000-0000-4000-8000-000000000000' } });
    expect([nowhere.status, issuePaths(failure(nowhere))]).toEqual([422, ['location_id']]);
    const shop = await createLocation(owner, business.id);
    const moved = await owner.ok(e.updateReader, { ...reader(made.id), body: { name: 'Kiosk 2', location_id: shop.id } });
    expect(moved).toMatchObject({ name: 'Kiosk 2', location: { id: shop.id }, can_take_payments: true });
    const off = await owner.ok(e.updateReader, { ...reader(made.id), body: { location_id: null } });
    expect(off.location).toBeNull();
    const audit = await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action: 'terminal_reader.updated' } });
    expect(audit.data.map((a) => a.description)).toContain(`Changed the reader “Kiosk”: renamed it “Kiosk 2”, moved it to “${shop.name}”`);
  });

  it('flags a reader unseen for an hour; its heartbeat clears the flag', async () => {
    const made = await pairReader(owner, business.id);
    t.clock.advance(READER_UNSEEN_AFTER_MS - 1000);
    const flagOf = async (): Promise<Reader | undefined> => (await cashier.ok(e.listReaders, inBusiness())).data.find((r) => r.id === made.id);
    expect((await flagOf())?.unseen).toBe(false);
    t.clock.advance(1000);
    expect(await flagOf()).toMatchObject({ unseen: true, last_seen_at: made.last_seen_at });
    const beat = await cashier.ok(e.heartbeat, reader(made.id));
    expect([beat.unseen, beat.last_seen_at]).toEqual([false, t.clock.now().toISOString()]);
  });

  it('unpairs a reader: it leaves the list, takes no payment and cannot be changed', async () => {
    const made = await pairReader(owner, business.id);
    expect(await owner.ok(e.unpairReader, reader(made.id))).toMatchObject({ status: 'unpaired', can_take_payments: false });
    expect((await owner.ok(e.listReaders, inBusiness())).data.map((r) => r.id)).not.toContain(made.id);
    const renamed = await owner.call(e.updateReader, { ...reader(made.id), body: { name: 'Back' } });
    expect([renamed.status, failure(renamed).code]).toEqual([404, 'TERMINAL_READER_NOT_FOUND']);
    const paid = await collect(cashier, made.id, 10_00, '4242424242424242');
    expect([paid.status, failure(paid)]).toMatchObject([
      409,
      { code: 'TERMINAL_READER_UNAVAILABLE', message: 'This reader is no longer paired with the business.' },
    ]);
  });
});

describe('payments on a reader', () => {
  let readerId: string;
  beforeAll(async () => {
    readerId = (await pairReader(owner, business.id, { name: 'Till 1' })).id;
  });

  it('takes a card payment: a succeeded charge of the business, posted like the checkout’s, shown on the reader', async () => {
    const pendingBefore = await pendingSgd();
    const paid = await collect(cashier, readerId, 12_50, '4242424242424242');
    expect(paid.status).toBe(201);
    const answer = paid.body as { charge_id: string };
    expect(paid.body).toEqual({
      charge_id: expect.any(String),
      reader_id: readerId,
      status: 'succeeded',
      amount: { amount: 12_50, currency: 'sgd' },
      card: { brand: 'visa', last4: '4242' },
      failure: null,
      created_at: t.clock.now().toISOString(),
    });
    const charge = await owner.ok(transactionEndpoints.get, { params: { business_id: business.id, payment_id: answer.charge_id } });
    expect(charge.payment).toMatchObject({ status: 'succeeded', source: { type: 'pos' }, amount: { amount: 12_50, currency: 'sgd' } });
    // The ledger's charge and fee postings: the net is pending until settlement.
    expect(await pendingSgd()).toBe(pendingBefore + charge.payment.net.amount);
    const detail = await cashier.ok(e.getReader, reader(readerId));
    expect(detail.recent_payments[0]).toMatchObject({ charge_id: answer.charge_id, status: 'succeeded' });
    const audit = await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action: 'terminal_reader.payment_succeeded' } });
    expect(audit.data[0]).toMatchObject({ description: 'Took SGD 12.50 by card on the reader “Till 1”' });
  });

  it('a declined card charges nothing and says why', async () => {
    const pendingBefore = await pendingSgd();
    const declined = await collect(cashier, readerId, 20_00, '4000000000000002');
    expect(declined.status).toBe(201);
    expect(declined.body).toMatchObject({
      status: 'failed',
      failure: { code: 'card_declined', message: 'Your card was declined. Try another card or payment method.' },
    });
    const charge = await owner.ok(transactionEndpoints.get, {
      params: { business_id: business.id, payment_id: (declined.body as { charge_id: string }).charge_id },
    });
    expect(charge.payment.status).toBe('failed');
    expect(await pendingSgd()).toBe(pendingBefore);
  });

  it('the PIN card waits in requires_pin until the PIN is entered, or until it is cancelled', async () => {
    const asked = await collect(cashier, readerId, 30_00, '4000000000003220');
    expect(asked.body).toMatchObject({ status: 'requires_pin', failure: null });
    const pinned = { ...reader(readerId), params: { ...reader(readerId).params, payment_id: (asked.body as { charge_id: string }).charge_id } };
    const badPin = await cashier.call(e.enterPin, { ...pinned, body: { pin: '12' } });
    expect([badPin.status, issuePaths(failure(badPin))]).toEqual([422, ['pin']]);
    expect(await cashier.ok(e.enterPin, { ...pinned, body: { pin: '1234' } })).toMatchObject({ status: 'succeeded', charge_id: pinned.params.payment_id });
    const twice = await cashier.call(e.enterPin, { ...pinned, body: { pin: '1234' } });
    expect([twice.status, failure(twice).code]).toEqual([409, 'PAYMENT_NO_PENDING_ACTION']);

    const other = await collect(cashier, readerId, 31_00, '4000000000003220');
    const params = { ...reader(readerId).params, payment_id: (other.body as { charge_id: string }).charge_id };
    expect(await cashier.ok(e.cancelPayment, { params })).toMatchObject({ status: 'cancelled', failure: { code: 'authentication_failed' } });
    const charge = await owner.ok(transactionEndpoints.get, { params: { business_id: business.id, payment_id: params.payment_id } });
    expect(charge.payment.status).toBe('failed');
    const afterCancel = await cashier.call(e.enterPin, { params, body: { pin: '1234' } });
    expect([afterCancel.status, failure(afterCancel).code]).toEqual([409, 'PAYMENT_NO_PENDING_ACTION']);
    const detail = await cashier.ok(e.getReader, reader(readerId));
    expect(detail.recent_payments.find((p) => p.charge_id === params.payment_id)?.status).toBe('cancelled');
    const elsewhere = await cashier.call(e.enterPin, { params: { ...params, reader_id: (await pairReader(owner, business.id)).id }, body: { pin: '1234' } });
    expect([elsewhere.status, failure(elsewhere).code]).toEqual([404, 'PAYMENT_NOT_FOUND']);
  });

  it('a retry with the same Idempotency-Key answers the first payment again and charges once', async () => {
    const before = (await cashier.ok(e.getReader, reader(readerId))).recent_payments.length;
    const idempotencyKey = key();
    const first = await collect(cashier, readerId, 5_00, '4242424242424242', idempotencyKey);
    const again = await collect(cashier, readerId, 5_00, '4242424242424242', idempotencyKey);
    expect([again.status, again.body, again.headers['idempotent-replayed']]).toEqual([201, first.body, 'true']);
    const after = (await cashier.ok(e.getReader, reader(readerId))).recent_payments;
    expect(after.length).toBe(Math.min(before + 1, 10));
    expect(after.filter((p) => p.charge_id === (first.body as { charge_id: string }).charge_id)).toHaveLength(1);
  });

  it('a request cut before its outcome commits is resumed by its retry with the key: one payment, one charge', async () => {
    const url = endpointPath(e.collectPayment, reader(readerId));
    const body = { amount: 7_00, card: CARD('4242424242424242') };
    const early = { 'idempotency-key': key() };
    const died = await cashier.request('POST', url, body, { ...early, [TEST_CRASH_HEADER]: 'before-commit' });
    expect(died.statusCode).toBe(500);
    const busy = await cashier.request('POST', url, body, early);
    expect([busy.statusCode, busy.json().code]).toEqual([409, 'IDEMPOTENCY_REQUEST_IN_FLIGHT']);
    t.clock.advance(IDEMPOTENCY_LEASE_MS);
    const ran = await cashier.request('POST', url, body, early);
    expect([ran.statusCode, ran.json().status, ran.headers['idempotent-replayed']]).toEqual([201, 'succeeded', undefined]);
    const sevens = (await cashier.ok(e.getReader, reader(readerId))).recent_payments.filter((p) => p.amount.amount === 7_00);
    expect(sevens.map((p) => [p.charge_id, p.status])).toEqual([[ran.json().charge_id, 'succeeded']]);

    const late = { 'idempotency-key': key() };
    await cashier.request('POST', url, { ...body, amount: 8_00 }, { ...late, [TEST_CRASH_HEADER]: 'after-commit' });
    const recovered = await cashier.request('POST', url, { ...body, amount: 8_00 }, late);
    expect([recovered.statusCode, recovered.json().status, recovered.headers['idempotent-replayed']]).toEqual([201, 'succeeded', 'true']);
  });

  it('refuses on a reader that is offline, at no location or at an archived one, and amounts outside the card’s limits', async () => {
    const made = await pairReader(owner, business.id);
    await owner.ok(e.simulateConnection, { ...reader(made.id), body: { connection: 'offline' } });
    const offline = await collect(cashier, made.id, 10_00, '4242424242424242');
    expect([offline.status, failure(offline).message]).toEqual([409, 'The reader is offline: check that it is on and connected, then try again.']);
    expect(await owner.ok(e.simulateConnection, { ...reader(made.id), body: { connection: 'online' } })).toMatchObject({
      connection: 'online',
      can_take_payments: true,
    });

    const location = made.location!;
    await owner.ok(locationEndpoints.archive, { params: { business_id: business.id, location_id: location.id } });
    const archived = await collect(cashier, made.id, 10_00, '4242424242424242');
    expect([archived.status, failure(archived).code]).toEqual([409, 'TERMINAL_READER_UNAVAILABLE']);
    await owner.ok(e.updateReader, { ...reader(made.id), body: { location_id: null } });
    const nowhere = await collect(cashier, made.id, 10_00, '4242424242424242');
    expect(failure(nowhere).message).toBe('Assign this reader to a location before taking payments on it.');

    const tiny = await collect(cashier, readerId, 1, '4242424242424242');
    expect([tiny.status, failure(tiny).code, issuePaths(failure(tiny))]).toEqual([422, 'PAYMENT_AMOUNT_OUTSIDE_LIMITS', ['amount']]);
    const luhn = await collect(cashier, readerId, 10_00, '4242424242424241');
    expect([luhn.status, failure(luhn).code, issuePaths(failure(luhn))]).toEqual([422, 'PAYMENT_CARD_INVALID', ['card.number']]);
  });
});

describe('roles', () => {
  it('a cashier takes payments and sees readers, but orders, pairs and changes nothing; a stranger sees nothing', async () => {
    const made = await pairReader(owner, business.id);
    expect((await cashier.ok(e.listReaders, inBusiness())).data.map((r) => r.id)).toContain(made.id);
    for (const refused of [
      await cashier.call(e.simulatePairingCode, { ...inBusiness(), body: {} }),
      await cashier.call(e.pairReader, { ...inBusiness(), body: { code: 'ABCDEFGH', name: 'x' } }),
      await cashier.call(e.updateReader, { ...reader(made.id), body: { name: 'x' } }),
      await cashier.call(e.unpairReader, reader(made.id)),
      await cashier.call(e.createOrder, { ...inBusiness(), body: { items: [{ model: 'mobile_m2', quantity: 1 }], shipping: SHIPPING } }),
      await cashier.call(e.listOrders, { ...inBusiness(), query: {} }),
    ]) {
      expect([refused.status, failure(refused).code]).toEqual([403, 'FORBIDDEN']);
    }
    const manager = business.people.manager.agent;
    expect(await manager.ok(e.updateReader, { ...reader(made.id), body: { name: 'Managed' } })).toMatchObject({ name: 'Managed' });
    const stranger = (await createBusiness(t)).people.owner.agent;
    const hidden = await stranger.call(e.getReader, reader(made.id));
    expect(hidden.status).toBe(404);
  });
});
