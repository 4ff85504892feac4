import { describe, expect, it } from 'vitest';
import { OrderInputError, priceOrder, type PricedOrder } from './order-arithmetic';
import type { OrderInput } from './order-schema';

/** Examples a reader can check by hand; the properties are in order-arithmetic.property.test.ts. */

const GST = { id: 'gst', name: 'GST', rate: 900 };

function refused(input: OrderInput): OrderInputError {
  try {
    priceOrder(input);
  } catch (error) {
    if (error instanceof OrderInputError) return error;
    throw error;
  }
  throw new Error('The order was priced');
}

describe('a café order in Singapore: prices include 9 % GST, 20 % off, 10 % service charge', () => {
  // Two flat whites (SGD 5.50 + oat milk 0.80) and a croissant (4.50): SGD 17.10 as priced.
  const cafe = (surchargeTaxIds: string[] = []): OrderInput => ({
    currency: 'SGD',
    settings: { pricesIncludeTax: true, rounding: 'line' },
    taxes: [GST],
    lines: [
      { id: 'flat-white', productId: 'p-fw', categoryId: 'drinks', unitPrice: 550, quantity: 2, addOns: [{ name: 'Oat milk', price: 80 }], taxIds: ['gst'] },
      { id: 'croissant', productId: 'p-cr', categoryId: 'bakery', unitPrice: 450, quantity: 1, taxIds: ['gst'] },
    ],
    discounts: [{ id: 'staff', name: 'Staff 20 %', value: { type: 'percentage', rate: 2000 }, appliesTo: { type: 'order' } }],
    surcharges: [
      { id: 'service', name: 'Service charge', kind: 'service_charge', value: { type: 'percentage', rate: 1000 }, taxable: true, taxIds: surchargeTaxIds },
    ],
  });

  it('prices each step as written in docs/catalogue.md', () => {
    const order = priceOrder(cafe());
    expect(order.currency).toBe('sgd');
    const [flatWhite, croissant] = order.lines;
    // Lines: 2 × (5.50 + 0.80) = 12.60; 4.50. Subtotal 17.10.
    expect(flatWhite).toMatchObject({ unitAmount: 630, gross: 1260 });
    expect(croissant).toMatchObject({ unitAmount: 450, gross: 450 });
    expect(order.subtotal).toBe(1710);
    // 20 % of 17.10 = 3.42, spread 12.60 : 4.50 -> 2.52 + 0.90 (exact here).
    expect(order.discounts).toEqual([
      {
        id: 'staff',
        name: 'Staff 20 %',
        applied: true,
        amount: 342,
        parts: [
          { lineId: 'flat-white', amount: 252 },
          { lineId: 'croissant', amount: 90 },
        ],
      },
    ]);
    // GST extracted per line: 10.08 × 9/109 = 0.8323 -> 0.83; 3.60 × 9/109 = 0.2972 -> 0.30.
    expect(flatWhite).toMatchObject({ discount: 252, amount: 1008, taxes: [{ taxId: 'gst', amount: 83 }], tax: 83, net: 925, total: 1008 });
    expect(croissant).toMatchObject({ discount: 90, amount: 360, taxes: [{ taxId: 'gst', amount: 30 }], tax: 30, net: 330, total: 360 });
    // Service charge: 10 % of the order before GST, 13.68 × 100/109 = 12.5505 -> 1.255 -> 1.26; GST on it 9 % = 0.1134 -> 0.11.
    expect(order.surcharges).toEqual([
      {
        id: 'service',
        name: 'Service charge',
        kind: 'service_charge',
        taxable: true,
        amount: 126,
        // Spread over the lines before tax: 1.26 × 10.08/13.68 = 0.9284 -> 0.93, and 0.33.
        parts: [
          { lineId: 'flat-white', amount: 93 },
          { lineId: 'croissant', amount: 33 },
        ],
        taxes: [{ taxId: 'gst', amount: 11 }],
        tax: 11,
        total: 137,
      },
    ]);
    expect(order.taxes).toEqual([{ id: 'gst', name: 'GST', rate: 900, base: 925 + 330 + 126, amount: 83 + 30 + 11 }]);
    // 13.68 + 1.26 + 0.11 = 15.05.
    expect(order).toMatchObject({ discount: 342, surcharge: 126, tax: 124, total: 1505 });
  });

  it('taxes the service charge with the tax it names the same way when the lines carry that tax', () => {
    const named = priceOrder(cafe(['gst']));
    const proportional = priceOrder(cafe());
    expect(named.surcharges[0]).toMatchObject({ amount: 126, tax: 11, total: 137 });
    expect(named.total).toBe(proportional.total);
  });

  it('rounds the GST once over the order when the business says so', () => {
    const input = cafe();
    const order = priceOrder({ ...input, settings: { pricesIncludeTax: true, rounding: 'order' } });
    // 13.68 × 9/109 = 1.1295 -> 1.13, the same as 0.83 + 0.30 here.
    expect(order.lines.map((l) => l.tax)).toEqual([83, 30]);
    expect(order.total).toBe(1505);
  });
});

