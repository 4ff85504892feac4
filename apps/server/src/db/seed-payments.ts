import { CreatePaymentLinkBodySchema, StaticQrBodySchema, type PaymentMethodDetails, type RefundReason } from '@merchant/payments';
import type { AppConfig } from '../config';
import type { ChargesActor } from '../modules/payments/charges/charges.service';
import { buildServices, quietSideEffects } from '../services';
import type { Executor } from './client';
import { fixedClock } from '../lib/clock';
import { seedMember } from './seed-context';
import { demoPayouts } from './seed-payouts';
import { demoTransfers } from './seed-transfers';

const DAY_MS = 24 * 60 * 60_000;
/** How far back the demo history goes. */
export const DEMO_HISTORY_DAYS = 90;

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

const CUSTOMERS = [
  ['Aisha Rahman', 'aisha.rahman@example.com'],
  ['Benjamin Tan', 'ben.tan@example.com'],
  ['Chloe Lim', 'chloe.lim@example.com'],
  ['Daniel Ng', 'daniel.ng@example.com'],
  ['Elena Petrova', 'elena.p@example.com'],
  ['Farhan Ismail', 'farhan.ismail@example.com'],
  ['Grace Chen', 'grace.chen@example.com'],
  ['Hiroshi Sato', 'hiroshi.sato@example.com'],
  ['Isabel Cruz', 'isabel.cruz@example.com'],
  ['Jun Wei Koh', 'junwei.koh@example.com'],
  ['Kavya Nair', 'kavya.nair@example.com'],
  ['Liam O’Connor', 'liam.oconnor@example.com'],
  ['Mei Ling Goh', 'meiling.goh@example.com'],
  ['Nurul Huda', 'nurul.huda@example.com'],
  ['Oscar Wong', 'oscar.wong@example.com'],
  ['Priscilla Teo', 'priscilla.teo@example.com'],
  ['Rajesh Kumar', 'rajesh.kumar@example.com'],
  ['Sofia Rossi', 'sofia.rossi@example.com'],
] as const;

const LINKS = [
  { purpose: 'Coffee subscription, monthly', amount: 4800, reference: 'SUB-MONTHLY' },
  { purpose: 'Barista workshop', amount: 12000, reference: 'WORKSHOP' },
  { purpose: 'Wholesale beans order', amount: null, reference: 'WHOLESALE' },
  { purpose: 'Gift card', amount: null, reference: 'GIFT' },
] as const;

const QR_CODES = [
  { name: 'Counter, Tiong Bahru', locationLabel: 'Tiong Bahru shop' },
  { name: 'Farmers market stall', locationLabel: 'Saturday market' },
] as const;

const CARD = (number: string): PaymentMethodDetails => ({ method: 'card', card: { number, exp_month: 12, exp_year: 2031, cvc: '123' } });
const CARDS = { success: '4242424242424242', declined: '4000000000000002', insufficient: '4000000000009995', challenge: '4000000000003220' } as const;

type Outcome = 'succeeded' | 'failed' | 'pending';
interface Planned {
  at: number;
  source: { type: 'payment_link' | 'static_qr'; id: string };
  amount: number;
  customer: readonly [string, string] | null;
  reference: string | null;
  method: 'card' | 'paynow' | 'ewallet';
  outcome: Outcome;
  /** Card outcomes: which test card; the challenge card is approved or failed. */
  card: keyof typeof CARDS;
  refund: { at: number; share: 'full' | 'partial'; reason: RefundReason } | null;
}

/**
 * A realistic payment history for a demo business over the last DEMO_HISTORY_DAYS days: payment links and
 * static QR codes, and a few hundred payments made through the charges service with a clock moved through
 * the days (so events, fees, customers and the ledger are what real payments produce), some failed, some
 * refunded in full or in part, and settled day by day as the settlement job would. Deterministic (seeded).
 */
