import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { currencyDecimals, endpointPath, parseMajorToMinor } from '@merchant/core';
import {
  balanceEndpoints,
  customerEndpoints,
  invoiceEndpoints,
  methodLimits,
  payoutEndpoints,
  salesReportEndpoints,
  transactionEndpoints,
  type Invoice,
  type Payment,
  type SalesReportGroup,
} from '@merchant/payments';
import { payments } from '@/db/schema';
import { parseCsv } from '@/lib/csv';
import type { PaymentRow } from '@/modules/payments/charges/charges.types';
import type { ChargesService } from '@/modules/payments/charges/charges.service';
import { actorOf, card } from './factories/charges';
import { Agent, createTestContext, type TestContext } from './harness';
import { addBankAccount, createBusiness, createCustomer, createInvoice, signInAgain, type FactoryBusiness } from './factories';

/**
 * Exports a spreadsheet can sum (issue 23, part 4), on both databases. Every amount column of the CSV downloads
 * holds numbers: a refund's `-16.00` stays a number (the formula guard used to write `'-16.00`, text that a SUM
 * skips, so a payout of 121.66 summed to 679.66). Random payments and refunds in currencies of 0, 2 and 3
 * decimals: each amount column, read as a spreadsheet reads it, sums exactly (in minor units) to the total the
 * API shows. Text cells keep the guard: a customer named `-16.00`, `=1+1` or `|calc` is written as text.
 */
let t: TestContext;
let charges: ChargesService;

/** Currencies of each number of decimals: JPY 0, SGD and USD 2, KWD 3 (PayNow takes SGD only; these pay by card). */
const CURRENCIES = ['sgd', 'jpy', 'usd', 'kwd'] as const;
type Currency = (typeof CURRENCIES)[number];

