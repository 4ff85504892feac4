import { and, eq, inArray } from 'drizzle-orm';
import { assembleOrder, CreateSaleBodySchema, RefundOrderBodySchema } from '@merchant/catalogue';
import { priceOrder, type OrderLine, type Role } from '@merchant/core';
import type { AppConfig } from '../config';
import type { BusinessContext } from '../http/context';
import { fixedClock } from '../lib/clock';
import { buildServices, quietSideEffects } from '../services';
import type { Executor } from './client';
import { locations, products, productVariants, users } from './schema';
import { DEMO_USERS } from './seed';
import { seedMember } from './seed-context';
import { DEMO_HISTORY_DAYS } from './seed-payments';

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
/** Singapore is UTC+8 all year: a local hour of the demo business's day, as an offset from its UTC midnight. */
const localHour = (hour: number) => (hour - 8) * HOUR_MS;
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2031 };

/** A small seeded generator (mulberry32): the same history on every fresh database. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

interface Sellable {
  variantId: string;
  productId: string;
  categoryId: string | null;
  price: number;
  tracked: boolean;
}

/**
 * The demo business's point of sale history over the last DEMO_HISTORY_DAYS days (docs/pos.md, "Demo history"), made
 * through the register's own services with a clock moved through the days, so orders, drawers, stock, card payments
 * and the ledger are what the register makes: two readers paired (one at each location), a drawer a day at each open
 * location (the Roastery Monday to Saturday, the kiosk on weekdays) with a float, sales in cash, on the reader and
 * split between them, a few refunds by the managers, and each drawer closed with its cash counted (now and then a
 * little short). Deterministic (seeded).
 */