describe('a JPY order: 10 % and 8 % consumption tax added, ¥100 off', () => {
  const order = priceOrder({
    currency: 'JPY',
    settings: { pricesIncludeTax: false, rounding: 'line' },
    taxes: [
      { id: 'standard', name: 'Consumption tax 10 %', rate: 1000 },
      { id: 'reduced', name: 'Consumption tax 8 % (take-away food)', rate: 800 },
    ],
    lines: [
      { id: 'ramen', unitPrice: 980, quantity: 2, taxIds: ['standard'] },
      { id: 'gyoza', unitPrice: 450, quantity: 1, taxIds: ['reduced'] },
    ],
    discounts: [{ id: 'coupon', name: '¥100 off', value: { type: 'fixed', amount: 100 }, appliesTo: { type: 'order' } }],
  });

  it('spreads the discount by largest remainder and rounds each line to the yen', () => {
    // ¥100 over ¥1,960 : ¥450 -> 81.33 and 18.67: whole parts 81 + 18, the yen left goes to the larger remainder.
    expect(order.discounts[0]!.parts).toEqual([
      { lineId: 'ramen', amount: 81 },
      { lineId: 'gyoza', amount: 19 },
    ]);
    // 1,879 × 10 % = 187.9 -> 188; 431 × 8 % = 34.48 -> 34.
    expect(order.lines.map((l) => [l.amount, l.tax, l.total])).toEqual([
      [1879, 188, 2067],
      [431, 34, 465],
    ]);
    expect(order.taxes.map((t) => [t.id, t.base, t.amount])).toEqual([
      ['standard', 1879, 188],
      ['reduced', 431, 34],
    ]);
    expect(order).toMatchObject({ subtotal: 2410, discount: 100, tax: 222, total: 2532 });
  });
});

describe('a KWD order: three decimals, a category discount, a card surcharge', () => {
  const order = priceOrder({
    currency: 'kwd',
    settings: { pricesIncludeTax: false, rounding: 'line' },
    taxes: [{ id: 'vat', name: 'VAT', rate: 500 }],
    lines: [
      { id: 'karak', categoryId: 'drinks', unitPrice: 250, quantity: 3 },
      { id: 'sandwich', categoryId: 'food', unitPrice: 1375, quantity: 1, taxIds: ['vat'] },
    ],
    discounts: [{ id: 'tea-time', name: 'Tea time', value: { type: 'percentage', rate: 1500 }, appliesTo: { type: 'items', categoryIds: ['drinks'] } }],
    surcharges: [{ id: 'card', name: 'Card surcharge', kind: 'card_surcharge', value: { type: 'percentage', rate: 200 }, taxable: false }],
  });

  it('counts in fils', () => {
    // 15 % of 0.750 = 0.1125 -> 0.113 (half away from zero).
    expect(order.lines[0]).toMatchObject({ gross: 750, discounts: [{ discountId: 'tea-time', amount: 113 }], amount: 637, tax: 0, total: 637 });
    // 5 % of 1.375 = 0.06875 -> 0.069.
    expect(order.lines[1]).toMatchObject({ gross: 1375, discount: 0, tax: 69, total: 1444 });
    // 2 % of 2.012 = 0.04024 -> 0.040, not taxed.
    expect(order.surcharges[0]).toMatchObject({ amount: 40, taxes: [], tax: 0, total: 40 });
    expect(order.total).toBe(637 + 1444 + 40);
  });
});

