import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { endpointPath, localDate } from '@merchant/core';
import { businessEndpoints } from '@merchant/business';
import { balanceEndpoints, beneficiaryEndpoints, transferEndpoints, transferFee, type Beneficiary } from '@merchant/payments';
import { auditLogs, beneficiaries, ledgerEntries, transfers } from '../src/db/schema';
import { createTestContext, failure, mailbox, type TestContext } from './harness';
import { addBeneficiary, createBusiness, fundAvailable, sgBeneficiary, type FactoryBusiness, type Person } from './factories';

/**
 * Send money (docs/payments.md, "send money"): beneficiaries checked as bank accounts are, quotes that expire,
 * transfers that never spend more than is available, the test-mode bank, approvals above the threshold by a
 * second person, the sidebar's count, the history's filters and CSV, the feature flag and who may do it.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;
let owner: Person;
let manager: Person;
let payee: Beneficiary;

const params = (b: { id: string } = business) => ({ business_id: b.id });
const FLAT = transferFee(1, 'sgd', 'sgd');

async function available(b: { id: string } = business, currency = 'sgd'): Promise<number> {
  const overview = await owner.agent.ok(transferEndpoints.overview, { params: params(b) });
  return overview.balances.find((x) => x.currency === currency)?.available.amount ?? 0;
}

async function send(person: Person, body: Record<string, unknown>, key?: string) {
  return person.agent.call(
    transferEndpoints.create,
    { params: params(), body: { beneficiary_id: payee.id, ...body } as never },
    key ? { idempotencyKey: key } : {},
  );
}

/** Every ledger transaction of the business balances: entries sum to zero per currency. */
async function ledgerBalances(businessId: string): Promise<void> {
  const rows = await t.database.db
    .select({ tx: ledgerEntries.transactionId, currency: ledgerEntries.currency, sum: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.businessId, businessId))
    .groupBy(ledgerEntries.transactionId, ledgerEntries.currency);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(Number(row.sum)).toBe(0);
}

async function audited(action: string, objectId: string): Promise<number> {
  const rows = await t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.objectId, objectId)));
  return rows.length;
}

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'], flags: { features: { send_money: true } } });
  owner = business.people.owner;
  manager = business.people.manager;
  payee = await addBeneficiary(business.id, owner);
});
afterAll(() => t.close());