export async function seedDemoPos(
  db: Executor,
  businessId: string,
  ownerId: string,
  now: Date,
  config: AppConfig,
): Promise<{ orders: number; drawers: number }> {
  const random = seededRandom(20261129);
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DEMO_HISTORY_DAYS * DAY_MS;
  const clock = fixedClock(new Date(start - DAY_MS));
  const { services } = buildServices({ db, clock, config, ...quietSideEffects });
  const { pos, terminals } = services;

  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [DEMO_USERS.admin, DEMO_USERS.manager, DEMO_USERS.cashier]));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id ?? ownerId;
  const as = (userId: string, role: Role) => seedMember(db, services, businessId, userId, role);
  const owner = await as(ownerId, 'owner');
  const admin = await as(idOf(DEMO_USERS.admin), 'admin');
  const manager = await as(idOf(DEMO_USERS.manager), 'manager');
  const cashier = await as(idOf(DEMO_USERS.cashier), 'cashier');

  const places = await db.select({ id: locations.id, name: locations.name }).from(locations).where(eq(locations.businessId, businessId));
  const roastery = places.find((l) => l.name === 'Roastery');
  const kiosk = places.find((l) => l.name !== 'Roastery');
  if (!roastery || !kiosk) return { orders: 0, drawers: 0 };
  const catalogue: (Sellable & { name: string })[] = await db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      categoryId: products.categoryId,
      price: productVariants.price,
      tracked: products.trackStock,
      name: products.name,
    })
    .from(productVariants)
    .innerJoin(products, and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)))
    .where(eq(productVariants.businessId, businessId));
  const drinks = catalogue.filter((p) => !p.tracked);
  const beans = catalogue.filter((p) => p.tracked && p.name !== 'Tote bag');
  if (drinks.length === 0) return { orders: 0, drawers: 0 };

  // The two readers, paired the day before the history starts.
  const readers: Record<string, string> = {};
  for (const [place, name] of [
    [roastery, 'Roastery counter'],
    [kiosk, 'Kiosk reader'],
  ] as const) {
    const { code } = await terminals.readers.simulatePairingCode(owner, place === roastery ? 'countertop_c1' : 'mobile_m2');
    readers[place.id] = (await terminals.readers.pair(owner, { code, name, location_id: place.id })).id;
  }

  let orders = 0;
  let drawers = 0;
  let keys = 0;
  const shift = async (person: BusinessContext, locationId: string, dayStart: number, opensAt: number, closesAt: number) => {
    clock.set(new Date(dayStart + localHour(opensAt)));
    await terminals.readers.heartbeat(person, readers[locationId]!);
    const drawer = await pos.drawers.open(person, { location_id: locationId, opening_float: 200_00 });
    drawers++;
    const context = await pos.sales.pricingContext(person, locationId);
    const count = random.int(1, 2);
    const sold: { id: string; total: number }[] = [];
    for (let i = 0; i < count; i++) {
      clock.set(new Date(dayStart + localHour(opensAt) + Math.round(((i + random.next()) / count) * (closesAt - opensAt - 1) * HOUR_MS)));
      const chosen = [
        random.pick(drinks),
        ...(random.next() < 0.35 ? [random.pick(drinks)] : []),
        ...(locationId === roastery.id && beans.length > 0 && random.next() < 0.12 ? [random.pick(beans)] : []),
      ];
      const lines = chosen.map((p) => ({ variant_id: p.variantId, quantity: p.tracked ? 1 : random.int(1, 2) }));
      const tender = random.next();
      const surchargeKinds = tender < 0.6 ? (['service_charge'] as const) : (['service_charge', 'card_surcharge'] as const);
      const priced = priceOrder(
        assembleOrder(context, {
          currency: person.business.row.currency,
          lines: chosen.map((p, n): OrderLine => ({
            id: `l${n + 1}`,
            productId: p.productId,
            categoryId: p.categoryId,
            unitPrice: p.price,
            quantity: lines[n]!.quantity,
            addOns: [],
            taxIds: [],
          })),
          surchargeKinds,
          at: clock.now(),
        }),
      );
      const tip = random.next() < 0.15 ? 1_00 : 0;
      const total = priced.total + tip;
      const card = async (amount: number) => {
        const paid = await terminals.payments.collect(person, readers[locationId]!, { amount, card: CARD });
        return paid.charge_id;
      };
      const tenders =
        tender < 0.6
          ? [{ kind: 'cash' as const, amount: total, tendered: Math.ceil(total / 10_00) * 10_00 }]
          : tender < 0.9 || total < 5_00
            ? [{ kind: 'card' as const, amount: total, payment_id: await card(total) }]
            : [
                { kind: 'cash' as const, amount: 5_00 },
                { kind: 'card' as const, amount: total - 5_00, payment_id: await card(total - 5_00) },
              ];
      const order = await pos.sales.createSale(
        person,
        CreateSaleBodySchema.parse({ idempotency_key: `demo-pos-${++keys}`, location_id: locationId, lines, tip, tenders }),
      );
      sold.push({ id: order.id, total: order.total.amount });
      orders++;
    }
    // A manager's drawer gives back an order now and then (in cash, from the drawer).
    if (person.business.role !== 'cashier' && random.next() < 0.2 && sold.length > 0) {
      clock.set(new Date(dayStart + localHour(closesAt) - 20 * 60_000));
      const refunded = random.pick(sold);
      const body =
        random.next() < 0.5 ? { whole: true, reason: 'Customer changed their mind' } : { lines: [{ line_id: 'l1', quantity: 1 }], reason: 'Made wrong' };
      await pos.orders.refund(person, refunded.id, RefundOrderBodySchema.parse(body));
    }
    clock.set(new Date(dayStart + localHour(closesAt)));
    const expected = (await pos.drawers.current(person)).drawer?.expected_cash.amount ?? 0;
    const short = random.next() < 0.1 ? random.int(1, 5) * 10 : 0;
    await pos.drawers.close(person, drawer.id, { counted_cash: Math.max(0, expected - short), note: short > 0 ? 'Counted twice' : null });
  };

  for (let day = 0; day < DEMO_HISTORY_DAYS; day++) {
    const dayStart = start + day * DAY_MS;
    // The local weekday of the business's day (Sunday 0).
    const weekday = new Date(dayStart + 8 * HOUR_MS).getUTCDay();
    if (dayStart + localHour(18) >= now.getTime()) break;
    if (weekday !== 0) await shift(weekday === 2 || weekday === 4 ? cashier : admin, roastery.id, dayStart, weekday === 6 ? 9 : 8, weekday === 6 ? 16 : 18);
    if (weekday >= 1 && weekday <= 5) await shift(manager, kiosk.id, dayStart, 8, 15);
  }
  // The readers were last seen now, and the card payments' funds come due as the settlement job would make them.
  clock.set(now);
  for (const id of Object.values(readers)) await terminals.readers.heartbeat(owner, id);
  await services.charges.settleDue(now);
  return { orders, drawers };
}