describe('the rules one by one', () => {
  const base = { currency: 'usd', settings: { pricesIncludeTax: false, rounding: 'line' as const } };

  it('rounds half away from zero', () => {
    // 50 cents at 9 % = 4.5 cents -> 5; 5 cents at 10 % = 0.5 -> 1.
    const order = priceOrder({
      ...base,
      taxes: [
        { id: 'a', name: 'A', rate: 900 },
        { id: 'b', name: 'B', rate: 1000 },
      ],
      lines: [
        { id: '1', unitPrice: 50, quantity: 1, taxIds: ['a'] },
        { id: '2', unitPrice: 5, quantity: 1, taxIds: ['b'] },
      ],
    });
    expect(order.lines.map((l) => l.tax)).toEqual([5, 1]);
  });

  it('differs per line and per order as the setting says', () => {
    const input = (rounding: 'line' | 'order'): OrderInput => ({
      ...base,
      settings: { pricesIncludeTax: false, rounding },
      taxes: [GST],
      lines: ['a', 'b', 'c'].map((id) => ({ id, unitPrice: 5, quantity: 1, taxIds: ['gst'] })),
    });
    // 9 % of 5 cents = 0.45 -> 0 on each line; over the order 1.35 -> 1, given to one line (the first id on a tie).
    expect(priceOrder(input('line')).lines.map((l) => l.tax)).toEqual([0, 0, 0]);
    expect(priceOrder(input('order')).lines.map((l) => l.tax)).toEqual([1, 0, 0]);
  });

  it('applies several taxes on one line to the same amount, never tax on tax', () => {
    const taxes = [
      { id: 'gst', name: 'GST', rate: 500 },
      { id: 'pst', name: 'PST', rate: 700 },
    ];
    const exclusive = priceOrder({ ...base, taxes, lines: [{ id: '1', unitPrice: 1000, quantity: 1, taxIds: ['gst', 'pst'] }] });
    expect(exclusive.lines[0]!.taxes).toEqual([
      { taxId: 'gst', amount: 50 },
      { taxId: 'pst', amount: 70 },
    ]);
    // Included: 11.20 × 5/112 = 0.50 and 11.20 × 7/112 = 0.70, the same taxes back.
    const inclusive = priceOrder({
      ...base,
      settings: { pricesIncludeTax: true, rounding: 'line' },
      taxes,
      lines: [{ id: '1', unitPrice: 1120, quantity: 1, taxIds: ['gst', 'pst'] }],
    });
    expect(inclusive.lines[0]).toMatchObject({ net: 1000, tax: 120, total: 1120 });
  });

  it('takes a fixed product discount off each unit, and never below zero when discounts stack', () => {
    const order = priceOrder({
      ...base,
      lines: [{ id: '1', productId: 'mug', unitPrice: 1200, quantity: 3 }],
      discounts: [
        { id: 'two-off', name: '2 off each mug', value: { type: 'fixed', amount: 200 }, appliesTo: { type: 'items', productIds: ['mug'] } },
        { id: 'ninety', name: '90 % off mugs', value: { type: 'percentage', rate: 9000 }, appliesTo: { type: 'items', productIds: ['mug'] } },
      ],
    });
    // 3 × 2.00 = 6.00 off 36.00; 90 % of 36.00 = 32.40, but only 30.00 is left.
    expect(order.lines[0]!.discounts).toEqual([
      { discountId: 'two-off', amount: 600 },
      { discountId: 'ninety', amount: 3000 },
    ]);
    expect(order.total).toBe(0);
  });

  it('lets a discount name lines: two lines of one product are discounted apart', () => {
    const order = priceOrder({
      ...base,
      lines: [
        { id: 'a', productId: 'mug', unitPrice: 1200, quantity: 2 },
        { id: 'b', productId: 'mug', unitPrice: 1200, quantity: 1 },
      ],
      discounts: [
        { id: 'line-b', name: '25 % off line b', value: { type: 'percentage', rate: 2500 }, appliesTo: { type: 'items', lineIds: ['b'] } },
        { id: 'one-off', name: '1 off each unit of line a', value: { type: 'fixed', amount: 100 }, appliesTo: { type: 'items', lineIds: ['a'] } },
      ],
    });
    // Line a: 24.00 − 2 × 1.00 = 22.00; line b: 12.00 − 25 % = 9.00.
    expect(order.lines.map((l) => [l.id, l.discounts, l.net])).toEqual([
      ['a', [{ discountId: 'one-off', amount: 200 }], 2200],
      ['b', [{ discountId: 'line-b', amount: 300 }], 900],
    ]);
    expect(order.total).toBe(3100);
  });

  it('leaves out a discount naming only a line the order does not have', () => {
    const order = priceOrder({
      ...base,
      lines: [{ id: 'a', productId: 'mug', unitPrice: 1200, quantity: 1 }],
      discounts: [{ id: 'gone', name: 'Gone', value: { type: 'percentage', rate: 1000 }, appliesTo: { type: 'items', lineIds: ['z'] } }],
    });
    expect(order.discounts[0]).toMatchObject({ id: 'gone', applied: false, amount: 0 });
    expect(order.total).toBe(1200);
  });

  it('computes several order discounts on the same amount, and stops them at zero', () => {
    const order = (rates: number[]) =>
      priceOrder({
        ...base,
        lines: [{ id: '1', unitPrice: 1000, quantity: 1 }],
        discounts: rates.map((rate, i) => ({
          id: `d${i}`,
          name: `${rate / 100} %`,
          value: { type: 'percentage' as const, rate },
          appliesTo: { type: 'order' as const },
        })),
      });
    // 10 % and 20 % of 10.00: 1.00 + 2.00, not 1.00 + 20 % of 9.00.
    expect(order([1000, 2000]).discounts.map((d) => d.amount)).toEqual([100, 200]);
    // 60 % and 60 %: 6.00, then the 4.00 left.
    expect(order([6000, 6000]).discounts.map((d) => d.amount)).toEqual([600, 400]);
    expect(order([6000, 6000]).total).toBe(0);
  });

  it('never takes a line below zero when included taxes are rounded per order', () => {
    // Three 1-cent lines with two 25 % taxes: each tax is 1/6 cent a line, 0.5 -> 1 cent over the order. Both cents
    // would go to line a on a tie; it holds only 1 cent, so the second goes to line b.
    const order = priceOrder({
      ...base,
      settings: { pricesIncludeTax: true, rounding: 'order' },
      taxes: [
        { id: 'x', name: 'X', rate: 2500 },
        { id: 'y', name: 'Y', rate: 2500 },
      ],
      lines: ['a', 'b', 'c'].map((id) => ({ id, unitPrice: 1, quantity: 1, taxIds: ['x', 'y'] })),
    });
    const taxes = (l: { taxes: { amount: number }[] }) => l.taxes.map((t) => t.amount);
    expect(order.lines.map((l) => [l.id, taxes(l), l.net])).toEqual([
      ['a', [1, 0], 0],
      ['b', [0, 1], 0],
      ['c', [0, 0], 1],
    ]);
    expect(order.total).toBe(3);
  });

  it('leaves out a discount below its minimum spend or naming no line of the order', () => {
    const order = priceOrder({
      ...base,
      lines: [{ id: '1', categoryId: 'beans', unitPrice: 1800, quantity: 1 }],
      discounts: [
        { id: 'big', name: '10 % over 20.00', value: { type: 'percentage', rate: 1000 }, appliesTo: { type: 'order' }, minimumSpend: 2000 },
        { id: 'tea', name: 'Tea', value: { type: 'percentage', rate: 1000 }, appliesTo: { type: 'items', categoryIds: ['tea'] } },
      ],
    });
    expect(order.discounts.map((d) => [d.applied, d.notApplied, d.amount])).toEqual([
      [false, 'minimum_spend', 0],
      [false, 'no_matching_line', 0],
    ]);
    expect(order.total).toBe(1800);
  });
});