/** What a spreadsheet starts a formula with (some strip leading whitespace and quotes first). */
const STARTS_FORMULA = /^[\s"]*[=+\-@|]/;

beforeAll(async () => {
  t = await createTestContext();
  ({ charges } = t.services);
});
afterAll(() => t.close());

/** The rows of a CSV answer with its header row's names as keys, read as a spreadsheet reads it (comma locale). */
function table(body: string): { header: string[]; rows: Record<string, string>[] } {
  const [header = [], ...rows] = parseCsv(body.replace(/^\uFEFF/, ''));
  return { header, rows: rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']))) };
}

/**
 * A cell of an amount column as a spreadsheet's SUM sees it: a plain number in major units with exactly the
 * currency's decimals (an empty cell counts as nothing). Text (`'-16.00`) fails here, as a SUM would skip it.
 */
function minorOf(cell: string, currency: string, where: string): number {
  if (cell === '') return 0;
  const decimals = currencyDecimals(currency);
  const shape = decimals === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${decimals}}$`);
  expect(cell, `${where}: a number in ${currency.toUpperCase()}`).toMatch(shape);
  const minor = parseMajorToMinor(cell, currency);
  expect(minor, where).not.toBeNull();
  return minor!;
}

/** Sums an amount column per currency (the file's Currency column names each row's currency). */
function sumsByCurrency(rows: Record<string, string>[], column: string, where: string): Map<string, number> {
  const sums = new Map<string, number>();
  for (const [i, row] of rows.entries()) {
    const currency = row.Currency!.toLowerCase();
    sums.set(currency, (sums.get(currency) ?? 0) + minorOf(row[column]!, currency, `${where} row ${i + 1} ${column}`));
  }
  return sums;
}

interface Sale {
  currency: Currency;
  /** Minor units, within the card's limits in the currency. */
  amount: number;
  /** 0 to 2: the day of the sale. */
  day: number;
  /** How much of it is refunded (0: nothing); `early` refunds before the payment settles (available goes below zero). */
  refund: number;
  early: boolean;
}

/** A sale in one of the currencies, within the card's limits there (up to 5,000 of the major unit). */
const saleIn = (currency: Currency) => {
  const { min } = methodLimits('card', currency);
  const most = 5_000 * 10 ** currencyDecimals(currency);
  return fc
    .record({ amount: fc.integer({ min, max: most }), day: fc.integer({ min: 0, max: 2 }), share: fc.integer({ min: 0, max: 100 }), early: fc.boolean() })
    .map(({ amount, day, share, early }): Sale => ({ currency, amount, day, refund: Math.floor((amount * share) / 100), early }));
};
const anySale = fc.constantFrom(...CURRENCIES).chain(saleIn);
/**
 * Each history has an SGD sale first, large enough that whatever the others refund leaves SGD to pay out, and
 * refunded in part on a later day: a payout with a refund line, and a day of refunds only.
 */
const firstSale = fc
  .record({ amount: fc.integer({ min: 40_000_00, max: 100_000_00 }), day: fc.integer({ min: 0, max: 2 }), share: fc.integer({ min: 1, max: 10 }) })
  .map(({ amount, day, share }): Sale => ({ currency: 'sgd', amount, day, refund: Math.floor((amount * share) / 100), early: false }));
/** And a sale in any currency refunded before it settles: its balance goes below zero, the statement shows it. */
const earlyRefund = anySale.map((sale): Sale => ({ ...sale, refund: Math.max(1, sale.refund), early: true }));
const history = fc.tuple(firstSale, earlyRefund, fc.array(anySale, { maxLength: 4 })).map(([first, early, rest]) => [first, early, ...rest]);

const DAY = 24 * 3600_000;
const START = Date.parse('2027-03-01T10:00:00Z');
const at = (day: number, minutes = 0) => new Date(START + day * DAY + minutes * 60_000);
const isoDay = (day: number) => at(day).toISOString().slice(0, 10);

async function pay(businessId: string, sale: Sale, customer: string): Promise<PaymentRow> {
  const started = await charges.start({
    businessId,
    source: { type: 'pos', id: null },
    amount: sale.amount,
    currency: sale.currency,
    customer: { name: customer, email: null },
  });
  const { payment } = await charges.confirm(started.publicId, card());
  expect(payment.status).toBe('succeeded');
  return payment;
}

/** Settles every payment of the business that has not settled yet, now. */
async function settleAll(businessId: string): Promise<void> {
  await t.database.db
    .update(payments)
    .set({ availableOn: t.clock.now() })
    .where(and(eq(payments.businessId, businessId), isNull(payments.settledAt)));
  await charges.settleDue(t.clock.now());
}

/**
 * One history of a new business: the sales of days 0 to 2 (early refunds right after their sale), everything
 * settled on day 3, the other refunds on day 4 (a day of refunds only: its net is below zero), then a payout of
 * all that is available in SGD (its lines: settlements, and the refunds as negative lines).
 */
async function playOut(sales: Sale[]): Promise<{ business: FactoryBusiness; owner: Agent; made: PaymentRow[] }> {
  t.clock.set(at(0, -60));
  const business = await createBusiness(t);
  await addBankAccount(t, business, business.people.owner);
  const actor = await actorOf(t.database.db, business.id, business.people.owner.email, 'owner');
  const made: PaymentRow[] = [];
  for (const [i, sale] of sales.entries()) {
    t.clock.set(at(sale.day, i));
    const payment = await pay(business.id, sale, `Customer ${i}`);
    made.push(payment);
    if (sale.refund > 0 && sale.early) await charges.refund(actor, payment.id, { amount: sale.refund, reason: 'requested_by_customer' });
  }
  t.clock.set(at(3));
  await settleAll(business.id);
  for (const [i, sale] of sales.entries()) {
    t.clock.set(at(4, i));
    if (sale.refund > 0 && !sale.early) await charges.refund(actor, made[i]!.id, { amount: sale.refund, reason: 'requested_by_customer' });
  }
  t.clock.set(at(5));
  const owner = await signInAgain(t, business.people.owner);
  const sgd = (await owner.ok(balanceEndpoints.get, { params: { business_id: business.id, balance: 'wallet' } })).currencies.find((c) => c.currency === 'sgd')!;
  if (sgd.available.amount > 0) await owner.ok(payoutEndpoints.create, { params: { business_id: business.id }, body: { currency: 'sgd' } });
  return { business, owner, made };
}

async function csvOf(owner: Agent, url: string) {
  const res = await owner.get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return table(res.body);
}

async function allPayments(owner: Agent, businessId: string): Promise<Payment[]> {
  const found: Payment[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await owner.ok(transactionEndpoints.list, { params: { business_id: businessId }, query: { limit: 100, ...(cursor ? { cursor } : {}) } });
    found.push(...page.data);
    if (!page.next_cursor) return found;
    cursor = page.next_cursor;
  }
}

const sumBy = <T>(items: T[], key: (item: T) => string, value: (item: T) => number) => {
  const sums = new Map<string, number>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + value(item));
  return sums;
};

describe('every amount column of the exports sums to what the API shows', () => {
  it('payout lines, payouts, the statement, the sales report and transactions, for random sales and refunds in currencies of 0, 2 and 3 decimals', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (sales) => {
        const { business, owner } = await playOut(sales);
        const params = { business_id: business.id };
        const currencies = [...new Set(sales.map((s) => s.currency))];

        // The payout: its lines' "In this payout" sums to its amount (the issue's 121.66, not 679.66).
        const [payout] = (await owner.ok(payoutEndpoints.list, { params })).data;
        expect(payout, 'an SGD payout').toBeDefined();
        const lines = await csvOf(owner, endpointPath(payoutEndpoints.exportLines, { params: { ...params, payout_id: payout!.id } }));
        expect(sumsByCurrency(lines.rows, 'In this payout', 'payout lines')).toEqual(new Map([['sgd', payout!.amount.amount]]));
        expect(lines.rows.some((r) => r.Type === 'Refund' && r['In this payout']!.startsWith('-'))).toBe(true);
        for (const column of ['Gross', 'Fee', 'Net']) sumsByCurrency(lines.rows, column, 'payout lines');
        const list = await csvOf(owner, endpointPath(payoutEndpoints.export, { params }));
        expect(sumsByCurrency(list.rows, 'Amount', 'payouts')).toEqual(new Map([['sgd', payout!.amount.amount]]));

        // The statement of each currency: money in less money out is the balance; the newest balance after is too.
        const wallet = await owner.ok(balanceEndpoints.get, { params: { ...params, balance: 'wallet' } });
        for (const currency of currencies) {
          const amounts = wallet.currencies.find((c) => c.currency === currency)!;
          for (const account of ['available', 'pending'] as const) {
            const statement = await csvOf(
              owner,
              endpointPath(balanceEndpoints.export, { params: { ...params, balance: 'wallet' }, query: { account, currency } }),
            );
            const where = `statement ${account} ${currency}`;
            const moneyIn = sumsByCurrency(statement.rows, 'Money in', where).get(currency) ?? 0;
            const moneyOut = sumsByCurrency(statement.rows, 'Money out', where).get(currency) ?? 0;
            const after = statement.rows.map((r, i) => minorOf(r['Balance after']!, currency, `${where} row ${i + 1} Balance after`));
            expect(moneyIn - moneyOut, where).toBe(amounts[account].amount);
            expect(after[0] ?? 0, where).toBe(amounts[account].amount);
          }
        }

        // The sales report, in each of its groupings: every figure column sums to the report's totals.
        const range = { from: isoDay(0), to: isoDay(4) };
        const report = await owner.ok(salesReportEndpoints.get, { params, query: range });
        for (const group of ['day', 'method', 'source'] as SalesReportGroup[]) {
          const csv = await csvOf(owner, endpointPath(salesReportEndpoints.export, { params, query: { ...range, group } }));
          for (const [figure, column] of [
            ['gross', 'Gross'],
            ['refunds', 'Refunds'],
            ['fees', 'Fees'],
            ['net', 'Net'],
          ] as const) {
            const expected = new Map(report.currencies.map((c) => [c.currency, c.totals[figure]]));
            expect(sumsByCurrency(csv.rows, column, `sales report by ${group}`), `${group} ${column}`).toEqual(expected);
          }
        }
        const refundOnly = (await csvOf(owner, endpointPath(salesReportEndpoints.export, { params, query: { ...range, currency: 'sgd' } }))).rows.find(
          (r) => r['Date (UTC)'] === isoDay(4),
        );
        expect(minorOf(refundOnly!.Net!, 'sgd', 'the day of refunds only')).toBeLessThan(0);

        // Transactions: each amount column sums to the payments the list shows.
        const shown = await allPayments(owner, business.id);
        const transactions = await csvOf(owner, endpointPath(transactionEndpoints.export, { params }));
        for (const [column, of] of [
          ['Amount', (p: Payment) => p.amount.amount],
          ['Fee', (p: Payment) => p.fee.amount],
          ['Net', (p: Payment) => p.net.amount],
          ['Refunded', (p: Payment) => p.refunded.amount],
        ] as const) {
          expect(sumsByCurrency(transactions.rows, column, 'transactions'), column).toEqual(
            sumBy(
              shown,
              (p) => p.amount.currency,
              (p) => of(p),
            ),
          );
        }
      }),
      { numRuns: 6 },
    );
  });
});

describe('the invoices CSV', () => {
  /** An invoice in one of the currencies: 1 to 3 lines, maybe a tax, and part of it paid by other means. */
  const invoice = fc.record({
    currency: fc.constantFrom(...CURRENCIES),
    lines: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 20 }), unit_price: fc.integer({ min: 0, max: 10_000_000 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
    tax_bps: fc.option(fc.integer({ min: 1, max: 2_500 }), { nil: null }),
    paidShare: fc.integer({ min: 0, max: 100 }),
  });

  it('writes totals, paid and due in major units, each column summing to the invoices the list shows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(invoice, { minLength: 1, maxLength: 4 }), async (invoices) => {
        t.clock.set(at(20));
        const business = await createBusiness(t);
        const owner = business.people.owner.agent;
        const params = { business_id: business.id };
        const customer = await createCustomer(owner, business.id);
        for (const [i, spec] of invoices.entries()) {
          const made = await createInvoice(owner, business.id, customer.id, {
            currency: spec.currency,
            lines: spec.lines.map((line) => ({ description: `Line ${i}`, ...line })),
            taxes: spec.tax_bps === null ? [] : [{ name: 'GST', rate_bps: spec.tax_bps }],
          });
          const paid = Math.floor((made.total * spec.paidShare) / 100);
          if (paid > 0) {
            await owner.ok(invoiceEndpoints.send, { params: { ...params, invoice_id: made.id } });
            await owner.ok(invoiceEndpoints.markPaid, { params: { ...params, invoice_id: made.id }, body: { amount: paid } });
          }
        }
        const shown: Invoice[] = (await owner.ok(invoiceEndpoints.list, { params, query: { limit: 100 } })).data;
        expect(shown).toHaveLength(invoices.length);
        const csv = await csvOf(owner, endpointPath(invoiceEndpoints.export, { params }));
        for (const [column, of] of [
          ['Total', (i: Invoice) => i.total],
          ['Paid', (i: Invoice) => i.amount_paid],
          ['Due', (i: Invoice) => i.amount_due],
        ] as const) {
          expect(sumsByCurrency(csv.rows, column, 'invoices'), column).toEqual(sumBy(shown, (i) => i.currency, of));
        }
      }),
      { numRuns: 5 },
    );
  });
});

describe('text cells keep the formula guard', () => {
  const HOSTILE = ['-16.00', '=1+1', '+65 6123 4567', '@SUM(A1)', '|calc', " |cmd'", 'x;=cmd', 'x,|calc', '\tx'];

  it('writes a customer named like a number or a formula as text, in the transactions and customers CSVs', async () => {
    t.clock.set(at(10));
    const business = await createBusiness(t);
    const owner = await signInAgain(t, business.people.owner);
    for (const [i, name] of HOSTILE.entries()) {
      await pay(business.id, { currency: 'sgd', amount: 10_00, day: 0, refund: 0, early: false }, name);
      await owner.ok(customerEndpoints.create, { params: { business_id: business.id }, body: { name, email: `hostile-${i}@example.test` } });
    }
    const exports = [
      { url: endpointPath(transactionEndpoints.export, { params: { business_id: business.id } }), column: 'Customer' },
      { url: endpointPath(customerEndpoints.export, { params: { business_id: business.id } }), column: 'Name' },
    ];
    for (const { url, column } of exports) {
      const res = await owner.get(url);
      expect(res.statusCode).toBe(200);
      const names = table(res.body).rows.map((r) => r[column]!);
      // The guard's quote marks go: the names are the ones given, none of them starts a formula.
      const bare = (names: string[]) => names.map((n) => n.replaceAll("'", '').trim()).sort();
      expect(bare(names)).toEqual(bare(HOSTILE));
      for (const separator of [',', ';', '\t']) {
        for (const field of parseCsv(res.body.replace(/^\uFEFF/, ''), separator).flat()) {
          expect(field, JSON.stringify({ url, separator })).not.toMatch(STARTS_FORMULA);
        }
      }
    }
  });
});
