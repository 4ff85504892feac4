import { ADD_ONS_NOT_KEPT, LINE_DISCOUNT_NOT_KEPT, type RegisterDraft, type SaveRegisterDraftBody } from '@merchant/pos';
import { EMPTY_CART, type Cart } from './cart';
import type { QuickSaleValue } from '../components/quick-sale';

/**
 * A draft order as the register rings it up (docs/pos.md, "Draft orders on the register"): its catalogue lines into
 * the cart at the catalogue's prices now, with its customer, note and discount (a fixed amount off the order); a
 * draft of a custom amount as a quick sale of its total. A draft with a line the register no longer sells is not
 * opened (the sale would not be the draft's): `problem` says which.
 */
export type OpenedDraft = { kind: 'cart'; cart: Cart } | { kind: 'quick'; value: QuickSaleValue } | { kind: 'problem'; problem: string };

export function openDraft(draft: RegisterDraft, key: (index: number) => string = () => crypto.randomUUID()): OpenedDraft {
  const ref = { id: draft.id, number: draft.number };
  if (draft.lines.length === 0) return { kind: 'problem', problem: `Draft order #${draft.number} has no lines to charge.` };
  if (draft.lines.every((l) => l.product_id === null)) {
    return { kind: 'quick', value: { amount: draft.total.amount, description: `Draft order #${draft.number}`, draft: ref } };
  }
  const unsold = draft.lines.find((l) => !l.sellable || l.variant_id === null || l.product_id === null || l.unit_price === null);
  if (unsold) return { kind: 'problem', problem: `“${unsold.name}” is no longer sold at the register: change the draft first.` };
  return {
    kind: 'cart',
    cart: {
      ...EMPTY_CART,
      lines: draft.lines.map((l, i) => ({
        key: key(i),
        productId: l.product_id!,
        variantId: l.variant_id!,
        categoryId: l.category_id,
        name: l.name,
        unitPrice: l.unit_price!.amount,
        quantity: l.quantity,
        addOns: [],
        discount: null,
      })),
      orderDiscount: draft.discount.amount > 0 ? { type: 'fixed', amount: draft.discount.amount } : null,
      customer: draft.customer,
      note: draft.note ?? '',
      draft: ref,
    },
  };
}

/** How long the draft was kept for, shortly ("under a minute", "5 min", "3 h", "2 d"). */
export function draftAge(createdAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / (24 * 60))} d`;
}

/**
 * Why the cart cannot be saved as an open order (docs/pos.md, "Saving the cart as an open order"): a draft keeps
 * neither add-ons nor a discount per line, so such a line is named and the save refused, as the server refuses it.
 */
export function saveProblem(cart: Cart): string | null {
  const withAddOns = cart.lines.find((l) => l.addOns.length > 0);
  if (withAddOns) return `“${withAddOns.name}” has add-ons. ${ADD_ONS_NOT_KEPT}`;
  const discounted = cart.lines.find((l) => l.discount);
  if (discounted) return `“${discounted.name}” has a discount of its own. ${LINE_DISCOUNT_NOT_KEPT}`;
  return null;
}

/** What an open order does not keep of the cart (the tip, the table number), to say so before saving. */
export function notKept(cart: Cart): string[] {
  return [...(cart.tip > 0 ? ['the tip'] : []), ...(cart.tableNumber.trim() ? ['the table number'] : [])];
}

/** The cart as the open order the register saves: its lines at the prices it shows, its customer, the note given and its discount. */
export function savedCartBody(cart: Cart, locationId: string, note: string): SaveRegisterDraftBody {
  return {
    location_id: locationId,
    lines: cart.lines.map((l) => ({
      variant_id: l.variantId,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      add_on_ids: l.addOns.map((a) => a.id),
      discount: l.discount,
    })),
    customer_id: cart.customer?.id ?? null,
    note: note.trim() || null,
    order_discount: cart.orderDiscount,
  };
}
