import { describe, expect, it } from 'vitest';
import type { PricingContext } from '@merchant/catalogue';
import { addLine, cartOrderInput, cartTotals, changeDue, EMPTY_CART, removeLine, saleBody, setLineDiscount, setQuantity, type CartLine } from './cart';

const line = (over: Partial<Omit<CartLine, 'key'>> = {}): Omit<CartLine, 'key'> => ({
  productId: 'p1',
  variantId: 'v1',
  categoryId: null,
  name: 'Latte',
  unitPrice: 450,
  quantity: 1,
  addOns: [],
  discount: null,
  ...over,
});

describe('the register cart', () => {
  it('adds the same variant with the same add-ons to the line already there, and keeps others apart', () => {
    let cart = addLine(EMPTY_CART, line(), 'a');
    cart = addLine(cart, line({ quantity: 2 }), 'b');
    cart = addLine(cart, line({ addOns: [{ id: 'oat', name: 'Oat milk', price: 80 }] }), 'c');
    expect(cart.lines.map((l) => [l.key, l.quantity])).toEqual([
      ['a', 3],
      ['c', 1],
    ]);
    cart = setLineDiscount(cart, 'a', { type: 'percentage', rate: 1000 });
    cart = addLine(cart, line(), 'd');
    expect(cart.lines.map((l) => l.key)).toEqual(['a', 'c', 'd']);
    expect(setQuantity(cart, 'c', 0).lines.map((l) => l.key)).toEqual(['a', 'd']);
    expect(removeLine(cart, 'a').lines.map((l) => l.key)).toEqual(['c', 'd']);
  });

  it('prices like the server: lines numbered l1, l2, a line discount on its line only, the order discount over all, the tip on top', () => {
    let cart = addLine(EMPTY_CART, line({ quantity: 2 }), 'a'); // 900
    cart = addLine(cart, line({ variantId: 'v2', unitPrice: 300, addOns: [{ id: 'x', name: 'Shot', price: 50 }] }), 'b'); // 350
    cart = setLineDiscount(cart, 'a', { type: 'fixed', amount: 100 }); // 100 off each unit: -200
    cart = { ...cart, orderDiscount: { type: 'percentage', rate: 1000 }, tip: 120 }; // 10 % of 1050: -105
    const input = cartOrderInput('sgd', cart);
    expect(input.lines.map((l) => [l.id, l.productId])).toEqual([
      ['l1', 'p1'],
      ['l2', 'p1'],
    ]);
    // The line discount names its line (two lines of one product are discounted apart).
    expect(input.discounts?.[0]?.appliesTo).toEqual({ type: 'items', productIds: [], categoryIds: [], lineIds: ['l1'] });
    const totals = cartTotals('sgd', cart);
    expect(totals.priced?.subtotal).toBe(1250);
    expect(totals.priced?.discount).toBe(305);
    expect(totals.priced?.total).toBe(945);
    expect(totals.due).toBe(1065);
    expect(totals.problem).toBeNull();
  });

  it('prices with the location’s context: its tax on every line, a taxed service charge, the card fee only by card', () => {
    const context: PricingContext = {
      settings: { pricesIncludeTax: false, rounding: 'line' },
      taxes: [{ id: 'gst', name: 'GST', rate: 900, applies_to: 'all_products', product_ids: [], category_ids: [] }],
      surcharges: [
        { id: 'svc', name: 'Service', kind: 'service_charge', value: { type: 'percentage', rate: 1000 }, taxable: true, taxIds: ['gst'] },
        { id: 'fee', name: 'Card fee', kind: 'card_surcharge', value: { type: 'fixed', amount: 30 }, taxable: false, taxIds: [] },
      ],
      automatic_discounts: [
        {
          id: 'spring',
          name: 'Spring 5 %',
          value: { type: 'percentage', rate: 500 },
          appliesTo: { type: 'order' },
          ends_at: '2026-05-01T00:00:00.000Z',
        },
      ],
    };
    let cart = addLine(EMPTY_CART, line({ quantity: 2 }), 'a'); // 900
    cart = addLine(cart, line({ variantId: 'v2', unitPrice: 300, addOns: [{ id: 'x', name: 'Shot', price: 50 }] }), 'b'); // 350
    cart = setLineDiscount(cart, 'a', { type: 'fixed', amount: 100 }); // 100 off each unit: 700
    cart = { ...cart, orderDiscount: { type: 'percentage', rate: 1000 }, tip: 120 }; // 10 % of 1050 = 105: lines 630 and 315
    const june = new Date('2026-06-01T00:00:00Z');
    const totals = cartTotals('sgd', cart, { context, at: june });
    // Service 10 % of 945 = 94.5 → 95; its GST 9 % of 95 = 8.55 → 9. Lines' GST: 9 % of 630 = 56.7 → 57, of 315 = 28.35 → 28.
    expect(totals.priced?.lines.map((l) => [l.id, l.net, l.tax])).toEqual([
      ['l1', 630, 57],
      ['l2', 315, 28],
    ]);
    expect(totals.priced?.surcharges.map((x) => [x.id, x.amount, x.tax])).toEqual([['svc', 95, 9]]);
    expect(totals.priced?.tax).toBe(57 + 28 + 9);
    expect(totals.priced?.total).toBe(945 + 95 + 94);
    expect(totals.due).toBe(1134 + 120);
    // Paid by card, the card fee (not taxed) is added.
    expect(cartTotals('sgd', cart, { context, at: june, card: true }).priced?.total).toBe(1134 + 30);
    // Before its schedule ended, the automatic discount applies: 5 % of the 1050 after the line discount (order
    // discounts do not compound): 52.5 → 53.
    const april = cartTotals('sgd', cart, { context, at: new Date('2026-04-01T00:00:00Z') });
    expect(april.priced?.discounts.find((d) => d.id === 'spring')).toMatchObject({ applied: true, amount: 53 });
  });

  it('says why a cart cannot be priced instead of showing a wrong total', () => {
    const cart = setLineDiscount(addLine(EMPTY_CART, line(), 'a'), 'a', { type: 'fixed', amount: 500 });
    const totals = cartTotals('sgd', cart);
    expect(totals.priced).toBeNull();
    expect(totals.problem).toMatch(/./);
  });

  it('builds the sale body the server takes, and the change of the cash handed over', () => {
    const cart = {
      ...addLine(EMPTY_CART, line({ addOns: [{ id: 'oat', name: 'Oat', price: 80 }] }), 'a'),
      note: '  ',
      tableNumber: ' 12 ',
      customer: { id: 'c1', name: 'Ann' },
    };
    const tenders = [{ kind: 'cash' as const, amount: 530, tendered: 1000 }];
    const body = saleBody({ idempotencyKey: 'k1', locationId: 'loc', tenders, cart });
    expect(body).toMatchObject({
      idempotency_key: 'k1',
      location_id: 'loc',
      lines: [{ variant_id: 'v1', quantity: 1, add_on_ids: ['oat'], discount: null }],
      customer_id: 'c1',
      table_number: '12',
      note: null,
      tenders: [{ kind: 'cash', amount: 530, tendered: 1000 }],
    });
    expect(changeDue(tenders)).toBe(470);
    const quick = saleBody({ idempotencyKey: 'k2', locationId: 'loc', tenders, quickSale: { amount: 530, description: 'Repair' } });
    expect(quick).toEqual({
      idempotency_key: 'k2',
      location_id: 'loc',
      tenders: [{ kind: 'cash', amount: 530, tendered: 1000 }],
      quick_sale: { amount: 530, description: 'Repair' },
    });
  });
});
