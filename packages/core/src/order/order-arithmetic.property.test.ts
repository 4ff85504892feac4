import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderInputError, priceOrder, type PricedOrder } from './order-arithmetic';
import type { OrderInput } from './order-schema';

/**
 * Properties of the order arithmetic (docs/catalogue.md, "The order arithmetic"). The reference below is written
 * here, apart from the module: exact rationals of bigint, rounded only where the documented rules round.
 */

/** An exact rational p/q, q > 0 (the test's own, not the module's). */
class Q {
  constructor(
    readonly p: bigint,
    readonly q: bigint = 1n,
  ) {}
  static of(n: number | bigint): Q {
    return new Q(BigInt(n));
  }
  add(o: Q): Q {
    return new Q(this.p * o.q + o.p * this.q, this.q * o.q);
  }
  mul(p: bigint, q = 1n): Q {
    return new Q(this.p * p, this.q * q);
  }
  /** Half away from zero; every value here is zero or more. */
  round(): bigint {
    const twice = (2n * this.p) / this.q; // floor of 2x for x >= 0
    return (twice + 1n) / 2n;
  }
}
const bigSum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
const qSum = (values: Q[]) => values.reduce((a, b) => a.add(b), Q.of(0));

const TAXES = [
  { id: 't-a', name: 'A', rate: 900 },
  { id: 't-b', name: 'B', rate: 700 },
  { id: 't-c', name: 'C', rate: 2500 },
];

const addOn = fc.record({ name: fc.constant('Extra'), price: fc.integer({ min: 0, max: 2_000 }) });
const lineShape = fc.record({
  productId: fc.constantFrom('p1', 'p2', 'p3'),
  categoryId: fc.constantFrom('c1', 'c2', null),
  // A few common prices make equal lines, and so ties in every split, frequent.
  unitPrice: fc.oneof(fc.constantFrom(1, 3, 100, 105, 333, 1_000), fc.integer({ min: 100, max: 200_000 })),
  quantity: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 20 })),
  addOns: fc.array(addOn, { maxLength: 2 }),
  taxIds: fc.subarray(TAXES.map((t) => t.id)),
});
type LineShape = typeof lineShape extends fc.Arbitrary<infer T> ? T : never;
/** Up to 8 lines, often the same few again (equal lines tie in every split, where a careless tie-break shows). */
const lines = (shape: fc.Arbitrary<LineShape> = lineShape) =>
  fc
    .oneof(
      fc.array(shape, { minLength: 1, maxLength: 8 }),
      fc.array(shape, { minLength: 1, maxLength: 3 }).chain((shapes) => fc.array(fc.constantFrom(...shapes), { minLength: 2, maxLength: 8 })),
    )
    .map((ls) => ls.map((l, i) => ({ id: `line-${i}`, ...l })));
const settings = fc.record({ pricesIncludeTax: fc.boolean(), rounding: fc.constantFrom('line' as const, 'order' as const) });
const percentage = fc.integer({ min: 1, max: 10_000 }).map((rate) => ({ type: 'percentage' as const, rate }));
const fixed = (max: number) => fc.integer({ min: 1, max }).map((amount) => ({ type: 'fixed' as const, amount }));

const discounts = fc.record({
  onCategory: fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: undefined }),
  offProduct: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
  order: fc.option(fc.oneof(percentage, fixed(300)), { nil: undefined }),
  another: fc.option(percentage, { nil: undefined }),
  minimumSpend: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: undefined }),
});
const surcharge = fc.record({
  value: fc.oneof(
    fc.integer({ min: 1, max: 2_000 }).map((rate) => ({ type: 'percentage' as const, rate })),
    fixed(5_000),
  ),
  taxable: fc.boolean(),
  named: fc.subarray(TAXES.map((t) => t.id)),
});

