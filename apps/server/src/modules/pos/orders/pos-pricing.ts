import type { CashierDiscount } from '@merchant/catalogue';
import type { OrderDiscount, OrderInput } from '@merchant/core';

/** A sale's line as the register sends it, with the catalogue's price and add-ons already read. */
export interface PricingLine {
  id: string;
  productId: string | null;
  categoryId: string | null;
  unitPrice: number;
  quantity: number;
  addOns: { id: string | null; name: string; price: number }[];
  discount: CashierDiscount | null;
}

const valueOf = (d: CashierDiscount): OrderDiscount['value'] =>
  d.type === 'percentage' ? { type: 'percentage', rate: d.rate } : { type: 'fixed', amount: d.amount };

/** The key that lets a cashier's line discount name exactly its line (two lines of one product are discounted apart). */
export const lineKey = (lineId: string) => `line:${lineId}`;

/**
 * The order the register's sale is priced from (`priceOrder`): the catalogue's prices, the cashier's line and order
 * discounts, no taxes or surcharges and the default settings (prices exclude tax, tax rounded per line).
 *
 * THE SEAM: this is where the catalogue's taxes, discounts and surcharges plug in. When `prepareOrder(tx, businessId,
 * { channel: 'pos', locationId, at, lines, extraDiscounts })` is merged, it replaces this function: the lines go in as
 * they are and the cashier's discounts below are its `extraDiscounts`. A line discount names its line through
 * `lineKey` (set as the line's product id here); prepareOrder must keep a line addressable the same way.
 */
export function posOrderInput(currency: string, lines: PricingLine[], orderDiscount: CashierDiscount | null): OrderInput {
  const discounts: OrderDiscount[] = lines.flatMap((l) =>
    l.discount
      ? [
          {
            id: `d-${l.id}`,
            name: 'Line discount',
            value: valueOf(l.discount),
            appliesTo: { type: 'items' as const, productIds: [lineKey(l.id)], categoryIds: [] },
          },
        ]
      : [],
  );
  if (orderDiscount) discounts.push({ id: 'd-order', name: 'Order discount', value: valueOf(orderDiscount), appliesTo: { type: 'order' } });
  return {
    currency,
    settings: { pricesIncludeTax: false, rounding: 'line' },
    lines: lines.map((l) => ({
      id: l.id,
      productId: lineKey(l.id),
      categoryId: l.categoryId,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      addOns: l.addOns.map((a) => ({ ...(a.id ? { id: a.id } : {}), name: a.name, price: a.price })),
      taxIds: [],
    })),
    taxes: [],
    discounts,
    surcharges: [],
  };
}