describe('refused inputs name their field', () => {
  const valid: OrderInput = {
    currency: 'sgd',
    settings: { pricesIncludeTax: false, rounding: 'line' },
    taxes: [GST],
    lines: [{ id: '1', productId: 'p', unitPrice: 500, quantity: 2, taxIds: ['gst'] }],
  };
  const cases: [string, OrderInput, string][] = [
    ['a tax over 100 %', { ...valid, taxes: [{ ...GST, rate: 10_001 }] }, 'taxes.0.rate'],
    ['a negative price', { ...valid, lines: [{ ...valid.lines[0]!, unitPrice: -1 }] }, 'lines.0.unitPrice'],
    ['a price in fractions of a minor unit', { ...valid, lines: [{ ...valid.lines[0]!, unitPrice: 4.5 }] }, 'lines.0.unitPrice'],
    ['a quantity of 0', { ...valid, lines: [{ ...valid.lines[0]!, quantity: 0 }] }, 'lines.0.quantity'],
    ['a tax the order does not have', { ...valid, lines: [{ ...valid.lines[0]!, taxIds: ['vat'] }] }, 'lines.0.taxIds.0'],
    ['two lines with one id', { ...valid, lines: [valid.lines[0]!, valid.lines[0]!] }, 'lines.1.id'],
    ['an unknown currency', { ...valid, currency: 'xyz' }, 'currency'],
    [
      'an items discount naming nothing',
      { ...valid, discounts: [{ id: 'd', name: 'D', value: { type: 'percentage', rate: 100 }, appliesTo: { type: 'items', lineIds: [] } }] },
      'discounts.0.appliesTo',
    ],
    [
      "a line's taxes over 100 %",
      { ...valid, taxes: [GST, { id: 'x', name: 'X', rate: 9500 }], lines: [{ ...valid.lines[0]!, taxIds: ['gst', 'x'] }] },
      'lines.0.taxIds',
    ],
    [
      'a fixed product discount over the unit price',
      { ...valid, discounts: [{ id: 'd', name: 'D', value: { type: 'fixed', amount: 501 }, appliesTo: { type: 'items', productIds: ['p'] } }] },
      'discounts.0.value.amount',
    ],
    [
      'a fixed order discount over the order',
      { ...valid, discounts: [{ id: 'd', name: 'D', value: { type: 'fixed', amount: 1001 }, appliesTo: { type: 'order' } }] },
      'discounts.0.value.amount',
    ],
    [
      'a percentage discount over 100 %',
      { ...valid, discounts: [{ id: 'd', name: 'D', value: { type: 'percentage', rate: 10_001 }, appliesTo: { type: 'order' } }] },
      'discounts.0.value.rate',
    ],
    [
      'an untaxed surcharge naming a tax',
      { ...valid, surcharges: [{ id: 's', name: 'S', kind: 'service_charge', value: { type: 'fixed', amount: 100 }, taxable: false, taxIds: ['gst'] }] },
      'surcharges.0.taxIds',
    ],
    ['a line too large for one sale', { ...valid, lines: [{ ...valid.lines[0]!, unitPrice: 1_000_000_000_000, quantity: 2 }] }, 'lines.0.quantity'],
  ];

  it.each(cases)('%s', (_, input, field) => {
    const error = refused(input);
    expect(error.field).toBe(field);
    expect(error.status).toBe(422);
    expect(error.issues).toEqual([{ path: field, message: error.message }]);
  });

  it('prices the same order once the field is right', () => {
    const order: PricedOrder = priceOrder(valid);
    expect(order.total).toBe(1090);
  });
});
