import { randomUUID } from 'node:crypto';
import { businessEndpoints } from '@merchant/business';
import { locationEndpoints, storeOrderEndpoints, type Product, type StoreOrder } from '@merchant/catalogue';
import { hostOfKind } from '@merchant/core';
import { checkoutEndpoints } from '@merchant/payments';
import { Agent, type TestContext } from '../harness';
import { createProduct } from './catalogue';
import { createLocation } from './locations';
import { unique } from './unique';

type Form = Record<string, string | string[]>;

/** A visitor of a storefront (docs/online-store.md): a browser without scripts on the shop host, its cookies kept. */
export class Shopper {
  cookies = new Map<string, string>();
  constructor(
    readonly t: TestContext,
    readonly host: string,
  ) {}

  private async send(method: 'GET' | 'POST', url: string, form?: Form, headers: Record<string, string> = {}) {
    const body = form
      ? new URLSearchParams(
          Object.entries(form).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v] as [string, string]])),
        ).toString()
      : undefined;
    const res = await this.t.app.inject({
      method,
      url,
      headers: {
        host: this.host,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: body } : {}),
    });
    for (const c of res.cookies) this.cookies.set(c.name, c.value);
    return res;
  }

  get = (url: string) => this.send('GET', url);
  post = (url: string, form: Form = {}, headers?: Record<string, string>) => this.send('POST', url, form, headers);
  add = (product: Product, quantity = 1, variant = 0, extra: Form = {}) =>
    this.post('/cart/lines', { variant_id: product.variants[variant]!.id, quantity: String(quantity), ...extra });
  checkout = (over: Record<string, string> = {}) => this.post('/checkout', { email: 'ann@example.com', name: 'Ann Tan', delivery: 'pickup', ...over });
}

/** The shop host of a business's storefront. */
export async function shopHostOf(t: TestContext, owner: Agent, businessId: string): Promise<string> {
  const { identifier } = await owner.ok(businessEndpoints.get, { params: { business_id: businessId } });
  return `${identifier}.shop.${t.config.baseDomain}`;
}

/** Opens the business's store: a location it sells from, unless it has one. */
export async function openStore(owner: Agent, businessId: string): Promise<void> {
  const params = { business_id: businessId };
  const settings = await owner.ok(locationEndpoints.settings, { params });
  if (settings.online_store_location_id) return;
  const location = await createLocation(owner, businessId, { name: unique('Store') });
  await owner.ok(locationEndpoints.saveSettings, { params, body: { online_store_location_id: location.id } });
}

/** Pays a payment the storefront's checkout started (its page's URL) with the success test card. */
export async function payOnCheckout(t: TestContext, checkoutUrl: string, number = '4242424242424242') {
  const paymentId = /\/p\/(pay_[A-Za-z0-9]+)$/.exec(checkoutUrl)?.[1] ?? '';
  return new Agent(t.app).call(
    checkoutEndpoints.confirm,
    { params: { public_id: paymentId }, body: { method: 'card', card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } } },
    { host: hostOfKind('checkout', t.config.baseDomain), idempotencyKey: randomUUID() },
  );
}

/** An order a customer placed on the storefront and paid on the hosted checkout (a new product at `price` unless given). */
export async function paidStoreOrder(
  t: TestContext,
  owner: Agent,
  businessId: string,
  options: { product?: Product; quantity?: number; price?: number; form?: Record<string, string> } = {},
): Promise<StoreOrder> {
  await openStore(owner, businessId);
  const product = options.product ?? (await createProduct(owner, businessId, { name: unique('Store item'), price: options.price ?? 20_00 }));
  const shopper = new Shopper(t, await shopHostOf(t, owner, businessId));
  const email =
    options.form?.['email'] ??
    `${unique('buyer')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}@example.com`;
  const added = await shopper.add(product, options.quantity ?? 1);
  if (added.statusCode !== 303) throw new Error(`adding to the cart answered ${added.statusCode}`);
  const placed = await shopper.checkout({ ...options.form, email });
  if (placed.statusCode !== 303) throw new Error(`the checkout answered ${placed.statusCode}: ${placed.body}`);
  const paid = await payOnCheckout(t, placed.headers.location as string);
  if (!paid.ok) throw new Error(`the payment answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  const found = await owner.ok(storeOrderEndpoints.list, { params: { business_id: businessId }, query: { q: email } });
  if (found.data.length !== 1) throw new Error(`${found.data.length} orders of ${email}`);
  return found.data[0]!;
}
