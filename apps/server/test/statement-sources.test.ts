import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { balanceEndpoints, payoutEndpoints, transferEndpoints, type StatementEntry } from '@merchant/payments';
import type { PaymentRow } from '@/modules/payments/charges/charges.types';
import { actorOf, card } from './factories/charges';
import { addBankAccount, addBeneficiary, createBusiness, fundAvailable, localSgAccount, settleNow, sgBeneficiary, type FactoryBusiness } from './factories';
import { createTestContext, type TestContext } from './harness';

/**
 * Each statement line names what it came from (issue 25: ids are shown as links with a human label): the payment,
 * refund, payout or transfer of its ledger transaction, with the id its detail screen takes and a label made on the
 * server from the source's own record, never a public id. Both databases.
 */
let t: TestContext;
let business: FactoryBusiness<'owner'>;
const made: Record<'alice' | 'described' | 'anonymous', PaymentRow | undefined> = { alice: undefined, described: undefined, anonymous: undefined };
let payoutId = '';
let transferId = '';
let supplier = '';

async function pay(amount: number, extra: { customer?: { name: string }; description?: string }): Promise<PaymentRow> {
  const started = await t.services.charges.start({ businessId: business.id, source: { type: 'pos', id: null }, amount, currency: 'sgd', ...extra });
  const { payment } = await t.services.charges.confirm(started.publicId, card());
  expect(payment.status).toBe('succeeded');
  return payment;
}

async function statement(account: 'available' | 'pending' | 'in_transit'): Promise<StatementEntry[]> {
  const page = await business.people.owner.agent.ok(balanceEndpoints.statement, {
    params: { business_id: business.id, balance: 'wallet' },
    query: { account, limit: 100 },
  });
  return page.data;
}

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { flags: { features: { send_money: true } } });
  const owner = business.people.owner;
  made.alice = await pay(100_00, { customer: { name: 'Alice Tan' } });
  made.described = await pay(40_00, { description: 'Table 4 lunch' });
  made.anonymous = await pay(25_00, {});
  await settleNow(t, business.id);
  const actor = await actorOf(t.database.db, business.id, owner.email, 'owner');
  await t.services.charges.refund(actor, made.alice.id, { amount: 10_00, reason: 'requested_by_customer' });
  // Funds for the transfer that are not a payment: a ledger transaction without a source.
  await fundAvailable(t, business.id, 500_00);
  const beneficiary = await addBeneficiary(business.id, owner, sgBeneficiary({ account_number: '0123455678' }));
  supplier = beneficiary.holder_name;
  const transfer = await owner.agent.ok(transferEndpoints.create, {
    params: { business_id: business.id },
    body: { beneficiary_id: beneficiary.id, amount: 50_00 },
  });
  transferId = transfer.id;
  await addBankAccount(t, business, owner, localSgAccount({ account_number: '0123451234' }));
  const payout = await owner.agent.ok(payoutEndpoints.create, { params: { business_id: business.id }, body: { currency: 'sgd' } });
  payoutId = payout.id;
});
afterAll(() => t.close());

describe('the statement names the source of each line', () => {
  it('labels payments by their customer or description, and their fees with them, on the pending account', async () => {
    const rows = await statement('pending');
    const sourceOf = (kind: string, payment: PaymentRow) =>
      rows.find((r) => r.kind === kind && r.amount.amount === (kind === 'fee' ? -payment.fee : payment.amount))?.source;
    expect(sourceOf('charge', made.alice!)).toEqual({ kind: 'payment', id: made.alice!.id, label: 'Payment from Alice Tan' });
    expect(sourceOf('fee', made.alice!)).toEqual({ kind: 'payment', id: made.alice!.id, label: 'Payment from Alice Tan' });
    expect(sourceOf('charge', made.described!)).toEqual({ kind: 'payment', id: made.described!.id, label: 'Table 4 lunch' });
    expect(sourceOf('charge', made.anonymous!)).toEqual({ kind: 'payment', id: made.anonymous!.id, label: 'Card payment' });
  });

  it('labels refunds, payouts and transfers on the available account; a line without a source has none', async () => {
    const rows = await statement('available');
    const byKind = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.source);
    expect(byKind('refund')).toEqual([{ kind: 'refund', id: made.alice!.id, label: 'Refund to Alice Tan' }]);
    expect(byKind('payout')).toEqual([{ kind: 'payout', id: payoutId, label: 'Payout to DBS Bank •••• 1234' }]);
    expect(byKind('transfer')).toEqual([{ kind: 'transfer', id: transferId, label: `Transfer to ${supplier}` }]);
    expect(byKind('settlement')).toEqual(
      expect.arrayContaining([
        { kind: 'payment', id: made.described!.id, label: 'Table 4 lunch' },
        { kind: 'payment', id: made.anonymous!.id, label: 'Card payment' },
        null,
      ]),
    );
    const inTransit = await statement('in_transit');
    expect(inTransit.map((r) => r.source?.label)).toEqual(['Payout to DBS Bank •••• 1234']);
  });

  it('never puts a public id in a label or in the ledger text of a line', async () => {
    const rows = [...(await statement('available')), ...(await statement('pending'))];
    expect(rows.length).toBeGreaterThan(8);
    for (const row of rows) expect(row.source?.label ?? '').not.toMatch(/pay_|[0-9a-f]{8}-[0-9a-f]{4}/);
    for (const row of rows) expect(row.description).not.toMatch(/pay_|[0-9a-f]{8}-[0-9a-f]{4}/);
    const described = (kind: string, payment: PaymentRow) => rows.find((r) => r.kind === kind && r.payment_id === payment.id)?.description;
    expect(described('charge', made.alice!)).toBe('Payment from Alice Tan');
    expect(described('fee', made.alice!)).toBe('Card fee of the payment from Alice Tan');
    expect(described('settlement', made.described!)).toBe('Settlement of the payment “Table 4 lunch”');
    expect(described('refund', made.alice!)).toBe('Refund to Alice Tan');
  });

  it('exports the label and the source id in separate columns', async () => {
    const res = await business.people.owner.agent.get(
      endpointPath(balanceEndpoints.export, { params: { business_id: business.id, balance: 'wallet' }, query: { account: 'available' } }),
    );
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date (UTC),Type,Description,Source ID,Currency,Money in,Money out,Balance after,Entry ID');
    const refund = lines.find((line) => line.includes(',Refund,'))!;
    expect(refund.split(',').slice(1, 4)).toEqual(['Refund', 'Refund to Alice Tan', made.alice!.publicId]);
    const payout = lines.find((line) => line.includes(',Payout,'))!;
    expect(payout.split(',').slice(1, 4)).toEqual(['Payout', 'Payout to DBS Bank •••• 1234', payoutId]);
  });
});
