import { STORE_FULFILMENT_LABELS, STORE_ORDER_STATUS_LABELS, STORE_POLICY_TITLES } from '@merchant/catalogue';
import { html, type Html } from './html';
import { layout, money, policyPath, type StorePage } from './storefront.layout';
import type { StoreOrderRow } from './store.repository';

/** A cart's line as the cart page shows it, priced from the catalogue now. */
export interface CartView {
  currency: string;
  lines: {
    index: number;
    name: string;
    variant: string | null;
    addOns: string[];
    quantity: number;
    unitAmount: number;
    total: number;
    problem: string | null;
  }[];
  subtotal: number;
}

export interface CheckoutValues {
  email: string;
  name: string;
  delivery: 'pickup' | 'shipping';
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  coupon: string;
  /** The shipping rate chosen (its id), once the address has rates. */
  rate: string;
  /** The pickup point chosen (its id), when the business has pickup points. */
  pickup: string;
  /** Asked when the store settings say so. */
  phone: string;
  note: string;
}

/** What the checkout offers to deliver by: pickup points (none: the store's location) and the rates for the address, once given. */
export interface DeliveryOptions {
  rates: { id: string; name: string; amount: number; estimate: string | null }[] | null;
  pickups: { id: string; name: string; address: string; instructions: string | null }[];
}

export const EMPTY_CHECKOUT: CheckoutValues = {
  email: '',
  name: '',
  delivery: 'pickup',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postal_code: '',
  country: '',
  coupon: '',
  rate: '',
  pickup: '',
  phone: '',
  note: '',
};

function linesTable(cart: CartView, editable: boolean): Html {
  return html`<table class="lines">
    <caption style="text-align:left;font-weight:600">
      Items
    </caption>
    <thead>
      <tr>
        <th scope="col">Product</th>
        <th scope="col" class="num">Quantity</th>
        <th scope="col" class="num hide">Price</th>
        <th scope="col" class="num">Total</th>
      </tr>
    </thead>
    <tbody>
      ${cart.lines.map(
        (l) =>
          html`<tr>
            <th scope="row">
              ${l.name}${l.variant ? html`<br /><span class="muted">${l.variant}</span>` : null}${l.addOns.length > 0 ? html`<br /><span class="muted">With ${l.addOns.join(', ')}</span>` : null}${l.problem ? html`<br /><span class="error">${l.problem}</span>` : null}
            </th>
            <td class="num">
              ${
                editable
                  ? html`<form method="post" action="/cart/lines/${l.index}">
                        <label for="qty-${l.index}" style="position:absolute;left:-9999px">Quantity of ${l.name}</label
                        ><input id="qty-${l.index}" type="number" name="quantity" value="${l.quantity}" min="0" max="99" />
                        <button type="submit" class="secondary">Update</button>
                      </form>
                      <form method="post" action="/cart/lines/${l.index}">
                        <input type="hidden" name="quantity" value="0" /><button type="submit" class="secondary" aria-label="Remove ${l.name}">Remove</button>
                      </form>`
                  : l.quantity
              }
            </td>
            <td class="num hide">${money(l.unitAmount, cart.currency)}</td>
            <td class="num">${money(l.total, cart.currency)}</td>
          </tr>`,
      )}
    </tbody>
    <tfoot>
      <tr>
        <th scope="row" colspan="3">Subtotal</th>
        <td class="num">${money(cart.subtotal, cart.currency)}</td>
      </tr>
    </tfoot>
  </table>`;
}

export function cartPage(store: StorePage, cart: CartView, notice?: string): string {
  const blocked = cart.lines.some((l) => l.problem);
  const body =
    cart.lines.length === 0
      ? html`<h1>Your cart</h1>
          ${notice ? html`<p role="status">${notice}</p>` : null}
          <p>Your cart is empty.</p>
          <p><a href="/">Continue shopping</a></p>`
      : html`<h1>Your cart</h1>
          ${notice ? html`<p role="status">${notice}</p>` : null} ${linesTable(cart, true)}
          <p><a href="/">Continue shopping</a></p>
          ${
            blocked
              ? html`<p class="error">Change or remove the items marked above before checking out.</p>`
              : html`<p>
                  <a href="/checkout"><strong>Check out</strong></a>
                </p>`
          }`;
  return layout(store, { title: 'Your cart', description: `Your cart at ${store.name}.`, path: '/cart', noindex: true }, body);
}

