import type { StoreDeliveryMethod, StoreOrderAddress } from '@merchant/catalogue';
import { currencyDecimals, type OrderDiscount, type OrderSettings, type OrderTax } from '@merchant/core';
import type { Executor } from '@/db/client';

/**
 * The three seams of the storefront's checkout (docs/online-store.md, "Storefront"). Each is ONE function that the
 * integrator wires to another engineer's work: shipping zones and rates and coupons ("Shipping and coupons"), and the
 * catalogue's taxes (`prepareOrder`). Until then they answer the placeholders below, and say so.
 */

export interface DeliveryQuoteInput {
  businessId: string;
  currency: string;
  method: StoreDeliveryMethod;
  address: StoreOrderAddress | null;
  /** The lines' amount after discounts, before tax. */
  subtotal: number;
  units: number;
}

export type DeliveryQuote = { ok: true; amount: number; label: string } | { ok: false; message: string };

/**
 * SEAM (shipping zones and rates): what delivery costs. Pickup at the store's location is free. Shipping is, until the
 * shipping rates are wired in, one flat placeholder rate of 5 units of the currency (SGD 5.00, JPY 5), to every address.
 */
/** Five units of a currency in its minor units, by its decimals. */
const FLAT_SHIPPING: Record<0 | 2 | 3, number> = { 0: 5, 2: 500, 3: 5000 };

export async function quoteDelivery(_db: Executor, input: DeliveryQuoteInput): Promise<DeliveryQuote> {
  if (input.method === 'pickup') return { ok: true, amount: 0, label: 'Pickup at the store' };
  if (!input.address) return { ok: false, message: 'Enter the shipping address' };
  return { ok: true, amount: FLAT_SHIPPING[currencyDecimals(input.currency)], label: 'Standard shipping' };
}

export type CouponResult = { ok: true; discount: OrderDiscount } | { ok: false; message: string };

/**
 * SEAM (coupons): the order discount a coupon code gives. No coupons exist until the coupons are wired in, so every
 * code is refused with the sentence the customer reads.
 */
export async function applyCoupon(_db: Executor, input: { businessId: string; code: string; subtotal: number; currency: string }): Promise<CouponResult> {
  return { ok: false, message: `The coupon ${input.code} is not valid.` };
}

/**
 * SEAM (the catalogue's taxes, another engineer's `prepareOrder`): the taxes of the store's sales and the business's
 * two settings, and which taxes each product's lines carry. None until it is wired in.
 */
export async function storeTaxes(
  _db: Executor,
  _input: { businessId: string; locationId: string; productIds: string[] },
): Promise<{ settings: OrderSettings; taxes: OrderTax[]; taxIdsOf: (productId: string) => string[] }> {
  return { settings: { pricesIncludeTax: false, rounding: 'line' }, taxes: [], taxIdsOf: () => [] };
}
