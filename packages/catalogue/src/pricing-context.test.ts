import { describe, expect, it } from 'vitest';
import { priceOrder, type OrderLine } from '@merchant/core';
import { assembleOrder, type PricingContext } from './pricing-context';
import { cashierDiscounts } from './pos-orders';

const context: PricingContext = {
  settings: { pricesIncludeTax: false, rounding: 'line' },
  taxes: [
    { id: 'drinks-tax', name: 'Drinks tax', rate: 500, applies_to: 'selected', product_ids: [], category_ids: ['drinks'] },
    // Only the service charge names it (it is not a tax of this location's lines).
    { id: 'service-tax', name: 'Service tax', rate: 1000, applies_to: 'selected', product_ids: [], category_ids: [] },
  ],
  surcharges: [
    { id: 'svc', name: 'Service', kind: 'service_charge', value: { type: 'fixed', amount: 100 }, taxable: true, taxIds: ['service-tax'] },
    { id: 'fee', name: 'Card fee', kind: 'card_surcharge', value: { type: 'fixed', amount: 30 }, taxable: false, taxIds: [] },
  ],
  automatic_discounts: [
    { id: 'too-big', name: 'Too big', value: { type: 'fixed', amount: 5000 }, appliesTo: { type: 'order' }, ends_at: null },
    { id: 'ten', name: 'Ten', value: { type: 'percentage', rate: 1000 }, appliesTo: { type: 'order' }, ends_at: null },
  ],
};
const lines: OrderLine[] = [
  { id: 'l1', productId: 'coffee', categoryId: 'drinks', unitPrice: 500, quantity: 2, addOns: [], taxIds: [] },
  { id: 'l2', productId: 'cake', categoryId: null, unitPrice: 400, quantity: 1, addOns: [], taxIds: [] },
];

describe('assembleOrder', () => {
  it('gives each line its taxes, names only the taxes used, and keeps the surcharges of the kinds asked for', () => {
    const order = assembleOrder(context, { currency: 'sgd', lines, surchargeKinds: ['service_charge'] });
    expect(order.lines.map((l) => [l.id, l.taxIds])).toEqual([
      ['l1', ['drinks-tax']],
      ['l2', []],
    ]);
    expect(order.taxes?.map((t) => t.id)).toEqual(['drinks-tax', 'service-tax']);
    expect(order.surcharges?.map((s) => s.id)).toEqual(['svc']);
    // The automatic discount the order cannot take (5 000 off 1 400) is left out; the other applies.
    expect(order.discounts?.map((d) => d.id)).toEqual(['ten']);
  });

  it('puts the cashier’s discounts after the automatic ones, a line discount on its line only', () => {
    const extra = cashierDiscounts(
      [
        { id: 'l1', discount: { type: 'fixed', amount: 100 } },
        { id: 'l2', discount: null },
      ],
      null,
    );
    const priced = priceOrder(assembleOrder(context, { currency: 'sgd', lines, extraDiscounts: extra, surchargeKinds: [] }));
    expect(priced.discounts.map((d) => d.id)).toEqual(['ten', 'd-l1']);
    // l1: 1000 − 200 (cashier) − 10 % of 800 = 720; l2: 400 − 40 = 360.
    expect(priced.lines.map((l) => [l.id, l.net])).toEqual([
      ['l1', 720],
      ['l2', 360],
    ]);
  });

  it('refuses a chosen discount the order cannot take on its place in discountIds', () => {
    const chosen = [{ id: 'big', name: 'Big', value: { type: 'fixed' as const, amount: 5000 }, appliesTo: { type: 'order' as const } }];
    expect(() => assembleOrder(context, { currency: 'sgd', lines, chosen })).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ path: 'discountIds.0' })] }),
    );
  });

  it('leaves out an automatic discount whose schedule ended at the time of the sale', () => {
    const ended = { ...context, automatic_discounts: [{ ...context.automatic_discounts[1]!, ends_at: '2026-01-01T00:00:00.000Z' }] };
    expect(assembleOrder(ended, { currency: 'sgd', lines, at: new Date('2026-02-01T00:00:00Z') }).discounts).toEqual([]);
    expect(assembleOrder(ended, { currency: 'sgd', lines, at: new Date('2025-12-01T00:00:00Z') }).discounts?.map((d) => d.id)).toEqual(['ten']);
  });
});