function field(
  id: keyof CheckoutValues,
  label: string,
  values: CheckoutValues,
  errors: Record<string, string>,
  type = 'text',
  autocomplete = '',
  required = true,
): Html {
  const error = errors[id];
  return html`<label for="${id}">${label}${required ? '' : ' (optional)'}</label>
    <input
      id="${id}"
      name="${id}"
      type="${type}"
      value="${values[id]}"
      ${autocomplete ? html`autocomplete="${autocomplete}"` : null}
      ${error ? html`aria-invalid="true" aria-describedby="${id}-error"` : null}
    />
    ${error ? html`<p class="error" id="${id}-error">${error}</p>` : null}`;
}

function choiceError(id: string, errors: Record<string, string>): Html | null {
  const error = errors[id];
  return error ? html`<p class="error" id="${id}-error" role="alert">${error}</p>` : null;
}

export function checkoutPage(
  store: StorePage,
  cart: CartView,
  pickup: { name: string; address: string },
  options: DeliveryOptions,
  values: CheckoutValues,
  errors: Record<string, string>,
): string {
  const formError = errors['form'];
  const c = cart.currency;
  const body = html`<h1>Check out</h1>
    ${formError ? html`<p class="error" role="alert">${formError}</p>` : null} ${linesTable(cart, false)}
    <form method="post" action="/checkout" novalidate>
      <h2>Contact</h2>
      ${field('email', 'Email', values, errors, 'email', 'email')} ${field('name', 'Name', values, errors, 'text', 'name')}
      ${store.checkout.phone === 'hidden' ? null : field('phone', 'Phone', values, errors, 'tel', 'tel', store.checkout.phone === 'required')}
      <fieldset>
        <legend>Delivery</legend>
        <label
          ><input type="radio" name="delivery" value="pickup" ${values.delivery === 'pickup' ? 'checked' : ''} /> ${
            options.pickups.length === 0 ? html`Pick up at ${pickup.name}, ${pickup.address} (free)` : 'Pick up (free)'
          }</label
        >
        <label
          ><input type="radio" name="delivery" value="shipping" ${values.delivery === 'shipping' ? 'checked' : ''} /> Ship to my address (rates for your address
          are shown once it is entered)</label
        >
      </fieldset>
      ${
        options.pickups.length > 0
          ? html`<fieldset ${errors['pickup'] ? html`aria-describedby="pickup-error"` : null}>
              <legend>Pickup point (for pickup only)</legend>
              ${choiceError('pickup', errors)}
              ${options.pickups.map(
                (p) =>
                  html`<label
                    ><input type="radio" name="pickup" value="${p.id}" ${values.pickup === p.id ? 'checked' : ''} /> ${p.name},
                    ${p.address}${p.instructions ? html`<br /><span class="muted">${p.instructions}</span>` : null}</label
                  >`,
              )}
            </fieldset>`
          : null
      }
      <fieldset>
        <legend>Shipping address (for shipping only)</legend>
        ${field('line1', 'Address', values, errors, 'text', 'address-line1')}
        ${field('line2', 'Apartment, unit', values, errors, 'text', 'address-line2', false)} ${field('city', 'City', values, errors, 'text', 'address-level2')}
        ${field('state', 'State or region', values, errors, 'text', 'address-level1', false)}
        ${field('postal_code', 'Postal code', values, errors, 'text', 'postal-code')}
        ${field('country', 'Country (two-letter code, such as SG)', values, errors, 'text', 'country')}
      </fieldset>
      ${
        options.rates !== null || errors['rate']
          ? html`<fieldset ${errors['rate'] ? html`aria-describedby="rate-error"` : null}>
              <legend>Shipping rate</legend>
              ${choiceError('rate', errors)}
              ${(options.rates ?? []).map(
                (r) =>
                  html`<label
                    ><input type="radio" name="rate" value="${r.id}" ${values.rate === r.id ? 'checked' : ''} /> ${r.name}${
                      r.estimate ? ` (${r.estimate})` : ''
                    }:
                    ${r.amount === 0 ? 'free' : money(r.amount, c)}</label
                  >`,
              )}
            </fieldset>`
          : null
      }
      ${field('coupon', 'Coupon code', values, errors, 'text', 'off', false)}
      ${
        store.checkout.note
          ? html`<label for="note">Note for the store (optional)</label>
              <textarea id="note" name="note" rows="3" maxlength="500" ${errors['note'] ? html`aria-invalid="true" aria-describedby="note-error"` : null}>
${values.note}</textarea>
              ${errors['note'] ? html`<p class="error" id="note-error">${errors['note']}</p>` : null}`
          : null
      }
      ${
        store.policies.length > 0
          ? html`<p class="muted">
              By placing your order you accept our
              ${store.policies.map((p, i) => html`${i > 0 ? (i === store.policies.length - 1 ? ' and ' : ', ') : ''}<a href="${policyPath(p)}">${STORE_POLICY_TITLES[p]}</a>`)}.
            </p>`
          : null
      }
      <p><button type="submit">Continue to payment</button></p>
    </form>`;
  return layout(store, { title: 'Check out', description: `Check out at ${store.name}.`, path: '/checkout', noindex: true }, body);
}

