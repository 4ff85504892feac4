import {
  CancelStoreOrderBodySchema,
  FulfilStoreOrderBodySchema,
  PickupBodySchema,
  RefundStoreOrderBodySchema,
  ShippingZoneBodySchema,
  StorePageBodySchema,
  type FulfilStoreOrderBody,
} from '@merchant/catalogue';
import { storefrontCatalogue } from '@/modules/catalogue/products/storefront.read-model';
import type { AppConfig } from '../config';
import type { BusinessContext } from '../http/context';
import { fixedClock } from '../lib/clock';
import { buildServices, quietSideEffects, type Services } from '../services';
import { checkoutValuesOf } from '../modules/store/orders/storefront.service';
import type { Executor } from './client';
import { seedMember } from './seed-context';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const CARD = { method: 'card' as const, card: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' } };

type Ending = 'unfulfilled' | 'packed' | 'shipped' | 'delivered' | 'picked_up' | 'cancelled' | 'partly_refunded';

/** The demo store's week: who ordered what, how it is delivered, and where its fulfilment ends. Oldest first. */
const ORDERS: {
  daysAgo: number;
  hour: number;
  name: string;
  email: string;
  items: [product: string, variant: number, quantity: number][];
  delivery: 'sg' | 'my' | 'pickup';
  ending: Ending;
}[] = [
  { daysAgo: 7, hour: 10, name: 'Aisha Rahman', email: 'aisha.rahman@example.com', items: [['House blend', 0, 2]], delivery: 'sg', ending: 'delivered' },
  { daysAgo: 6, hour: 14, name: 'Benjamin Tan', email: 'ben.tan@example.com', items: [['Ethiopia Guji', 0, 1]], delivery: 'pickup', ending: 'picked_up' },
  { daysAgo: 6, hour: 20, name: 'Chloe Lim', email: 'chloe.lim@example.com', items: [['Tote bag', 0, 1]], delivery: 'pickup', ending: 'cancelled' },
  {
    daysAgo: 5,
    hour: 9,
    name: 'Daniel Ng',
    email: 'daniel.ng@example.com',
    items: [
      ['House blend', 1, 1],
      ['Tote bag', 0, 1],
    ],
    delivery: 'sg',
    ending: 'partly_refunded',
  },
  { daysAgo: 4, hour: 11, name: 'Farhan Ismail', email: 'farhan.ismail@example.com', items: [['Ethiopia Guji', 1, 2]], delivery: 'my', ending: 'shipped' },
  { daysAgo: 3, hour: 16, name: 'Grace Chen', email: 'grace.chen@example.com', items: [['House blend', 0, 3]], delivery: 'sg', ending: 'shipped' },
  { daysAgo: 2, hour: 10, name: 'Hiroshi Sato', email: 'hiroshi.sato@example.com', items: [['Ethiopia Guji', 0, 1]], delivery: 'sg', ending: 'packed' },
  { daysAgo: 2, hour: 15, name: 'Isabel Cruz', email: 'isabel.cruz@example.com', items: [['Tote bag', 0, 2]], delivery: 'pickup', ending: 'packed' },
  { daysAgo: 1, hour: 12, name: 'Jun Wei Koh', email: 'junwei.koh@example.com', items: [['House blend', 1, 1]], delivery: 'sg', ending: 'unfulfilled' },
  { daysAgo: 0, hour: 1, name: 'Kavya Nair', email: 'kavya.nair@example.com', items: [['Ethiopia Guji', 0, 1]], delivery: 'pickup', ending: 'unfulfilled' },
];

/** The steps each ending takes from unfulfilled (a pickup order is packed, then picked up). */
const STEPS: Record<Ending, FulfilStoreOrderBody['step'][]> = {
  unfulfilled: [],
  packed: ['packed'],
  shipped: ['packed', 'shipped'],
  delivered: ['packed', 'shipped', 'delivered'],
  picked_up: ['packed', 'picked_up'],
  cancelled: [],
  partly_refunded: ['packed', 'shipped', 'delivered'],
};

/** The demo store's services with their own clock (from `at`), acting as the owner, and a cart filler. */
async function demoStore(db: Executor, businessId: string, ownerId: string, at: number, config: AppConfig) {
  const clock = fixedClock(new Date(at));
  const { services } = buildServices({ db, clock, config, ...quietSideEffects });
  const owner = await seedMember(db, services, businessId, ownerId);
  const store = await services.store.storefront.storeOf(owner.business.row.identifier);
  if (!store) throw new Error('The demo business has no storefront');
  // The demo's few products, read whole (the storefront's own reads are paged).
  const catalogue = await storefrontCatalogue(db, businessId);
  const variantOf = (name: string, index: number) => {
    const product = catalogue.products.find((p) => p.name === name);
    const variant = product?.variants[index] ?? product?.variants[0];
    if (!variant) throw new Error(`The demo store sells no ${name}`);
    return variant.id;
  };
  const fill = async (cartId: string, items: [string, number, number][]) => {
    for (const [name, index, quantity] of items) {
      const problem = await services.store.storefront.addLine(store, cartId, { variantId: variantOf(name, index), quantity, addOnIds: [] });
      if (problem) throw new Error(`The demo cart refused ${name}: ${problem}`);
    }
  };
  /** Runs the steps in time order (the clock only moves forward). */
  const run = async (events: { at: number; run: () => Promise<void> }[]) => {
    events.sort((x, y) => x.at - y.at);
    for (const event of events) {
      clock.set(new Date(Math.max(event.at, clock.now().getTime())));
      await event.run();
    }
  };
  return { services, clock, owner, store, fill, run };
}

/**
 * The demo store's setup (docs/online-store.md, "Demo store"): shipping zones (Singapore flat, free over S$50; Malaysia
 * by weight), a pickup point at the Roastery, two published pages, and two carts abandoned at the checkout with an
 * email, the older one mailed. Light: every demo database has it.
 */
export async function seedDemoStore(db: Executor, businessId: string, ownerId: string, now: Date, config: AppConfig): Promise<void> {
  const { services, clock, owner, fill, run } = await demoStore(db, businessId, ownerId, now.getTime() - 2 * DAY_MS, config);
  await seedDelivery(services, owner);
  await seedPages(services, owner);
  const { abandoned, storefront } = services.store;
  const events: { at: number; run: () => Promise<void> }[] = [];
  // Two carts left at the checkout with an email: the older one got its recovery mail; the newer one is abandoned and
  // not yet mailed (the server's recovery schedule mails it on its first run, so the dev mailbox shows that mail).
  const olderAt = now.getTime() - 30 * HOUR_MS;
  events.push({
    at: olderAt,
    run: async () => {
      const cart = storefront.newCartId();
      await fill(cart, [
        ['House blend', 0, 1],
        ['Tote bag', 0, 1],
      ]);
      await abandoned.captureEmail(businessId, cart, 'liam.oconnor@example.com');
    },
  });
  events.push({ at: olderAt + 2 * HOUR_MS, run: async () => void (await abandoned.sendRecoveryMails(clock.now())) });
  events.push({
    at: now.getTime() - 2 * HOUR_MS,
    run: async () => {
      const cart = storefront.newCartId();
      await fill(cart, [['Ethiopia Guji', 1, 1]]);
      await abandoned.captureEmail(businessId, cart, 'meiling.goh@example.com');
    },
  });

  await run(events);
}

/**
 * The demo store's week of orders (with the demo history: `DEMO_HISTORY`): placed on the storefront and paid through
 * the hosted checkout's charges (so stock, payments and the ledger are what real orders make), fulfilled to every
 * state (one cancelled, one partly refunded), by the storefront's and the orders' own services with a clock moved
 * through the week; deterministic. Needs {@link seedDemoStore}'s delivery first.
 */
export async function seedDemoStoreOrders(db: Executor, businessId: string, ownerId: string, now: Date, config: AppConfig): Promise<{ orders: number }> {
  const start = now.getTime() - 7 * DAY_MS;
  const { services, clock, owner, store, fill, run } = await demoStore(db, businessId, ownerId, start - DAY_MS, config);
  const { storefront, orders, abandoned } = services.store;
  const zones = (await services.shipping.listZones(businessId, undefined)).data;
  const rates = {
    sg: zones.find((z) => z.name === 'Singapore')?.rates.find((r) => r.name === 'Standard')?.id ?? '',
    my: zones.find((z) => z.name === 'Malaysia')?.rates[0]?.id ?? '',
  };
  const pickupId = (await services.shipping.listPickups(db, businessId)).find((p) => p.name === 'Roastery counter')?.id ?? '';
  // A Singapore day's hour (UTC+8 all year), never later than three hours ago.
  const latest = now.getTime() - HOUR_MS;
  const at = (daysAgo: number, hour: number) =>
    Math.max(start, Math.min(now.getTime() - 3 * HOUR_MS, Math.floor((now.getTime() - daysAgo * DAY_MS) / DAY_MS) * DAY_MS + (hour - 8) * HOUR_MS));

  // Every step at its instant, run in time order (the clock only moves forward): placements, fulfilment, carts.
  const events: { at: number; run: () => Promise<void> }[] = [];
  const orderIds = new Map<string, string>();
  for (const o of ORDERS) {
    const placedAt = at(o.daysAgo, o.hour);
    events.push({
      at: placedAt,
      run: async () => {
        const cartId = storefront.newCartId();
        await fill(cartId, o.items);
        const address =
          o.delivery === 'sg'
            ? { line1: '5 Orchard Road', city: 'Singapore', postal_code: '238800', country: 'SG', rate: rates.sg }
            : o.delivery === 'my'
              ? { line1: '18 Jalan Bukit Bintang', city: 'Kuala Lumpur', postal_code: '55100', country: 'MY', rate: rates.my }
              : { pickup: pickupId };
        const values = checkoutValuesOf({ email: o.email, name: o.name, delivery: o.delivery === 'pickup' ? 'pickup' : 'shipping', ...address });
        await abandoned.captureEmail(businessId, cartId, values.email);
        const result = await storefront.placeOrder(store, cartId, values);
        if (!result.ok) throw new Error(`The demo checkout refused ${o.email}: ${JSON.stringify(result.errors)}`);
        orderIds.set(o.email, result.order.id);
        const checkout = await orders.startPayment(result.order);
        const publicId = /\/p\/(pay_[A-Za-z0-9]+)/.exec(checkout)?.[1];
        if (!publicId) throw new Error(`No payment for the demo order of ${o.email}`);
        clock.set(new Date(clock.now().getTime() + 90_000));
        const paid = await services.charges.confirm(publicId, CARD);
        if (paid.payment.status !== 'succeeded') throw new Error(`The demo order of ${o.email} was not paid: ${paid.payment.status}`);
      },
    });
    const orderId = () => orderIds.get(o.email)!;
    let stepAt = placedAt + 2 * HOUR_MS;
    for (const step of STEPS[o.ending]) {
      const body =
        step === 'shipped'
          ? {
              step,
              carrier: o.delivery === 'my' ? 'Pos Malaysia' : 'SingPost',
              tracking_number: `${o.delivery === 'my' ? 'EM' : 'SG'}${String(placedAt).slice(-9)}`,
            }
          : { step };
      events.push({ at: Math.min(stepAt, latest), run: async () => void (await orders.fulfil(owner, orderId(), FulfilStoreOrderBodySchema.parse(body))) });
      stepAt += step === 'packed' ? 6 * HOUR_MS : 24 * HOUR_MS;
    }
    if (o.ending === 'cancelled') {
      const body = CancelStoreOrderBodySchema.parse({ reason: 'The customer asked to cancel', restock: true, refund: true });
      events.push({ at: Math.min(placedAt + 3 * HOUR_MS, latest), run: async () => void (await orders.cancel(owner, orderId(), body)) });
    }
    if (o.ending === 'partly_refunded') {
      const body = RefundStoreOrderBodySchema.parse({ amount: 5_00, reason: 'The tote bag arrived creased' });
      events.push({ at: Math.min(stepAt, latest), run: async () => void (await orders.refund(owner, orderId(), body)) });
    }
  }
  await run(events);
  clock.set(now);
  return { orders: ORDERS.length };
}

async function seedDelivery(services: Services, owner: BusinessContext): Promise<void> {
  const { shipping } = services;
  await shipping.createZone(
    owner,
    ShippingZoneBodySchema.parse({
      name: 'Singapore',
      countries: ['sg'],
      rates: [
        { kind: 'flat', name: 'Standard', amount: 5_00, estimate: '2 to 3 working days', free_over: 50_00 },
        { kind: 'flat', name: 'Express', amount: 12_00, estimate: 'Next working day' },
      ],
    }),
  );
  await shipping.createZone(
    owner,
    ShippingZoneBodySchema.parse({
      name: 'Malaysia',
      countries: ['my'],
      rates: [
        {
          kind: 'weight',
          name: 'Pos Laju',
          estimate: '3 to 5 working days',
          bands: [
            { up_to: 1_000, amount: 12_00 },
            { up_to: 3_000, amount: 20_00 },
            { up_to: 10_000, amount: 35_00 },
          ],
        },
      ],
    }),
  );
  const places = await services.catalogue.locations.list(owner.business.row.id, { status: 'active', limit: 100 });
  const roastery = places.data.find((l) => l.name === 'Roastery');
  if (!roastery) throw new Error('The demo business has no Roastery');
  await shipping.createPickup(
    owner,
    PickupBodySchema.parse({
      location_id: roastery.id,
      name: 'Roastery counter',
      hours: roastery.opening_hours,
      instructions: 'Ring the bell at #03-08 and give your order number. Orders wait for you for 7 days.',
    }),
  );
}

async function seedPages(services: Services, owner: BusinessContext): Promise<void> {
  const pages = [
    {
      title: 'About us',
      slug: 'about-us',
      body: '## Roasted in Singapore\n\nWe roast small batches every Tuesday at our Roastery in Kallang and deliver them within the week.\n\n- Single origins, traced to the farm\n- House blends for milk and for black\n- Beans ground to order on request\n\nVisit us at the [Roastery](/pages/shipping-and-returns) or write to **hello@demo-coffee.test**.',
    },
    {
      title: 'Shipping and returns',
      slug: 'shipping-and-returns',
      body: '## Shipping\n\n- Singapore: S$5.00, free on orders over S$50; Express next working day S$12.00\n- Malaysia: by weight with Pos Laju, 3 to 5 working days\n- Pickup at the Roastery counter, free\n\n## Returns\n\nUnopened beans and merchandise may be returned within 14 days. Write to us with your order number and we refund you once the parcel is back.',
    },
  ];
  for (const page of pages) await services.storePages.create(owner, StorePageBodySchema.parse({ ...page, published: true }));
}
