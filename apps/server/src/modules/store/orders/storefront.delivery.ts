import type { StoreDeliveryChoice } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import type { StorefrontCatalogue } from '@/modules/catalogue/products/storefront.read-model';
import type { ShippingService } from '@/modules/store/shipping/shipping.service';
import type { CheckoutValues } from './storefront.checkout-pages';
import { addressLine } from './storefront.checkout-form';

export const NO_RATE_MESSAGE = 'We do not ship to this address. Check the country and postal code, or pick up your order.';

/**
 * The delivery the checkout chose, priced now: a rate of the shipping zone that covers the address (weight from
 * the variants, order value the subtotal before discounts) or a pickup point; without pickup points, pickup at the
 * store's location. Errors are shown beside their fields.
 */
export async function chooseDelivery(
  shipping: Pick<ShippingService, 'quoteDelivery' | 'listPickups'>,
  tx: Executor,
  businessId: string,
  values: CheckoutValues,
  subtotal: number,
  weightGrams: number,
  storeLocation: NonNullable<StorefrontCatalogue['location']>,
): Promise<{ ok: true; amount: number; choice: StoreDeliveryChoice } | { ok: false; errors: Record<string, string> }> {
  if (values.delivery === 'shipping') {
    const { rates } = await shipping.quoteDelivery(tx, businessId, { country: values.country, postcode: values.postal_code, weightGrams, subtotal });
    if (rates.length === 0) return { ok: false, errors: { rate: NO_RATE_MESSAGE } };
    const rate = rates.find((r) => r.id === values.rate);
    if (!rate) return { ok: false, errors: { rate: 'Choose how your order is shipped' } };
    return { ok: true, amount: rate.amount, choice: { kind: 'rate', id: rate.id, name: rate.name, estimate: rate.estimate } };
  }
  const pickups = await shipping.listPickups(tx, businessId);
  if (pickups.length === 0)
    return { ok: true, amount: 0, choice: { kind: 'pickup', id: null, name: storeLocation.name, address: addressLine(storeLocation.address) } };
  const pickup = pickups.find((p) => p.id === values.pickup);
  if (!pickup) return { ok: false, errors: { pickup: 'Choose where you pick up your order' } };
  return { ok: true, amount: 0, choice: { kind: 'pickup', id: pickup.id, name: pickup.name, address: addressLine(pickup.location.address) } };
}
