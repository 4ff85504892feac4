import { AppError } from '@merchant/core';
import type { StoreCartLine, StoreOrderLine } from '@merchant/catalogue';
import type { StorefrontCatalogue, StorefrontProduct } from '@/modules/catalogue/products/storefront.read-model';
import type { CartView } from './storefront.checkout-pages';
import { isSoldOut, variantLabel } from './storefront.pages';

/** The cart's lines against the storefront's catalogue: the add-ons chosen, the units per variant, a line as sold now, the cart as shown. */

export function checkAddOns(product: StorefrontProduct, ids: string[]): string | null {
  const chosen = new Set(ids);
  const known = new Set(product.addOnGroups.flatMap((g) => g.choices.map((c) => c.id)));
  if ([...chosen].some((id) => !known.has(id))) return 'Choose add-ons from the list.';
  for (const group of product.addOnGroups) {
    const count = group.choices.filter((c) => chosen.has(c.id)).length;
    const min = group.required ? Math.max(1, group.minChoices) : group.minChoices;
    if (count < min) return `Choose at least ${min} of ${group.name}.`;
    if (count > group.maxChoices) return `Choose at most ${group.maxChoices} of ${group.name}.`;
  }
  return null;
}

/** Units per variant (a variant in several lines, with different add-ons, is taken off stock once). */
export function mergeUnits(lines: StoreOrderLine[]): { variantId: string; quantity: number }[] {
  const units = new Map<string, number>();
  for (const l of lines) units.set(l.variant_id, (units.get(l.variant_id) ?? 0) + l.quantity);
  return [...units].map(([variantId, quantity]) => ({ variantId, quantity }));
}

/** A cart line as sold now: name, variant, prices from the catalogue. Throws when it is no longer on sale. */
export function soldLine(
  catalogue: StorefrontCatalogue,
  line: StoreCartLine,
  index: number,
): { product: StorefrontProduct; line: StoreOrderLine; weightGrams: number | null } {
  const product = catalogue.products.find((p) => p.variants.some((v) => v.id === line.variant_id));
  const variant = product?.variants.find((v) => v.id === line.variant_id);
  if (!product || !variant) throw new AppError('STORE_ORDER_STATE', 'An item of the cart is no longer on sale.');
  const choices = product.addOnGroups.flatMap((g) => g.choices);
  const addOns = line.add_on_choice_ids.flatMap((id) => {
    const c = choices.find((x) => x.id === id);
    return c ? [{ id: c.id, name: c.name, price: c.price }] : [];
  });
  return {
    product,
    weightGrams: variant.weightGrams,
    line: {
      id: `l${index + 1}`,
      product_id: product.id,
      variant_id: variant.id,
      name: product.name,
      variant: variantLabel(variant),
      quantity: line.quantity,
      unit_price: variant.price,
      add_ons: addOns,
      total: 0,
      stocked: product.trackStock,
    },
  };
}

export function viewOf(currency: string, catalogue: StorefrontCatalogue, lines: StoreCartLine[]): CartView {
  const units = new Map<string, number>();
  for (const l of lines) units.set(l.variant_id, (units.get(l.variant_id) ?? 0) + l.quantity);
  const shown = lines.map((line, index) => {
    const product = catalogue.products.find((p) => p.variants.some((v) => v.id === line.variant_id));
    const variant = product?.variants.find((v) => v.id === line.variant_id);
    if (!product || !variant) {
      return {
        index,
        name: 'An item no longer on sale',
        variant: null,
        addOns: [],
        quantity: line.quantity,
        unitAmount: 0,
        total: 0,
        problem: 'No longer on sale: remove it',
      };
    }
    const choices = product.addOnGroups.flatMap((g) => g.choices).filter((c) => line.add_on_choice_ids.includes(c.id));
    const unitAmount = variant.price + choices.reduce((s, c) => s + c.price, 0);
    const wanted = units.get(variant.id) ?? 0;
    const problem =
      line.add_on_choice_ids.length !== choices.length
        ? 'Its add-ons changed: remove it and add it again'
        : isSoldOut(product, variant)
          ? 'Sold out: remove it'
          : product.trackStock && !product.allowBackorder && variant.onHand < wanted
            ? `Only ${variant.onHand} left: lower the quantity`
            : null;
    return {
      index,
      name: product.name,
      variant: variantLabel(variant),
      addOns: choices.map((c) => c.name),
      quantity: line.quantity,
      unitAmount,
      total: unitAmount * line.quantity,
      problem,
    };
  });
  return { currency, lines: shown, subtotal: shown.reduce((s, l) => s + l.total, 0) };
}