describe('beneficiaries', () => {
  it('adds local and overseas beneficiaries checked by the bank accounts rules, answered masked and audited', async () => {
    const local = await addBeneficiary(business.id, manager, sgBeneficiary({ holder_name: 'Lim Hardware', account_number: '9876543210' }));
    expect(local).toMatchObject({ type: 'local', status: 'active', account_last4: '3210', currency: 'sgd' });
    expect(JSON.stringify(local)).not.toContain('9876543210');
    expect(await audited('beneficiary.created', local.id)).toBe(1);
    const overseas = await manager.agent.ok(beneficiaryEndpoints.create, {
      params: params(),
      body: {
        type: 'cross_border',
        holder_name: 'Müller GmbH',
        bank_name: 'Deutsche Bank',
        country: 'de',
        currency: 'eur',
        swift_code: 'DEUTDEFF',
        account_number: 'DE89 3704 0044 0532 0130 00',
      },
    });
    expect(overseas).toMatchObject({ type: 'cross_border', is_iban: true, account_last4: '3000', currency: 'eur' });
  });

  it('refuses bad bank details with the bank accounts field messages', async () => {
    const bad = await owner.agent.call(beneficiaryEndpoints.create, {
      params: params(),
      body: sgBeneficiary({ bank_code: '71', account_number: '12' }),
    });
    expect(bad.status).toBe(422);
    expect(
      failure(bad)
        .issues?.map((i) => i.path)
        .sort(),
    ).toEqual(['account_number', 'bank_code']);
    const abroad = await owner.agent.call(beneficiaryEndpoints.create, {
      params: params(),
      body: { type: 'cross_border', holder_name: 'X', bank_name: 'Y', country: 'de', currency: 'eur', swift_code: 'DEUTDEFF', account_number: 'DE00 1234' },
    });
    expect(failure(abroad).issues?.[0]?.path).toBe('account_number');
    const wrongCountry = await owner.agent.call(beneficiaryEndpoints.create, {
      params: params(),
      body: { ...sgBeneficiary(), type: 'local', country: 'my', currency: 'myr', account_number: '5140123456' },
    });
    expect([wrongCountry.status, failure(wrongCountry).issues?.[0]?.path]).toEqual([422, 'country']);
  });

  it('an edit that leaves out the email or a label keeps its saved value; null or blank clears it; the full form sets all', async () => {
    const labelled = await owner.agent.ok(beneficiaryEndpoints.create, {
      params: params(),
      body: sgBeneficiary({ holder_name: 'Labelled Supplier', email: 'pay@supplier.example', nickname: 'Flour', remark: 'Mondays', is_favourite: true }),
    });
    const at = { ...params(), beneficiary_id: labelled.id };
    // Only the bank details (as a client without the newer fields sends them): the labels stay.
    const bankOnly = await owner.agent.ok(beneficiaryEndpoints.update, {
      params: at,
      body: { ...sgBeneficiary({ holder_name: 'Renamed Supplier' }), account_number: '' },
    });
    expect(bankOnly).toMatchObject({
      holder_name: 'Renamed Supplier',
      email: 'pay@supplier.example',
      nickname: 'Flour',
      remark: 'Mondays',
      is_favourite: true,
    });
    // One label sent: that one changes, the others stay.
    const oneLabel = await owner.agent.ok(beneficiaryEndpoints.update, { params: at, body: { ...sgBeneficiary(), account_number: '', remark: 'Fridays' } });
    expect(oneLabel).toMatchObject({ email: 'pay@supplier.example', nickname: 'Flour', remark: 'Fridays', is_favourite: true });
    // Null and blank clear; false unmarks.
    const cleared = await owner.agent.ok(beneficiaryEndpoints.update, {
      params: at,
      body: { ...sgBeneficiary(), account_number: '', email: '', nickname: null, remark: '', is_favourite: false },
    });
    expect(cleared).toMatchObject({ email: null, nickname: null, remark: null, is_favourite: false });
    // The dashboard's form sends every field: all of them are set.
    const full = await owner.agent.ok(beneficiaryEndpoints.update, {
      params: at,
      body: { ...sgBeneficiary(), account_number: '', email: 'ap@supplier.example', nickname: 'Flour mill', remark: 'Net 30', is_favourite: true },
    });
    expect(full).toMatchObject({ email: 'ap@supplier.example', nickname: 'Flour mill', remark: 'Net 30', is_favourite: true });
    const [row] = await t.database.db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.businessId, business.id), eq(beneficiaries.id, labelled.id)));
    expect(row).toMatchObject({ email: 'ap@supplier.example', nickname: 'Flour mill', remark: 'Net 30', isFavourite: true });
    // A bad label is still a field error.
    const bad = await owner.agent.call(beneficiaryEndpoints.update, {
      params: at,
      body: { ...sgBeneficiary(), account_number: '', nickname: 'x'.repeat(256) },
    });
    expect([bad.status, failure(bad).issues?.[0]?.path]).toEqual([422, 'nickname']);
  });

  it('lists with search and pages, edits keeping the number, and closes on delete', async () => {
    const name = 'Searchable Tailor';
    const tailor = await addBeneficiary(business.id, owner, sgBeneficiary({ holder_name: name, account_number: '5555444433' }));
    const found = await owner.agent.ok(beneficiaryEndpoints.list, { params: params(), query: { q: 'searchable' } });
    expect(found.data.map((b) => b.id)).toEqual([tailor.id]);
    expect((await owner.agent.ok(beneficiaryEndpoints.list, { params: params(), query: { q: '4433' } })).data.map((b) => b.id)).toEqual([tailor.id]);
    const first = await owner.agent.ok(beneficiaryEndpoints.list, { params: params(), query: { limit: 1 } });
    expect(first.data).toHaveLength(1);
    const second = await owner.agent.ok(beneficiaryEndpoints.list, { params: params(), query: { limit: 1, cursor: first.next_cursor! } });
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);

    const edited = await owner.agent.ok(beneficiaryEndpoints.update, {
      params: { ...params(), beneficiary_id: tailor.id },
      body: { ...sgBeneficiary({ holder_name: 'Renamed Tailor' }), account_number: '' },
    });
    expect(edited).toMatchObject({ holder_name: 'Renamed Tailor', account_last4: '4433' });

    const closed = await owner.agent.ok(beneficiaryEndpoints.remove, { params: { ...params(), beneficiary_id: tailor.id } });
    expect(closed.status).toBe('closed');
    expect(await audited('beneficiary.closed', tailor.id)).toBe(1);
    const active = await owner.agent.ok(beneficiaryEndpoints.list, { params: params(), query: { q: 'Renamed' } });
    expect(active.data).toEqual([]);
    const all = await owner.agent.ok(beneficiaryEndpoints.list, { params: params(), query: { q: 'Renamed', status: 'closed' } });
    expect(all.data.map((b) => b.id)).toEqual([tailor.id]);
    const edit = await owner.agent.call(beneficiaryEndpoints.update, { params: { ...params(), beneficiary_id: tailor.id }, body: sgBeneficiary() });
    expect(failure(edit).code).toBe('BENEFICIARY_CLOSED');

    // A closed beneficiary cannot receive.
    await fundAvailable(t, business.id, 50_00);
    const refused = await owner.agent.call(transferEndpoints.create, { params: params(), body: { beneficiary_id: tailor.id, amount: 10_00 } });
    expect([refused.status, failure(refused).code, failure(refused).issues?.[0]?.path]).toEqual([422, 'BENEFICIARY_CLOSED', 'beneficiary_id']);
  });

  it("answers 404 for another business's beneficiary", async () => {
    const other = await createBusiness(t, { flags: { features: { send_money: true } } });
    const res = await other.people.owner.agent.call(beneficiaryEndpoints.get, { params: { business_id: other.id, beneficiary_id: payee.id } });
    expect([res.status, failure(res).code]).toEqual([404, 'BENEFICIARY_NOT_FOUND']);
  });
});