function addressText(a: NonNullable<StoreOrderRow['shippingAddress']>): string {
  return [a.line1, a.line2, a.city, a.state, a.postal_code, a.country].filter(Boolean).join(', ');
}

export function orderPage(store: StorePage, order: StoreOrderRow, pickupAt: string, notice?: string): string {
  const c = order.currency;
  const status = order.status === 'paid' ? STORE_FULFILMENT_LABELS[order.fulfilment] : STORE_ORDER_STATUS_LABELS[order.status];
  const cart: CartView = {
    currency: c,
    subtotal: order.subtotal,
    lines: order.lines.map((l, index) => ({
      index,
      name: l.name,
      variant: l.variant,
      addOns: l.add_ons.map((a) => a.name),
      quantity: l.quantity,
      unitAmount: l.unit_price + l.add_ons.reduce((s, a) => s + a.price, 0),
      total: l.total,
      problem: null,
    })),
  };
  const body = html`<h1>Order ${order.reference}</h1>
    ${notice ? html`<p role="status">${notice}</p>` : null}
    <p>Status: <strong>${status}</strong></p>
    ${order.status === 'paid' && order.paidAt ? html`<p>Paid on ${order.paidAt.toISOString().slice(0, 10)}. A confirmation was sent to ${order.customerEmail}.</p>` : null}
    ${order.trackingNumber ? html`<p>Shipped with ${order.carrier ?? 'the carrier'}, tracking number <strong>${order.trackingNumber}</strong>.</p>` : null}
    ${order.status === 'cancelled' ? html`<p>This order was cancelled${order.cancelReason ? `: ${order.cancelReason}` : ''}.</p>` : null}
    ${
      order.status === 'pending_payment'
        ? html`<p>This order is not paid yet.</p>
            <form method="post" action="/orders/${order.token}/pay"><button type="submit">Pay ${money(order.total, c)}</button></form>`
        : null
    }
    ${linesTable(cart, false)}
    <table>
      <tbody>
        ${
          order.discount > 0
            ? html`<tr>
                <th scope="row">Discount${order.couponCode ? ` (${order.couponCode})` : ''}</th>
                <td class="num">−${money(order.discount, c)}</td>
              </tr>`
            : null
        }
        <tr>
          <th scope="row">
            ${order.deliveryMethod === 'pickup' ? 'Pickup' : order.deliveryChoice?.kind === 'rate' ? `Shipping (${order.deliveryChoice.name})` : 'Shipping'}
          </th>
          <td class="num">${money(order.shipping, c)}</td>
        </tr>
        ${
          order.tax > 0
            ? html`<tr>
                <th scope="row">Tax</th>
                <td class="num">${money(order.tax, c)}</td>
              </tr>`
            : null
        }
        <tr>
          <th scope="row">Total</th>
          <td class="num"><strong>${money(order.total, c)}</strong></td>
        </tr>
        ${
          order.refundedAmount > 0
            ? html`<tr>
                <th scope="row">Refunded</th>
                <td class="num">${money(order.refundedAmount, c)}</td>
              </tr>`
            : null
        }
      </tbody>
    </table>
    <h2>${order.deliveryMethod === 'pickup' ? 'Pickup' : 'Shipping to'}</h2>
    <p>
      ${order.deliveryMethod === 'pickup' ? (order.deliveryChoice?.kind === 'pickup' ? `${order.deliveryChoice.name}, ${order.deliveryChoice.address}` : pickupAt) : order.shippingAddress ? addressText(order.shippingAddress) : ''}
    </p>
    <p><a href="/">Continue shopping</a></p>`;
  return layout(
    store,
    { title: `Order ${order.reference}`, description: `Order ${order.reference} at ${store.name}.`, path: `/orders/${order.token}`, noindex: true },
    body,
  );
}
