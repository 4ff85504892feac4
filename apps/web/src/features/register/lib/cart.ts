import { priceOrder, type OrderInput, type PricedOrder } from '@merchant/core';
import { assembleOrder, cashierDiscounts, type CashierDiscount, type CreateSaleBody, type PricingContext } from '@merchant/catalogue';

/**
 * The register's cart (docs/pos.md, "The register"): what the cashier rings up, kept in the browser until the sale is
 * recorded. The server prices every sale itself (`POST .../pos/orders`); the cart prices it the same way, with the same
 * functions (`assembleOrder` on the location's pricing context, `priceOrder`) on the same inputs, to show the totals
 * and the change as the cashier works, offline too; the sale's tenders must come to the server's total or it is
 * refused. Pure functions: the screen keeps the state.
 */

export interface CartAddOn {
  id: string;
  name: string;
  price: number;
}

export interface CartLine {
  /** The cart's own key for the line (the server numbers lines itself, in the cart's order). */
  key: string;
  productId: string;
  variantId: string;
  categoryId: string | null;
  /** The product's name with its variant's option values ("Latte · Large"). */
  name: string;
  unitPrice: number;
  quantity: number;
  addOns: CartAddOn[];
  discount: CashierDiscount | null;
}

export interface Cart {
  lines: CartLine[];
  orderDiscount: CashierDiscount | null;
  tip: number;
  customer: { id: string; name: string } | null;
  tableNumber: string;
  note: string;
  /** The draft order the cart was opened from: the sale pays it (once). */
  draft?: { id: string; number: number } | null;
}

export const EMPTY_CART: Cart = { lines: [], orderDiscount: null, tip: 0, customer: null, tableNumber: '', note: '', draft: null };

const sameAddOns = (a: readonly CartAddOn[], b: readonly CartAddOn[]) =>
  a.length === b.length && [...a.map((x) => x.id)].sort().join() === [...b.map((x) => x.id)].sort().join();

/** Adds a line; the same variant with the same add-ons and no discount of its own adds to the line already there. */
export function addLine(cart: Cart, line: Omit<CartLine, 'key'>, key: string): Cart {
  const same = cart.lines.find((l) => l.variantId === line.variantId && !l.discount && !line.discount && sameAddOns(l.addOns, line.addOns));
  if (same) return setQuantity(cart, same.key, same.quantity + line.quantity);
  return { ...cart, lines: [...cart.lines, { ...line, key }] };
}

/** A quantity below one takes the line off. */
export function setQuantity(cart: Cart, key: string, quantity: number): Cart {
  if (quantity < 1) return removeLine(cart, key);
  return { ...cart, lines: cart.lines.map((l) => (l.key === key ? { ...l, quantity } : l)) };
}

export function removeLine(cart: Cart, key: string): Cart {
  return { ...cart, lines: cart.lines.filter((l) => l.key !== key) };
}

export function setLineDiscount(cart: Cart, key: string, discount: CashierDiscount | null): Cart {
  return { ...cart, lines: cart.lines.map((l) => (l.key === key ? { ...l, discount } : l)) };
}

const lineId = (index: number) => `l${index + 1}`;

/** How the cart is priced besides its lines: the location's pricing context (none yet: no taxes, surcharges or
 * automatic discounts), whether a card pays (the card surcharge applies then) and when (automatic discounts ended by
 * then are left out). */
export interface CartPricing {
  context: PricingContext | null;
  card?: boolean;
  at?: Date;
}

/** Without a context: the prices as they are (the register before its context first loads). */
const NO_CONTEXT: PricingContext = { settings: { pricesIncludeTax: false, rounding: 'line' }, taxes: [], surcharges: [], automatic_discounts: [] };

/**
 * The order the cart prices, built as the server builds it (`assembleOrder` on the location's pricing context, the
 * cashier's discounts from `cashierDiscounts`): its lines numbered as the server numbers them (`l1`, `l2`, ...: the
 * arithmetic breaks ties by line id), with their products and categories (taxes and automatic discounts name them),
 * a line's own discount naming that line only, the order discount on the whole order.
 */
export function cartOrderInput(currency: string, cart: Cart, pricing: CartPricing = { context: null }): OrderInput {
  const lines = cart.lines.map((l, i) => ({
    id: lineId(i),
    productId: l.productId,
    categoryId: l.categoryId,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    addOns: l.addOns.map((a) => ({ id: a.id, name: a.name, price: a.price })),
    taxIds: [],
  }));
  return assembleOrder(pricing.context ?? NO_CONTEXT, {
    currency,
    lines,
    extraDiscounts: cashierDiscounts(
      cart.lines.map((l, i) => ({ id: lineId(i), discount: l.discount })),
      cart.orderDiscount,
    ),
    surchargeKinds: pricing.card ? ['service_charge', 'card_surcharge'] : ['service_charge'],
    at: pricing.at ?? new Date(),
  });
}

export interface CartTotals {
  priced: PricedOrder | null;
  /** What the customer pays: the priced total and the tip. */
  due: number;
  /** Why the cart cannot be priced (a fixed discount above a unit's price...), as the arithmetic says it. */
  problem: string | null;
}

export function cartTotals(currency: string, cart: Cart, pricing: CartPricing = { context: null }): CartTotals {
  if (cart.lines.length === 0) return { priced: null, due: cart.tip, problem: null };
  try {
    const priced = priceOrder(cartOrderInput(currency, cart, pricing));
    return { priced, due: priced.total + cart.tip, problem: null };
  } catch (error) {
    return { priced: null, due: 0, problem: error instanceof Error ? error.message : 'This cart cannot be priced' };
  }
}

export type Tender = { kind: 'cash'; amount: number; tendered: number } | { kind: 'card' | 'paynow'; amount: number; paymentId: string };

/** The change due on cash: what was handed over above the cash part. */
export const changeDue = (tenders: readonly Tender[]) => tenders.reduce((sum, t) => sum + (t.kind === 'cash' ? t.tendered - t.amount : 0), 0);

/** The sale the register sends for the cart (or a quick sale of an amount). */
export function saleBody(
  input: { idempotencyKey: string; locationId: string; tenders: readonly Tender[] } & (
    { cart: Cart } | { quickSale: { amount: number; description: string }; draftId?: string | null }
  ),
): CreateSaleBody {
  const tenders = input.tenders.map((t) =>
    t.kind === 'cash' ? { kind: 'cash' as const, amount: t.amount, tendered: t.tendered } : { kind: t.kind, amount: t.amount, payment_id: t.paymentId },
  );
  const base = { idempotency_key: input.idempotencyKey, location_id: input.locationId, tenders };
  if ('quickSale' in input) return { ...base, quick_sale: input.quickSale, ...(input.draftId ? { draft_id: input.draftId } : {}) };
  const { cart } = input;
  return {
    ...base,
    lines: cart.lines.map((l) => ({ variant_id: l.variantId, quantity: l.quantity, add_on_ids: l.addOns.map((a) => a.id), discount: l.discount })),
    order_discount: cart.orderDiscount,
    tip: cart.tip,
    customer_id: cart.customer?.id ?? null,
    table_number: cart.tableNumber.trim() || null,
    note: cart.note.trim() || null,
    ...(cart.draft ? { draft_id: cart.draft.id } : {}),
  };
}