describe('quotes', () => {
  it('prices the same currency at 1 with the flat fee, and another currency by the rate table with 0.5% more', async () => {
    await fundAvailable(t, business.id, 300_00);
    const same = await owner.agent.ok(transferEndpoints.quote, {
      params: params(),
      body: { source_currency: 'sgd', target_currency: 'sgd', send_amount: 100_00 },
    });
    expect(same).toMatchObject({ rate: '1', send: { amount: 100_00 }, receive: { amount: 100_00 }, fee: { amount: FLAT }, total: { amount: 100_00 + FLAT } });
    const usd = await owner.agent.ok(transferEndpoints.quote, {
      params: params(),
      body: { source_currency: 'sgd', target_currency: 'usd', send_amount: 135_00 },
    });
    expect(usd).toMatchObject({ rate: '0.740741', receive: { amount: 100_00, currency: 'usd' }, fee: { amount: 1_00 + 68 } });
    expect(new Date(usd.expires_at).getTime() - new Date(usd.created_at).getTime()).toBe(5 * 60 * 1000);
    const receive = await owner.agent.ok(transferEndpoints.quote, {
      params: params(),
      body: { source_currency: 'sgd', target_currency: 'usd', receive_amount: 100_00 },
    });
    expect(receive.receive.amount).toBe(100_00);
    expect(receive.send.amount).toBe(135_00);
  });

  it('refuses zero, negative, both or neither amount, and a pair without a rate', async () => {
    const base = { source_currency: 'sgd', target_currency: 'usd' };
    for (const body of [
      { ...base, send_amount: 0 },
      { ...base, send_amount: -5 },
      { ...base, send_amount: 1.5 },
      { ...base },
      { ...base, send_amount: 1, receive_amount: 1 },
      { ...base, target_currency: 'chf', send_amount: 100 },
    ]) {
      const res = await owner.agent.post(endpointPath(transferEndpoints.quote, { params: params() }), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('quotes against the balance and the approval rule', () => {
  it('refuses, with a field error and before any Send, a quote whose amount and fee exceed the available balance', async () => {
    const b = await createBusiness(t, { flags: { features: { send_money: true } } });
    await fundAvailable(t, b.id, 50_00);
    const quote = (body: Record<string, unknown>) =>
      b.people.owner.agent.call(transferEndpoints.quote, { params: { business_id: b.id }, body: { source_currency: 'sgd', ...body } as never });
    const over = await quote({ target_currency: 'sgd', send_amount: 50_00 });
    expect(over.status).toBe(422);
    expect(failure(over)).toMatchObject({ code: 'TRANSFER_INSUFFICIENT_FUNDS', issues: [{ path: 'send_amount' }] });
    expect(failure(over).issues![0]!.message).toContain('SGD 50.00');
    const overByReceive = await quote({ target_currency: 'usd', receive_amount: 40_00 });
    expect(failure(overByReceive)).toMatchObject({ code: 'TRANSFER_INSUFFICIENT_FUNDS', issues: [{ path: 'receive_amount' }] });
    const exact = await quote({ target_currency: 'sgd', send_amount: 50_00 - FLAT });
    expect(exact.status).toBe(201);
    // A currency the business holds nothing of has nothing available.
    const none = await quote({ source_currency: 'usd', target_currency: 'usd', send_amount: 1_00 });
    expect(failure(none)).toMatchObject({ code: 'TRANSFER_INSUFFICIENT_FUNDS', issues: [{ path: 'send_amount' }] });
  });

  it('says whether the transfer will wait for approval, by the threshold, as the transfer then does', async () => {
    const b = await createBusiness(t, { staff: ['manager'], flags: { features: { send_money: true } } });
    await fundAvailable(t, b.id, 1_000_00);
    const p = { business_id: b.id };
    const quoteBy = (who: Person, send_amount: number, target_currency = 'sgd') =>
      who.agent.ok(transferEndpoints.quote, { params: p, body: { source_currency: 'sgd', target_currency, send_amount } });
    expect((await quoteBy(b.people.manager, 500_00)).needs_approval).toBe(false);
    await b.people.owner.agent.ok(transferEndpoints.saveSettings, { params: p, body: { approval_threshold: 100_00 } });
    expect((await quoteBy(b.people.manager, 100_00)).needs_approval).toBe(false);
    const above = await quoteBy(b.people.manager, 100_01);
    expect(above.needs_approval).toBe(true);
    // The owner is held by the same rule: a second person reviews every transfer above the threshold.
    expect((await quoteBy(b.people.owner, 100_01)).needs_approval).toBe(true);
    // Converted into the business currency first: USD 80 costs SGD 108, above the threshold.
    expect((await quoteBy(b.people.manager, 108_00, 'usd')).needs_approval).toBe(true);
    const payeeOfB = await addBeneficiary(b.id, b.people.owner);
    const sent = await b.people.manager.agent.ok(transferEndpoints.create, { params: p, body: { beneficiary_id: payeeOfB.id, quote_id: above.id } });
    expect(sent).toMatchObject({ status: 'awaiting_review', needs_approval: true });
  });
});

describe('transfers', () => {
  it('sends in the same currency: available drops by amount and fee, the bank completes it, the ledger balances', async () => {
    await fundAvailable(t, business.id, 200_00);
    const before = await available();
    const sent = await send(manager, { amount: 40_00, reference: 'Invoice 17' }, 'first-transfer');
    expect(sent.status).toBe(201);
    const transfer = sent.ok ? sent.body : null;
    expect(transfer).toMatchObject({ status: 'processing', needs_approval: false, send: { amount: 40_00 }, fee: { amount: FLAT }, reference: 'Invoice 17' });
    expect(await available()).toBe(before - 40_00 - FLAT);
    // The same key replays the first answer and moves nothing more.
    const replay = await send(manager, { amount: 40_00, reference: 'Invoice 17' }, 'first-transfer');
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(await available()).toBe(before - 40_00 - FLAT);

    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const detail = await owner.agent.ok(transferEndpoints.get, { params: { ...params(), transfer_id: transfer!.id } });
    expect(detail.transfer.status).toBe('completed');
    expect(detail.events.map((e) => e.type)).toEqual(['created', 'processing', 'completed']);
    expect(await available()).toBe(before - 40_00 - FLAT);
    expect(await audited('transfer.created', transfer!.id)).toBe(1);
    await ledgerBalances(business.id);
  });

  it('sends through a quote into the beneficiary currency, and refuses an expired, used or mismatched quote', async () => {
    const eurPayee = await addBeneficiary(business.id, owner, {
      type: 'cross_border',
      holder_name: 'Paris Supplier',
      bank_name: 'BNP Paribas',
      country: 'fr',
      currency: 'eur',
      swift_code: 'BNPAFRPP',
      account_number: 'FR14 2004 1010 0505 0001 3M02 606',
    });
    await fundAvailable(t, business.id, 100_00);
    const quote = await owner.agent.ok(transferEndpoints.quote, {
      params: params(),
      body: { source_currency: 'sgd', target_currency: 'eur', send_amount: 20_00 },
    });
    const sent = await owner.agent.ok(transferEndpoints.create, { params: params(), body: { beneficiary_id: eurPayee.id, quote_id: quote.id } });
    expect(sent).toMatchObject({ send: quote.send, receive: quote.receive, fee: quote.fee, rate: quote.rate });
    const again = await owner.agent.call(transferEndpoints.create, { params: params(), body: { beneficiary_id: eurPayee.id, quote_id: quote.id } });
    expect([failure(again).code, failure(again).issues?.[0]?.path]).toEqual(['TRANSFER_QUOTE_EXPIRED', 'quote_id']);

    const mismatch = await owner.agent.ok(transferEndpoints.quote, {
      params: params(),
      body: { source_currency: 'sgd', target_currency: 'usd', send_amount: 1_00 },
    });
    const wrong = await owner.agent.call(transferEndpoints.create, { params: params(), body: { beneficiary_id: eurPayee.id, quote_id: mismatch.id } });
    expect([wrong.status, failure(wrong).issues?.[0]?.path]).toEqual([422, 'quote_id']);

    const late = await owner.agent.ok(transferEndpoints.quote, {
      params: params(),
      body: { source_currency: 'sgd', target_currency: 'eur', send_amount: 1_00 },
    });
    const before = await available();
    t.clock.advance(5 * 60 * 1000);
    const expired = await owner.agent.call(transferEndpoints.create, { params: params(), body: { beneficiary_id: eurPayee.id, quote_id: late.id } });
    expect([expired.status, failure(expired).code]).toEqual([422, 'TRANSFER_QUOTE_EXPIRED']);
    expect(await available()).toBe(before);
    const unknown = await owner.agent.call(transferEndpoints.create, {
      params: params(),
      body: { beneficiary_id: eurPayee.id, quote_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(failure(unknown).code).toBe('TRANSFER_QUOTE_NOT_FOUND');
  });

  it('refuses zero, negative, fractional and more-than-available amounts and moves nothing', async () => {
    const before = await available();
    for (const amount of [0, -100, 1.5, 'ten']) {
      const res = await owner.agent.post(endpointPath(transferEndpoints.create, { params: params() }), { beneficiary_id: payee.id, amount });
      expect(res.statusCode, String(amount)).toBe(422);
    }
    const over = await send(owner, { amount: before - FLAT + 1 });
    expect([over.status, failure(over).code, failure(over).issues?.[0]?.path]).toEqual([422, 'TRANSFER_INSUFFICIENT_FUNDS', 'amount']);
    expect(await available()).toBe(before);
  });

  it('the test bank returns a transfer to the failing account number: amount and fee are available again', async () => {
    const failing = await addBeneficiary(business.id, owner, sgBeneficiary({ account_number: '1234560002' }));
    const before = await available();
    const sent = await owner.agent.ok(transferEndpoints.create, { params: params(), body: { beneficiary_id: failing.id, amount: 5_00 } });
    expect(await available()).toBe(before - 5_00 - FLAT);
    await t.app.jobs.runDue();
    const detail = await owner.agent.ok(transferEndpoints.get, { params: { ...params(), transfer_id: sent.id } });
    expect(detail.transfer).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('returned') });
    expect(detail.events.map((e) => e.type)).toEqual(['created', 'processing', 'failed']);
    expect(await available()).toBe(before);
    await ledgerBalances(business.id);
  });
});

describe('approvals', () => {
  it('only settings:manage sets the threshold; a manager is refused', async () => {
    const refused = await manager.agent.call(transferEndpoints.saveSettings, { params: params(), body: { approval_threshold: 100_00 } });
    expect(refused.status).toBe(403);
    const saved = await owner.agent.ok(transferEndpoints.saveSettings, { params: params(), body: { approval_threshold: 100_00 } });
    expect(saved.approval_threshold).toEqual({ amount: 100_00, currency: 'sgd' });
    const bad = await owner.agent.put(endpointPath(transferEndpoints.saveSettings, { params: params() }), { approval_threshold: 0 });
    expect(bad.statusCode).toBe(422);
  });

  it("holds a manager's transfer above the threshold until someone else approves it; the sidebar counts it", async () => {
    await fundAvailable(t, business.id, 300_00);
    const before = await available();
    const atThreshold = await manager.agent.ok(transferEndpoints.create, { params: params(), body: { beneficiary_id: payee.id, amount: 100_00 } });
    expect(atThreshold.status).toBe('processing');
    const held = await manager.agent.ok(transferEndpoints.create, { params: params(), body: { beneficiary_id: payee.id, amount: 100_01 } });
    expect(held).toMatchObject({ status: 'awaiting_review', needs_approval: true, requested_by: { id: manager.id } });
    // Held on the available balance: it cannot be spent twice.
    expect(await available()).toBe(before - 100_00 - FLAT - 100_01 - FLAT);
    expect((await owner.agent.ok(businessEndpoints.get, { params: params() })).transfers_awaiting_review).toBe(1);
    // The dot is for whom can approve: not its requester, nor a cashier, who cannot send money.
    expect((await manager.agent.ok(businessEndpoints.get, { params: params() })).transfers_awaiting_review).toBe(0);
    expect((await business.people.cashier.agent.ok(businessEndpoints.get, { params: params() })).transfers_awaiting_review).toBe(0);
    const overview = await owner.agent.ok(transferEndpoints.overview, { params: params() });
    expect(overview.awaiting_review.map((x) => x.id)).toEqual([held.id]);

    const self = await manager.agent.call(transferEndpoints.approve, { params: { ...params(), transfer_id: held.id } });
    expect([self.status, failure(self).code]).toEqual([403, 'TRANSFER_SELF_REVIEW']);
    const selfReject = await manager.agent.call(transferEndpoints.reject, { params: { ...params(), transfer_id: held.id } });
    expect(failure(selfReject).code).toBe('TRANSFER_SELF_REVIEW');
    const cashier = await business.people.cashier.agent.call(transferEndpoints.approve, { params: { ...params(), transfer_id: held.id } });
    expect(cashier.status).toBe(403);

    const approved = await owner.agent.ok(transferEndpoints.approve, { params: { ...params(), transfer_id: held.id } });
    expect(approved).toMatchObject({ status: 'processing', reviewed_by: { id: owner.id } });
    expect(await available()).toBe(before - 100_00 - FLAT - 100_01 - FLAT);
    expect((await owner.agent.ok(businessEndpoints.get, { params: params() })).transfers_awaiting_review).toBe(0);
    expect(await audited('transfer.approved', held.id)).toBe(1);
    const twice = await business.people.admin.agent.call(transferEndpoints.approve, { params: { ...params(), transfer_id: held.id } });
    expect([twice.status, failure(twice).code]).toEqual([409, 'TRANSFER_NOT_REVIEWABLE']);
    await t.app.jobs.runDue();
    const detail = await owner.agent.ok(transferEndpoints.get, { params: { ...params(), transfer_id: held.id } });
    expect(detail.events.map((e) => e.type)).toEqual(['created', 'awaiting_review', 'approved', 'processing', 'completed']);
    await ledgerBalances(business.id);
  });

  it('reject and cancel return the held funds, audited', async () => {
    await fundAvailable(t, business.id, 500_00);
    const before = await available();
    const first = await manager.agent.ok(transferEndpoints.create, { params: params(), body: { beneficiary_id: payee.id, amount: 150_00 } });
    const second = await manager.agent.ok(transferEndpoints.create, { params: params(), body: { beneficiary_id: payee.id, amount: 160_00 } });
    expect(await available()).toBe(before - 150_00 - 160_00 - 2 * FLAT);
    const rejected = await business.people.admin.agent.ok(transferEndpoints.reject, { params: { ...params(), transfer_id: first.id } });
    expect(rejected).toMatchObject({ status: 'cancelled', failure_reason: expect.stringContaining('Rejected') });
    const cancelled = await manager.agent.ok(transferEndpoints.cancel, { params: { ...params(), transfer_id: second.id } });
    expect(cancelled.status).toBe('cancelled');
    expect(await available()).toBe(before);
    expect(await audited('transfer.rejected', first.id)).toBe(1);
    expect(await audited('transfer.cancelled', second.id)).toBe(1);
    const again = await owner.agent.call(transferEndpoints.cancel, { params: { ...params(), transfer_id: second.id } });
    expect(failure(again).code).toBe('TRANSFER_NOT_REVIEWABLE');
    await ledgerBalances(business.id);
  });
});

describe('history', () => {
  it('filters by status, beneficiary, amount and dates, pages, and exports the filtered view as CSV', async () => {
    const all = await owner.agent.ok(transferEndpoints.list, { params: params(), query: { limit: 100 } });
    expect(all.data.length).toBeGreaterThanOrEqual(5);
    const cancelled = await owner.agent.ok(transferEndpoints.list, { params: params(), query: { status: 'cancelled' } });
    expect(cancelled.data.length).toBe(2);
    expect(cancelled.data.every((x) => x.status === 'cancelled')).toBe(true);
    const ranged = await owner.agent.ok(transferEndpoints.list, { params: params(), query: { min_amount: 150_00, max_amount: 160_00 } });
    expect(ranged.data.map((x) => x.send.amount).sort()).toEqual([150_00, 160_00]);
    const mine = await owner.agent.ok(transferEndpoints.list, { params: params(), query: { beneficiary_id: payee.id, limit: 100 } });
    expect(mine.data.every((x) => x.beneficiary.id === payee.id)).toBe(true);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await owner.agent.ok(transferEndpoints.list, { params: params(), query: { from: today, to: today, limit: 100 } })).data.length).toBe(
      all.data.length,
    );
    expect((await owner.agent.ok(transferEndpoints.list, { params: params(), query: { to: '2026-10-01' } })).data).toEqual([]);
    // The days are the business's: in Honolulu (UTC-10) this morning's transfers were made the evening before.
    const zone = async (time_zone: string) => owner.agent.ok(businessEndpoints.update, { params: { business_id: business.id }, body: { time_zone } });
    await zone('Pacific/Honolulu');
    const honolulu = localDate(t.clock.now(), 'Pacific/Honolulu');
    expect(honolulu).not.toBe(today);
    const onDay = async (day: string) => (await owner.agent.ok(transferEndpoints.list, { params: params(), query: { from: day, to: day, limit: 100 } })).data;
    expect((await onDay(honolulu)).length).toBe(all.data.length);
    expect(await onDay(today)).toEqual([]);
    await zone('UTC');
    const page = await owner.agent.ok(transferEndpoints.list, { params: params(), query: { limit: 2 } });
    const next = await owner.agent.ok(transferEndpoints.list, { params: params(), query: { limit: 2, cursor: page.next_cursor! } });
    expect(next.data.map((x) => x.id)).toEqual(all.data.slice(2, 4).map((x) => x.id));
    const bad = await owner.agent.get(`${endpointPath(transferEndpoints.list, { params: params() })}?from=2026-12-01&to=2026-11-01&status=lost`);
    expect(bad.statusCode).toBe(422);

    const csv = await owner.agent.get(`${endpointPath(transferEndpoints.export, { params: params() })}?status=cancelled`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('Created (UTC),Status,Beneficiary');
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines.slice(1).every((l) => l.includes(',cancelled,'))).toBe(true);
  });
});

describe('the feature flag and roles', () => {
  it('refuses every endpoint while send_money is off, and counts nothing', async () => {
    const off = await createBusiness(t);
    const who = off.people.owner.agent;
    const p = { business_id: off.id };
    for (const res of [
      await who.call(beneficiaryEndpoints.list, { params: p }),
      await who.call(beneficiaryEndpoints.create, { params: p, body: sgBeneficiary() }),
      await who.call(transferEndpoints.overview, { params: p }),
      await who.call(transferEndpoints.quote, { params: p, body: { source_currency: 'sgd', target_currency: 'sgd', send_amount: 1_00 } }),
      await who.call(transferEndpoints.create, { params: p, body: { beneficiary_id: payee.id, amount: 1_00 } }),
      await who.call(transferEndpoints.list, { params: p }),
      await who.call(transferEndpoints.settings, { params: p }),
    ]) {
      expect([res.status, failure(res).code]).toEqual([404, 'SEND_MONEY_NOT_ENABLED']);
    }
    expect((await who.ok(businessEndpoints.get, { params: p })).transfers_awaiting_review).toBe(0);
  });

  it('refuses a cashier everywhere', async () => {
    const cashier = business.people.cashier.agent;
    for (const res of [
      await cashier.call(beneficiaryEndpoints.list, { params: params() }),
      await cashier.call(beneficiaryEndpoints.create, { params: params(), body: sgBeneficiary() }),
      await cashier.call(transferEndpoints.overview, { params: params() }),
      await cashier.call(transferEndpoints.create, { params: params(), body: { beneficiary_id: payee.id, amount: 1_00 } }),
      await cashier.call(transferEndpoints.list, { params: params() }),
    ]) {
      expect([res.status, failure(res).code]).toEqual([403, 'FORBIDDEN']);
    }
  });
});

describe('concurrency', () => {
  it('keeps a beneficiary that has transfers: the database refuses to delete it, the product closes it and the transfer keeps its copy', async () => {
    const b = await createBusiness(t, { flags: { features: { send_money: true } } });
    const who = b.people.owner;
    const db = t.database.db;
    const used = await addBeneficiary(b.id, who);
    const unused = await addBeneficiary(b.id, who);
    await fundAvailable(t, b.id, 100_00);
    const sent = await who.agent.ok(transferEndpoints.create, { params: { business_id: b.id }, body: { beneficiary_id: used.id, amount: 10_00 } });
    const row = (id: string) => and(eq(beneficiaries.businessId, b.id), eq(beneficiaries.id, id));

    const refused = await db
      .delete(beneficiaries)
      .where(row(used.id))
      .then(
        () => 'deleted',
        (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
      );
    expect(refused).toContain('transfers_beneficiary_fk');
    // A beneficiary without transfers has nothing pointing at it (the product still only closes it).
    await db.delete(beneficiaries).where(row(unused.id));
    expect(await db.select().from(beneficiaries).where(row(unused.id))).toEqual([]);

    await who.agent.ok(beneficiaryEndpoints.remove, { params: { business_id: b.id, beneficiary_id: used.id } });
    const [transfer] = await db
      .select()
      .from(transfers)
      .where(and(eq(transfers.businessId, b.id), eq(transfers.id, sent.id)));
    expect(transfer).toMatchObject({ beneficiaryId: used.id, beneficiaryName: used.holder_name, beneficiaryBank: used.bank_name });
    const detail = await who.agent.ok(transferEndpoints.get, { params: { business_id: b.id, transfer_id: sent.id } });
    expect(detail.transfer.beneficiary).toMatchObject({ id: used.id, holder_name: used.holder_name, account_last4: used.account_last4 });
  });

  it('shows on the wallet balance what transfers hold for review and carry in transit, so the amounts add up to what came in', async () => {
    const b = await createBusiness(t, { staff: ['manager'], flags: { features: { send_money: true } } });
    const boss = b.people.owner;
    const to = await addBeneficiary(b.id, boss);
    await boss.agent.ok(transferEndpoints.saveSettings, { params: { business_id: b.id }, body: { approval_threshold: 50_00 } });
    await fundAvailable(t, b.id, 500_00);
    const wallet = async () => {
      const view = await boss.agent.ok(balanceEndpoints.get, { params: { business_id: b.id, balance: 'wallet' } });
      const c = view.currencies.find((x) => x.currency === 'sgd')!;
      return { available: c.available.amount, held: c.transfer_held.amount, transferInTransit: c.transfer_in_transit.amount, inTransit: c.in_transit.amount };
    };
    const body = (amount: number) => ({ params: { business_id: b.id }, body: { beneficiary_id: to.id, amount } });
    const held = await b.people.manager.agent.ok(transferEndpoints.create, body(120_00));
    const sent = await b.people.manager.agent.ok(transferEndpoints.create, body(30_00));
    expect([held.status, sent.status]).toEqual(['awaiting_review', 'processing']);
    // The fee of a transfer sent is the platform's; everything else is still the business's, on its way or held.
    expect(await wallet()).toEqual({ available: 500_00 - 120_00 - FLAT - 30_00 - FLAT, held: 120_00 + FLAT, transferInTransit: 30_00, inTransit: 0 });

    await boss.agent.ok(transferEndpoints.approve, { params: { business_id: b.id, transfer_id: held.id } });
    expect(await wallet()).toMatchObject({ held: 0, transferInTransit: 150_00 });
    await t.app.jobs.runDue();
    expect(await wallet()).toEqual({ available: 500_00 - 150_00 - 2 * FLAT, held: 0, transferInTransit: 0, inTransit: 0 });
  });

  it('mails a beneficiary with an email when a transfer to them arrives, in the business template; not one without, nor a returned one', async () => {
    const b = await createBusiness(t, { flags: { features: { send_money: true } } });
    const who = b.people.owner;
    const withEmail = await addBeneficiary(b.id, who, sgBeneficiary({ holder_name: 'Mailed Supplier', email: `payee-${b.id.slice(0, 8)}@example.com` }));
    const withoutEmail = await addBeneficiary(b.id, who, sgBeneficiary({ holder_name: 'Quiet Supplier' }));
    const returned = await addBeneficiary(
      b.id,
      who,
      sgBeneficiary({ holder_name: 'Closed Account', email: `closed-${b.id.slice(0, 8)}@example.com`, account_number: '1234560002' }),
    );
    await fundAvailable(t, b.id, 300_00);
    const send = (beneficiary_id: string, amount: number) =>
      who.agent.ok(transferEndpoints.create, { params: { business_id: b.id }, body: { beneficiary_id, amount, reference: 'Invoice 2041' } });
    await send(withEmail.id, 42_50);
    await send(withoutEmail.id, 10_00);
    await send(returned.id, 11_00);
    await t.app.jobs.runDue();

    const mails = (await mailbox(t.app)).filter((m) => m.to.endsWith('@example.com') && m.to.includes(b.id.slice(0, 8)));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: withEmail.email, subject: `${b.name} sent you SGD 42.50` });
    expect(mails[0]!.text).toContain('Hi Mailed Supplier');
    expect(mails[0]!.text).toContain('Reference: Invoice 2041');
  });

  it('200 concurrent transfers of the full available balance send exactly one', async () => {
    const rich = await createBusiness(t, { flags: { features: { send_money: true } } });
    const who = rich.people.owner;
    const to = await addBeneficiary(rich.id, who);
    await fundAvailable(t, rich.id, 1_000_00);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        who.agent.call(
          transferEndpoints.create,
          { params: { business_id: rich.id }, body: { beneficiary_id: to.id, amount: 1_000_00 - FLAT } },
          { idempotencyKey: `race-${i}` },
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(199);
    expect(answers.filter((a) => !a.ok).every((a) => failure(a).code === 'TRANSFER_INSUFFICIENT_FUNDS')).toBe(true);
    const overview = await who.agent.ok(transferEndpoints.overview, { params: { business_id: rich.id } });
    expect(overview.balances.find((b) => b.currency === 'sgd')?.available.amount).toBe(0);
    await ledgerBalances(rich.id);
  });
});