/** Any order the arithmetic accepts (or refuses for a fixed discount over what it applies to). */
const anyOrder = fc
  .record({ settings, lines: lines(), discounts, surcharges: fc.array(surcharge, { maxLength: 2 }) })
  .map(({ settings, lines, discounts: d, surcharges }): OrderInput => ({
    currency: 'sgd',
    settings,
    taxes: TAXES,
    lines,
    discounts: [
      ...(d.onCategory
        ? [{ id: 'd-cat', name: 'c1', value: { type: 'percentage' as const, rate: d.onCategory }, appliesTo: { type: 'items' as const, categoryIds: ['c1'] } }]
        : []),
      ...(d.offProduct
        ? [{ id: 'd-prod', name: 'p2', value: { type: 'fixed' as const, amount: d.offProduct }, appliesTo: { type: 'items' as const, productIds: ['p2'] } }]
        : []),
      ...(d.order ? [{ id: 'd-order', name: 'order', value: d.order, appliesTo: { type: 'order' as const }, minimumSpend: d.minimumSpend }] : []),
      ...(d.another ? [{ id: 'd-another', name: 'another', value: d.another, appliesTo: { type: 'order' as const } }] : []),
    ],
    surcharges: surcharges.map((s, i) => ({
      id: `s-${i}`,
      name: 'Surcharge',
      kind: 'service_charge' as const,
      value: s.value,
      taxable: s.taxable,
      taxIds: s.taxable ? s.named : [],
    })),
  }));

/** Prices an order, or skips it when a fixed discount is over what it applies to (a refusal the examples check). */
function priced(input: OrderInput): PricedOrder {
  try {
    return priceOrder(input);
  } catch (error) {
    if (error instanceof OrderInputError && /^discounts\.\d+\.value\.amount$/.test(error.field)) fc.pre(false);
    throw error;
  }
}

function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
}

/** An order, and the same order with its lines shuffled. */
const reordered = anyOrder.chain((input) =>
  fc
    .shuffledSubarray(input.lines, { minLength: input.lines.length, maxLength: input.lines.length })
    .map((lines): [OrderInput, OrderInput] => [input, { ...input, lines }]),
);

/** Each property prices a few hundred orders: the limit guards against a hang, not a speed, on a shared busy machine. */
const slow = { timeout: 30_000 };

const byLineId = <T extends { lineId: string }>(parts: T[]) => [...parts].sort((a, b) => (a.lineId < b.lineId ? -1 : 1));

