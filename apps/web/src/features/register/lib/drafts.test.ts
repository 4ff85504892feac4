import { describe, expect, it } from 'vitest';
import type { RegisterDraft } from '@merchant/pos';
import { SaveRegisterDraftBodySchema } from '@merchant/pos';
import { cartTotals, saleBody } from './cart';
import { draftAge, notKept, openDraft, savedCartBody, saveProblem } from './drafts';

const money = (amount: number) => ({ amount, currency: 'sgd' });
const VARIANT = '0190a000-0000-7000-8000-000000000001';
const PRODUCT = '0190a000-0000-7000-8000-000000000002';
const LOCATION = '0190a000-0000-7000-8000-000000000009';
const draft = (over: Partial<RegisterDraft> = {}): RegisterDraft => ({
  id: '0190a000-0000-7000-8000-000000000003',
  number: 7,
  location: null,
  customer: { id: '0190a000-0000-7000-8000-000000000004', name: 'Ada Tan' },
  note: 'Pick up at 5',
  discount: money(1_00),
  discount_reason: 'Regular',
  subtotal: money(12_00),
  total: money(11_00),
  lines: [
    {
      line_id: 'l1',
      product_id: PRODUCT,
      variant_id: VARIANT,
      category_id: null,
      name: 'Flat white',
      quantity: 2,
      draft_unit_price: money(6_00),
      unit_price: money(6_00),
      sellable: true,
    },
  ],
  created_at: '2026-01-01T10:00:00.000Z',
  ...over,
});

describe('opening a draft on the register', () => {
  it('loads its lines, customer, note and discount into the cart; the sale names the draft', () => {
    const opened = openDraft(draft(), (i) => `k${i}`);
    if (opened.kind !== 'cart') throw new Error(`opened as ${opened.kind}`);
    expect(opened.cart).toMatchObject({
      lines: [{ key: 'k0', productId: PRODUCT, variantId: VARIANT, name: 'Flat white', unitPrice: 6_00, quantity: 2, addOns: [], discount: null }],
      orderDiscount: { type: 'fixed', amount: 1_00 },
      customer: { name: 'Ada Tan' },
      note: 'Pick up at 5',
      draft: { number: 7 },
    });
    expect(cartTotals('sgd', opened.cart).due).toBe(11_00);
    const body = saleBody({ idempotencyKey: 'k', locationId: VARIANT, tenders: [{ kind: 'cash', amount: 11_00, tendered: 20_00 }], cart: opened.cart });
    expect(body).toMatchObject({
      draft_id: draft().id,
      customer_id: draft().customer!.id,
      note: 'Pick up at 5',
      order_discount: { type: 'fixed', amount: 1_00 },
    });
  });

  it('opens a custom amount as a quick sale of its total, and refuses a line the register no longer sells', () => {
    const custom = draft({
      lines: [{ ...draft().lines[0]!, product_id: null, variant_id: null, name: 'Custom amount', quantity: 1, unit_price: null, sellable: false }],
    });
    expect(openDraft(custom)).toEqual({ kind: 'quick', value: { amount: 11_00, description: 'Draft order #7', draft: { id: custom.id, number: 7 } } });
    const gone = draft({ lines: [{ ...draft().lines[0]!, unit_price: null, sellable: false }] });
    expect(openDraft(gone)).toEqual({ kind: 'problem', problem: '“Flat white” is no longer sold at the register: change the draft first.' });
  });

  it('says its age shortly', () => {
    const now = new Date('2026-01-01T12:30:00.000Z');
    expect(
      ['2026-01-01T12:29:30.000Z', '2026-01-01T12:25:00.000Z', '2026-01-01T09:00:00.000Z', '2025-12-28T12:00:00.000Z'].map((at) => draftAge(at, now)),
    ).toEqual(['under a minute', '5 min', '3 h', '4 d']);
  });
});

describe('saving the cart as an open order', () => {
  const opened = () => {
    const o = openDraft(draft(), (i) => `k${i}`);
    if (o.kind !== 'cart') throw new Error(`opened as ${o.kind}`);
    return o.cart;
  };

  it('sends its lines at the prices the cart shows, its customer, the note given and its discount, as the server reads them', () => {
    const cart = { ...opened(), tip: 2_00, tableNumber: ' 4 ' };
    const body = savedCartBody(cart, LOCATION, '  Ada, back at 5 ');
    expect(body).toEqual({
      location_id: LOCATION,
      lines: [{ variant_id: VARIANT, quantity: 2, unit_price: 6_00, add_on_ids: [], discount: null }],
      customer_id: draft().customer!.id,
      note: 'Ada, back at 5',
      order_discount: { type: 'fixed', amount: 1_00 },
    });
    expect(SaveRegisterDraftBodySchema.safeParse(body).success).toBe(true);
    expect(savedCartBody(cart, LOCATION, '   ').note).toBeNull();
    expect(saveProblem(cart)).toBeNull();
    expect(notKept(cart)).toEqual(['the tip', 'the table number']);
  });

  it('refuses a line with add-ons or a discount of its own, naming it, as the server does', () => {
    const base = opened();
    const withAddOn = { ...base, lines: [{ ...base.lines[0]!, addOns: [{ id: VARIANT, name: 'Oat milk', price: 80 }] }] };
    expect(saveProblem(withAddOn)).toMatch(/^“Flat white” has add-ons\. An open order keeps no add-ons/);
    const discounted = { ...base, lines: [{ ...base.lines[0]!, discount: { type: 'percentage' as const, rate: 10_00 } }] };
    expect(saveProblem(discounted)).toMatch(/^“Flat white” has a discount of its own\. An open order keeps no discount per line/);
    const refused = SaveRegisterDraftBodySchema.safeParse(savedCartBody(withAddOn, LOCATION, ''));
    expect(refused.success ? [] : refused.error.issues.map((i) => i.path.join('.'))).toEqual(['lines.0.add_on_ids']);
  });
});