export async function seedDemoPayments(
  db: Executor,
  businessId: string,
  ownerId: string,
  now: Date,
  config: AppConfig,
): Promise<{ payments: number; transfers: number }> {
  const random = seededRandom(20261123);
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DEMO_HISTORY_DAYS * DAY_MS;
  const clock = fixedClock(new Date(start));
  // The product's services on the history's clock; past mail is not sent (nobody could read it then).
  const { services } = buildServices({ db, clock, config, ...quietSideEffects });
  const { charges } = services;
  const payouts = demoPayouts(db, businessId, clock, services.payouts);

  // The owner made the links and QR codes the day before the history starts, as the screens make them.
  const owner = await seedMember(db, services, businessId, ownerId);
  clock.set(new Date(start - DAY_MS));
  const links = [];
  for (const link of LINKS) {
    const body = CreatePaymentLinkBodySchema.parse({
      amount: link.amount,
      purpose: link.purpose,
      reference: link.reference,
      single_use: false,
      collect_phone: link.reference === 'WHOLESALE',
    });
    links.push({ ...link, id: (await services.paymentLinks.create(owner, body)).id });
  }
  const qrs = [];
  for (const qr of QR_CODES) {
    const body = StaticQrBodySchema.parse({ name: qr.name, amount: null, location_label: qr.locationLabel });
    qrs.push({ ...qr, id: (await services.staticQrCodes.create(owner, body)).id });
  }
  clock.set(new Date(start));

  const plan: Planned[] = [];
  for (let day = 0; day < DEMO_HISTORY_DAYS; day++) {
    const weekend = new Date(start + day * DAY_MS).getUTCDay() % 6 === 0;
    const count = random.int(1, weekend ? 3 : 4);
    for (let i = 0; i < count; i++) {
      // Opening hours in Singapore (UTC+8): 08:00 to 20:00 local.
      const at = start + day * DAY_MS + random.int(0, 12 * 60) * 60_000;
      if (at >= now.getTime()) continue;
      const byQr = random.next() < 0.45;
      const link = random.pick(links);
      const qr = random.pick(qrs);
      const amount = byQr ? random.int(4, 60) * 50 : (link.amount ?? random.int(20, 400) * 100);
      const method = byQr ? (random.next() < 0.7 ? 'paynow' : 'card') : random.pick(['card', 'card', 'card', 'paynow', 'ewallet'] as const);
      const roll = random.next();
      const card: keyof typeof CARDS = roll < 0.07 ? 'declined' : roll < 0.1 ? 'insufficient' : roll < 0.15 ? 'challenge' : 'success';
      const outcome: Outcome =
        method === 'card'
          ? card === 'declined' || card === 'insufficient'
            ? 'failed'
            : 'succeeded'
          : roll < 0.06
            ? 'failed'
            : roll < 0.08
              ? 'pending'
              : 'succeeded';
      const refundRoll = random.next();
      const refundAt = at + random.int(3, 8) * DAY_MS;
      plan.push({
        at,
        source: byQr ? { type: 'static_qr', id: qr.id } : { type: 'payment_link', id: link.id },
        amount,
        customer: byQr && random.next() < 0.6 ? null : random.pick(CUSTOMERS),
        reference: byQr ? null : link.reference,
        method,
        outcome: method === 'card' && card === 'challenge' && random.next() < 0.25 ? 'failed' : outcome,
        card,
        refund:
          outcome === 'succeeded' && refundRoll < 0.1 && refundAt < now.getTime()
            ? {
                at: refundAt,
                share: refundRoll < 0.05 ? 'full' : 'partial',
                reason: random.pick(['requested_by_customer', 'requested_by_customer', 'duplicate', 'other'] as const),
              }
            : null,
      });
    }
  }
  plan.sort((a, b) => a.at - b.at);

  const actor: ChargesActor = { ip: '', userAgent: null, user: { id: ownerId }, business: { row: { id: businessId }, role: 'owner' } };
  const refunds: { at: number; paymentId: string; amount: number; share: 'full' | 'partial'; reason: RefundReason }[] = [];
  const runRefundsUntil = async (time: number) => {
    refunds.sort((a, b) => a.at - b.at);
    while (refunds.length > 0 && refunds[0]!.at <= time) {
      const refund = refunds.shift()!;
      clock.set(new Date(refund.at));
      const amount = refund.share === 'full' ? refund.amount : Math.max(100, Math.round((refund.amount * random.int(20, 60)) / 10_000) * 100);
      await charges.refund(actor, refund.paymentId, { amount: Math.min(amount, refund.amount), reason: refund.reason });
    }
  };
  // The demo's send money happens in the history, each transfer on its day, before the payouts after it.
  const transfers = demoTransfers(db, businessId, ownerId, now);
  let settledDay = -1;
  for (const p of plan) {
    const day = Math.floor((p.at - start) / DAY_MS);
    if (day > settledDay) {
      // The hourly settlement job, once a day here: funds whose day has come become available.
      settledDay = day;
      clock.set(new Date(start + day * DAY_MS));
      await charges.settleDue(clock.now());
      await transfers.until(start + day * DAY_MS);
      await payouts.onDay();
    }
    await runRefundsUntil(p.at);
    clock.set(new Date(p.at));
    const [name, email] = p.customer ?? [null, null];
    const started = await charges.start({ businessId, source: p.source, amount: p.amount, currency: 'sgd', customer: { name, email }, reference: p.reference });
    clock.set(new Date(p.at + random.int(20, 90) * 1000));
    const details: PaymentMethodDetails = p.method === 'card' ? CARD(CARDS[p.card]) : { method: p.method };
    const confirmed = await charges.confirm(started.publicId, details);
    let payment = confirmed.payment;
    if (payment.status === 'requires_action' && p.outcome !== 'pending') {
      clock.set(new Date(clock.now().getTime() + random.int(10, 60) * 1000));
      const approve = p.outcome === 'succeeded';
      // A PayNow QR nobody scanned stays waiting (the customer walked away).
      const step =
        p.method === 'card'
          ? approve
            ? charges.approveChallenge
            : charges.failChallenge
          : p.method === 'paynow'
            ? approve
              ? charges.simulateQrScan
              : null
            : approve
              ? charges.walletApprove
              : charges.walletCancel;
      if (step) payment = (await step(started.publicId)).payment;
    }
    if (p.refund && payment.status === 'succeeded') refunds.push({ ...p.refund, paymentId: payment.id, amount: payment.amount });
  }
  await runRefundsUntil(now.getTime());
  clock.set(now);
  await charges.settleDue(now);
  const transferCount = await transfers.finish();
  await payouts.finish();
  return { payments: plan.length, transfers: transferCount };
}