describe('priceOrder, for any order', slow, () => {
  it('gives the same amounts whatever the order of the lines', () => {
    fc.assert(
      fc.property(reordered, ([input, shuffled]) => {
        const a = priced(input);
        const b = priced(shuffled);
        expect(b.total).toBe(a.total);
        expect(b.taxes).toEqual(a.taxes);
        expect([...b.lines].sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual(a.lines);
        expect(b.discounts.map((d) => ({ ...d, parts: byLineId(d.parts) }))).toEqual(a.discounts.map((d) => ({ ...d, parts: byLineId(d.parts) })));
        expect(b.surcharges.map((s) => ({ ...s, parts: byLineId(s.parts) }))).toEqual(a.surcharges.map((s) => ({ ...s, parts: byLineId(s.parts) })));
      }),
    );
  });

  it('answers whole minor units, none negative', () => {
    fc.assert(
      fc.property(anyOrder, (input) => {
        for (const n of numbersIn(priced(input))) {
          expect(Number.isSafeInteger(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('has parts that add up exactly', () => {
    fc.assert(
      fc.property(anyOrder, (input) => {
        const order = priced(input);
        const add = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
        for (const d of order.discounts) expect(add(d.parts.map((p) => p.amount))).toBe(d.amount);
        for (const s of order.surcharges) {
          expect(add(s.parts.map((p) => p.amount))).toBe(s.amount);
          expect(s.total).toBe(s.amount + s.tax);
        }
        for (const l of order.lines) {
          expect(l.gross).toBe(l.unitAmount * l.quantity);
          expect(add(l.discounts.map((d) => d.amount))).toBe(l.discount);
          expect(l.amount).toBe(l.gross - l.discount);
          expect(l.net).toBe(input.settings.pricesIncludeTax ? l.amount - l.tax : l.amount);
          expect(l.total).toBe(l.net + l.tax);
        }
        expect(add(order.discounts.map((d) => d.amount))).toBe(order.discount);
        expect(add(order.lines.map((l) => l.discount))).toBe(order.discount);
        expect(add(order.taxes.map((t) => t.amount))).toBe(order.tax);
        for (const t of order.taxes) {
          const parts = [...order.lines, ...order.surcharges].flatMap((x) => x.taxes.filter((p) => p.taxId === t.id).map((p) => p.amount));
          expect(add(parts)).toBe(t.amount);
        }
        expect(order.total).toBe(add(order.lines.map((l) => l.net)) + order.surcharge + order.tax);
        expect(order.total).toBe(
          order.subtotal - order.discount + order.surcharge + order.tax - (input.settings.pricesIncludeTax ? add(order.lines.map((l) => l.tax)) : 0),
        );
      }),
    );
  });
});

/** Per line: each line's taxes, its surcharge base and its total computed in exact rationals, rounded by the rules. */
describe('priceOrder against exact arithmetic', slow, () => {
  it('rounding per line: each tax of each line and surcharge rounded once', () => {
    const order = fc.record({
      inclusive: fc.boolean(),
      lines: lines(),
      off: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: undefined }),
      surcharges: fc.array(fc.record({ rate: fc.integer({ min: 1, max: 2_000 }), named: fc.subarray(TAXES.map((t) => t.id)) }), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(order, ({ inclusive, lines, off, surcharges }) => {
        const result = priceOrder({
          currency: 'sgd',
          settings: { pricesIncludeTax: inclusive, rounding: 'line' },
          taxes: TAXES,
          lines,
          discounts: off ? [{ id: 'off', name: 'c1', value: { type: 'percentage', rate: off }, appliesTo: { type: 'items', categoryIds: ['c1'] } }] : [],
          surcharges: surcharges.map((s, i) => ({
            id: `s${i}`,
            name: 'S',
            kind: 'service_charge',
            value: { type: 'percentage', rate: s.rate },
            taxable: s.named.length > 0,
            taxIds: s.named,
          })),
        });
        const rate = (id: string) => BigInt(TAXES.find((t) => t.id === id)!.rate);
        const taxTotals = new Map<string, bigint>();
        const addTax = (id: string, n: bigint) => taxTotals.set(id, (taxTotals.get(id) ?? 0n) + n);
        let total = 0n;
        let beforeTax = Q.of(0);
        for (const line of lines) {
          const gross = BigInt(line.unitPrice + line.addOns.reduce((a, x) => a + x.price, 0)) * BigInt(line.quantity);
          const amount = gross - (off && line.categoryId === 'c1' ? Q.of(gross).mul(BigInt(off), 10_000n).round() : 0n);
          const combined = 10_000n + bigSum(line.taxIds.map(rate));
          const taxes = line.taxIds.map((id) => {
            const tax = Q.of(amount)
              .mul(rate(id), inclusive ? combined : 10_000n)
              .round();
            addTax(id, tax);
            return tax;
          });
          total += inclusive ? amount : amount + bigSum(taxes);
          beforeTax = beforeTax.add(inclusive ? Q.of(amount).mul(10_000n, combined) : Q.of(amount));
        }
        for (const s of surcharges) {
          const charge = beforeTax.mul(BigInt(s.rate), 10_000n).round();
          const taxes = s.named.map((id) => {
            const tax = Q.of(charge).mul(rate(id), 10_000n).round();
            addTax(id, tax);
            return tax;
          });
          total += charge + bigSum(taxes);
        }
        expect(result.total).toBe(Number(total));
        expect(result.taxes.map((t) => [t.id, t.amount])).toEqual(TAXES.filter((t) => taxTotals.has(t.id)).map((t) => [t.id, Number(taxTotals.get(t.id))]));
      }),
    );
  });

  it('rounding per order: each tax rounded once over the lines and once over the surcharges', () => {
    // Every line carries the same taxes here, so each tax's exact amount is the order's amount times its rate.
    const order = fc.record({
      inclusive: fc.boolean(),
      taxIds: fc.subarray(TAXES.map((t) => t.id)),
      lines: lines(),
      off: fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: undefined }),
      orderOff: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: undefined }),
      surcharges: fc.array(fc.record({ rate: fc.integer({ min: 1, max: 2_000 }), taxable: fc.boolean(), named: fc.boolean() }), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(order, ({ inclusive, taxIds, lines, off, orderOff, surcharges }) => {
        const same = lines.map((l) => ({ ...l, taxIds }));
        const result = priceOrder({
          currency: 'sgd',
          settings: { pricesIncludeTax: inclusive, rounding: 'order' },
          taxes: TAXES,
          lines: same,
          discounts: [
            ...(off
              ? [{ id: 'off', name: 'c1', value: { type: 'percentage' as const, rate: off }, appliesTo: { type: 'items' as const, categoryIds: ['c1'] } }]
              : []),
            ...(orderOff ? [{ id: 'order', name: 'all', value: { type: 'percentage' as const, rate: orderOff }, appliesTo: { type: 'order' as const } }] : []),
          ],
          surcharges: surcharges.map((s, i) => ({
            id: `s${i}`,
            name: 'S',
            kind: 'card_surcharge' as const,
            value: { type: 'percentage' as const, rate: s.rate },
            taxable: s.taxable,
            taxIds: s.taxable && s.named ? taxIds : [],
          })),
        });
        const rates = taxIds.map((id) => BigInt(TAXES.find((t) => t.id === id)!.rate));
        const combined = 10_000n + bigSum(rates);
        const afterLineDiscounts = bigSum(
          same.map((line) => {
            const gross = BigInt(line.unitPrice + line.addOns.reduce((a, x) => a + x.price, 0)) * BigInt(line.quantity);
            return gross - (off && line.categoryId === 'c1' ? Q.of(gross).mul(BigInt(off), 10_000n).round() : 0n);
          }),
        );
        const amount = afterLineDiscounts - (orderOff ? Q.of(afterLineDiscounts).mul(BigInt(orderOff), 10_000n).round() : 0n);
        const beforeTax = inclusive ? Q.of(amount).mul(10_000n, combined) : Q.of(amount);
        const lineTax = rates.map((r) =>
          Q.of(amount)
            .mul(r, inclusive ? combined : 10_000n)
            .round(),
        );
        const charges = surcharges.map((s) => beforeTax.mul(BigInt(s.rate), 10_000n).round());
        const taxedCharges = qSum(charges.filter((_, i) => surcharges[i]!.taxable).map((c) => Q.of(c)));
        const surchargeTax = rates.map((r) => taxedCharges.mul(r, 10_000n).round());
        const total = amount + (inclusive ? 0n : bigSum(lineTax)) + bigSum(charges) + bigSum(surchargeTax);
        expect(result.total).toBe(Number(total));
        expect(result.tax).toBe(Number(bigSum(lineTax) + bigSum(surchargeTax)));
      }),
    );
  });
  it('any order: surcharges and each tax equal the exact amounts on what the lines come to, rounded by the setting', () => {
    fc.assert(
      fc.property(anyOrder, (input) => {
        const order = priced(input);
        const inclusive = input.settings.pricesIncludeTax;
        const perLine = input.settings.rounding === 'line';
        const rate = (id: string) => BigInt(TAXES.find((t) => t.id === id)!.rate);
        const taxIdsOf = (i: number) => [...new Set(input.lines[i]!.taxIds ?? [])];
        const combined = (i: number) => 10_000n + bigSum(taxIdsOf(i).map(rate));
        // Exact tax of each line, on the amount it comes to after discounts (the spread of the discounts is checked above).
        const lineExact = order.lines.map(
          (line, i) => new Map(taxIdsOf(i).map((id) => [id, Q.of(line.amount).mul(rate(id), inclusive ? combined(i) : 10_000n)])),
        );
        const beforeTax = qSum(order.lines.map((line, i) => (inclusive ? Q.of(line.amount).mul(10_000n, combined(i)) : Q.of(line.amount))));
        const surchargeExact = (input.surcharges ?? []).map((s, j) => {
          const charge = s.value.type === 'percentage' ? beforeTax.mul(BigInt(s.value.rate), 10_000n).round() : BigInt(s.value.amount);
          expect(order.surcharges[j]!.amount).toBe(Number(charge));
          const exact = new Map<string, Q>();
          const add = (id: string, on: bigint) => exact.set(id, (exact.get(id) ?? Q.of(0)).add(Q.of(on).mul(rate(id), 10_000n)));
          if (s.taxable && (s.taxIds ?? []).length > 0) for (const id of new Set(s.taxIds)) add(id, charge);
          if (s.taxable && (s.taxIds ?? []).length === 0)
            order.surcharges[j]!.parts.forEach((part, i) => taxIdsOf(i).forEach((id) => add(id, BigInt(part.amount))));
          return exact;
        });
        const rounded = (group: Map<string, Q>[], id: string) => {
          const carrying = group.filter((m) => m.has(id)).map((m) => m.get(id)!);
          return perLine ? bigSum(carrying.map((q) => q.round())) : qSum(carrying).round();
        };
        for (const tax of order.taxes) expect(tax.amount).toBe(Number(rounded(lineExact, tax.id) + rounded(surchargeExact, tax.id)));
        const expected = TAXES.filter((t) => [...lineExact, ...surchargeExact].some((m) => m.has(t.id))).map((t) => t.id);
        expect(order.taxes.map((t) => t.id)).toEqual(expected);
      }),
    );
  });
});

describe('priceOrder refusing', slow, () => {
  /** Ways to break one field of a valid order, and the field the refusal must name. */
  const breaks = fc.oneof(
    fc.record({ line: fc.nat(7), quantity: fc.integer({ min: -5, max: 0 }) }).map(({ line, quantity }) => (o: OrderInput) => {
      const k = line % o.lines.length;
      return [{ ...o, lines: o.lines.map((l, i) => (i === k ? { ...l, quantity } : l)) }, `lines.${k}.quantity`] as const;
    }),
    fc.record({ line: fc.nat(7), price: fc.integer({ min: -1_000_000, max: -1 }) }).map(({ line, price }) => (o: OrderInput) => {
      const k = line % o.lines.length;
      return [{ ...o, lines: o.lines.map((l, i) => (i === k ? { ...l, unitPrice: price } : l)) }, `lines.${k}.unitPrice`] as const;
    }),
    fc.record({ tax: fc.nat(2), rate: fc.integer({ min: 10_001, max: 1_000_000 }) }).map(({ tax, rate }) => (o: OrderInput) => {
      return [{ ...o, taxes: TAXES.map((t, i) => (i === tax ? { ...t, rate } : t)) }, `taxes.${tax}.rate`] as const;
    }),
    fc.nat(7).map((line) => (o: OrderInput) => {
      const k = line % o.lines.length;
      return [{ ...o, lines: o.lines.map((l, i) => (i === k ? { ...l, taxIds: ['no-such-tax'] } : l)) }, `lines.${k}.taxIds.0`] as const;
    }),
  );

  it('names the one field that is wrong, whatever the rest of the order', () => {
    fc.assert(
      fc.property(anyOrder, breaks, (input, breakIt) => {
        const [broken, field] = breakIt(input);
        let refused: unknown;
        try {
          priceOrder(broken);
        } catch (error) {
          refused = error;
        }
        expect(refused).toBeInstanceOf(OrderInputError);
        expect((refused as OrderInputError).field).toBe(field);
      }),
    );
  });
});

describe('prices with and without tax round-trip', slow, () => {
  /** One line per exclusive line, priced at what the exclusive line came to, tax included. */
  const included = (input: OrderInput, order: PricedOrder): OrderInput => ({
    ...input,
    settings: { ...input.settings, pricesIncludeTax: true },
    lines: order.lines.map((line, i) => ({ id: line.id, unitPrice: line.total, quantity: 1, taxIds: input.lines[i]!.taxIds })),
  });
  const oneTax = lineShape.chain((l) => fc.constantFrom(...TAXES.map((t) => t.id)).map((id) => ({ ...l, taxIds: [id] })));

  it('gives the same tax and net back with one tax on each line', () => {
    fc.assert(
      fc.property(lines(oneTax), fc.constantFrom('line' as const, 'order' as const), (ls, rounding) => {
        const input: OrderInput = { currency: 'sgd', settings: { pricesIncludeTax: false, rounding }, taxes: TAXES, lines: ls };
        const exclusive = priceOrder(input);
        const inclusive = priceOrder(included(input, exclusive));
        expect(inclusive.total).toBe(exclusive.total);
        expect(inclusive.taxes).toEqual(exclusive.taxes);
        exclusive.lines.forEach((line, i) => {
          const back = inclusive.lines[i]!;
          // Per line, exactly; per order, each line within one minor unit (the order's tax is the same).
          if (rounding === 'line') expect([back.net, back.tax]).toEqual([line.net, line.tax]);
          else expect(Math.abs(back.net - line.net)).toBeLessThanOrEqual(1);
        });
      }),
    );
  });

  it('gives each tax back within one minor unit with several taxes on a line', () => {
    fc.assert(
      fc.property(lines(), (ls) => {
        const input: OrderInput = { currency: 'sgd', settings: { pricesIncludeTax: false, rounding: 'line' }, taxes: TAXES, lines: ls };
        const exclusive = priceOrder(input);
        const inclusive = priceOrder(included(input, exclusive));
        exclusive.lines.forEach((line, i) => {
          const back = inclusive.lines[i]!;
          expect(back.total).toBe(line.total);
          back.taxes.forEach((t, k) => expect(Math.abs(t.amount - line.taxes[k]!.amount)).toBeLessThanOrEqual(1));
          expect(Math.abs(back.net - line.net)).toBeLessThanOrEqual(line.taxes.length);
        });
      }),
    );
  });
});
