import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOfKind } from '@merchant/core';
import { checkoutEndpoints as endpoints, type CheckoutSourceKind } from '@merchant/payments';
import { paymentLinks, rateLimits, staticQrCodes } from '../src/db/schema';
import { CARD_TESTING_KEYS, CHECKOUT_LIMITS } from '../src/modules/payments/checkout/card-testing';
import { createBusiness, createLink, createQr, type FactoryBusiness, type LinkOwner } from './factories';
import { makePayment } from './factories/payments';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';

/**
 * Card testing at the checkout (docs/security.md, "Card testing at the checkout"): starts per address and per
 * link or QR code, card declines per link or QR code and per business, and the decline-ratio trip that pauses
 * card payments on a link and mails the owners once. Every number comes from `CHECKOUT_LIMITS`; time moves with
 * the app's clock only.
 */
let t: TestContext;
let host: string;
let business: FactoryBusiness<'owner' | 'admin'>;
const db = () => t.database.db;
const L = CHECKOUT_LIMITS;

beforeAll(async () => {
  t = await createTestContext();
  host = hostOfKind('checkout', t.config.baseDomain);
  business = await createBusiness(t, { currency: 'sgd', country: 'sg', staff: ['admin'] });
});
afterAll(() => t.close());

const DECLINED = '4000000000000002';
const GOOD = '4242424242424242';
const card = (number: string) => ({ method: 'card' as const, card: { number, exp_month: 12, exp_year: 2030, cvc: '123' } });
/** A reusable link of the business (a single-use one would complete at its first payment). */
const reusableLink = (owner: LinkOwner = business) => createLink(t, owner, { singleUse: false, purpose: 'Workshop seat' });
const qrId = async (publicId: string) => (await db().select({ id: staticQrCodes.id }).from(staticQrCodes).where(eq(staticQrCodes.publicId, publicId)))[0]!.id;
const linkId = async (publicId: string) => (await db().select({ id: paymentLinks.id }).from(paymentLinks).where(eq(paymentLinks.publicId, publicId)))[0]!.id;

const start = (agent: Agent, publicId: string, kind: CheckoutSourceKind = 'link', body: { amount?: number; email?: string } = { email: 'casey@example.com' }) =>
  agent.call(endpoints.start, { params: { kind, public_id: publicId }, body }, { host, idempotencyKey: randomUUID() });
const confirm = (agent: Agent, paymentId: string, details: ReturnType<typeof card> | { method: 'paynow' }) =>
  agent.call(endpoints.confirm, { params: { public_id: paymentId }, body: details }, { host, idempotencyKey: randomUUID() });

/** A new customer (a browser at an address of its own) starts a payment of the link and pays it. */
async function pay(publicId: string, details: ReturnType<typeof card> | { method: 'paynow' }) {
  const agent = new Agent(t.app);
  const started = await start(agent, publicId);
  if (!started.ok) throw new Error(`start answered ${started.status}: ${JSON.stringify(started.body)}`);
  return confirm(agent, started.body.public_id, details);
}
/** The owners' mails about a paused link or QR code, newest first. */
/** Found by the link to its screen (its id), the mail naming it without its public id (issue 25). */
const pauseMailsAbout = async (publicId: string, kind: 'link' | 'qr' = 'link') => {
  const id = kind === 'link' ? await linkId(publicId) : await qrId(publicId);
  const screen = kind === 'link' ? `/payments/links/${id}` : `/payments/static-qr-code/${id}`;
  const mails = (await mailbox(t.app)).filter((m) => m.subject.startsWith('Card payments paused on a') && m.text.includes(screen));
  for (const m of mails) expect(m.text).not.toContain(publicId);
  return mails;
};

describe('starting payments', () => {
  it(`lets one address start ${L.start.perIp.max} payments in ${L.start.perIp.windowMs / 60_000} minutes, then answers 429 until the window ends`, async () => {
    const agent = new Agent(t.app);
    const links = [await reusableLink(), await reusableLink()];
    for (let i = 0; i < L.start.perIp.max; i++) expect((await start(agent, links[i % 2]!)).status).toBe(201);
    const refused = await start(agent, links[0]!);
    expect(refused.status).toBe(429);
    expect(failure(refused)).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('from your connection') });
    // Another address is not held back, and the same one starts again in the next window.
    expect((await start(new Agent(t.app), links[0]!)).status).toBe(201);
    t.clock.advance(L.start.perIp.windowMs);
    expect((await start(agent, links[0]!)).status).toBe(201);
  }, 60_000);

  it(`holds a link at ${L.start.incompletePerSource.max} payments started in ${L.start.incompletePerSource.windowMs / 60_000} minutes that nobody paid, from any number of addresses`, async () => {
    const flooded = await reusableLink();
    for (let i = 0; i < L.start.incompletePerSource.max; i++) expect((await start(new Agent(t.app), flooded)).status).toBe(201);
    const refused = await start(new Agent(t.app), flooded);
    expect(failure(refused)).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('not paid') });
    expect(refused.status).toBe(429);
    // A static QR code of the same business, and the link once its unpaid payments are older than the window.
    expect((await start(new Agent(t.app), await createQr(t, business), 'qr', { amount: 5_00, email: 'qr@example.com' })).status).toBe(201);
    t.clock.advance(L.start.incompletePerSource.windowMs);
    expect((await start(new Agent(t.app), flooded)).status).toBe(201);
  }, 60_000);

  it('never holds back a link whose payments are paid, however many', async () => {
    const busy = await reusableLink();
    const id = await linkId(busy);
    // More paid payments in the window than the limit of unpaid ones (made through the charges service, as the checkout makes them)...
    for (let i = 0; i < L.start.incompletePerSource.max; i++) await makePayment(t, business.id, { amount: 25_00, source: 'payment_link', sourceId: id });
    // ...and more customers paying it at the checkout.
    for (let i = 0; i < 3; i++) {
      const paid = await pay(busy, card(GOOD));
      expect(paid.ok && paid.body.status).toBe('succeeded');
    }
  }, 60_000);
});

describe('card declines on a link or QR code', () => {
  it('pause card payments on a link when more than half of its last card payments were declined: 429 for cards, other methods still work, one mail to the owners, cards back after the pause', async () => {
    const link = await reusableLink();
    const other = await reusableLink();
    const { minPayments } = L.ratio;
    const paid = Math.floor(minPayments / 2) - 1; // 4 paid, then the 6th decline makes 6 of 10
    for (let i = 0; i < paid; i++) expect((await pay(link, card(GOOD))).status).toBe(200);
    for (let i = 0; i < minPayments - paid; i++) {
      const declined = await pay(link, card(DECLINED));
      expect(declined.ok && declined.body.status).toBe('failed');
    }
    // Tripped: cards are refused on this link before anything is charged, with a sentence for the customer.
    const refused = await pay(link, card(GOOD));
    expect(refused.status).toBe(429);
    expect(failure(refused)).toMatchObject({ code: 'CHECKOUT_CARDS_PAUSED', message: expect.stringContaining('another method') });
    // PayNow still goes through on the paused link, and another link of the business still takes cards.
    const byPayNow = await pay(link, { method: 'paynow' });
    expect(byPayNow.ok && byPayNow.body.status).toBe('requires_action');
    expect((await pay(other, card(GOOD))).status).toBe(200);

    // The owners are told once per trip, and no other role is.
    expect((await pay(link, card(GOOD))).status).toBe(429);
    const mails = await pauseMailsAbout(link);
    expect(mails.map((m) => m.to)).toEqual([business.people.owner.email]);
    expect(mails[0]!.subject).toBe(`Card payments paused on a payment link of ${business.name}`);
    expect(mails[0]!.text).toContain(`${minPayments - paid} of its last ${minPayments} card payments`);
    expect(mails[0]!.text).toContain('Workshop seat');

    // When the pause ends, cards work again.
    t.clock.advance(L.pauseMs);
    const after = await pay(link, card(GOOD));
    expect(after.ok && after.body.status).toBe('succeeded');
  }, 60_000);

  it('does not trip on a few declines among enough paid card payments', async () => {
    const link = await reusableLink();
    for (let i = 0; i < L.ratio.minPayments; i++) expect((await pay(link, card(GOOD))).status).toBe(200);
    for (let i = 0; i < L.ratio.minPayments; i++) expect((await pay(link, card(DECLINED))).status).toBe(200);
    // Exactly half declined is not more than half: still taking cards.
    expect((await pay(link, card(GOOD))).status).toBe(200);
  }, 60_000);

  it(`pauses a busy link at its ${L.declines.perSource.max}th decline within an hour even when most of its card payments are paid (velocity)`, async () => {
    const link = await reusableLink();
    const id = await linkId(link);
    // A busy hour: as many paid card payments as the decline limit, so the declines never pass half.
    for (let i = 0; i < L.declines.perSource.max; i++) await makePayment(t, business.id, { amount: 25_00, source: 'payment_link', sourceId: id });
    for (let i = 0; i < L.declines.perSource.max - 1; i++) expect((await pay(link, card(DECLINED))).status).toBe(200);
    expect(await pauseMailsAbout(link)).toHaveLength(0);
    expect((await pay(link, card(GOOD))).status).toBe(200);
    expect((await pay(link, card(DECLINED))).status).toBe(200);
    expect(failure(await pay(link, card(GOOD))).code).toBe('CHECKOUT_CARDS_PAUSED');
    const mails = await pauseMailsAbout(link);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${L.declines.perSource.max} card payments on it were declined within an hour`);
  }, 60_000);

  it('pauses a static QR code the same way', async () => {
    const qr = await createQr(t, business);
    const payQr = async (details: ReturnType<typeof card> | { method: 'paynow' }) => {
      const agent = new Agent(t.app);
      const started = await start(agent, qr, 'qr', { amount: 8_00, email: 'counter@example.com' });
      if (!started.ok) throw new Error(`start answered ${started.status}`);
      return confirm(agent, started.body.public_id, details);
    };
    for (let i = 0; i < L.ratio.minPayments; i++) expect((await payQr(card(DECLINED))).status).toBe(200);
    expect(failure(await payQr(card(GOOD))).code).toBe('CHECKOUT_CARDS_PAUSED');
    expect((await payQr({ method: 'paynow' })).status).toBe(200);
    const mails = await pauseMailsAbout(qr, 'qr');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Card payments paused on a static QR code of ${business.name}`);
  }, 60_000);
});

describe('card declines across a business', () => {
  it(`refuse cards on every checkout page of the business from its ${L.declines.perBusiness.max}th decline in the window, mail the owners once, and take them again in the next window`, async () => {
    const shop = await createBusiness(t, { currency: 'sgd', country: 'sg' });
    const [first, second] = [await reusableLink(shop), await reusableLink(shop)];
    // The business's declines this hour so far, short of the limit by one (spread over many links, each under its own limits).
    await db()
      .insert(rateLimits)
      .values({
        key: CARD_TESTING_KEYS.businessDeclines(shop.id),
        hits: L.declines.perBusiness.max - 2,
        resetAt: new Date(t.clock.now().getTime() + L.declines.perBusiness.windowMs),
      });
    expect((await pay(first, card(DECLINED))).status).toBe(200);
    expect((await pay(second, card(GOOD))).status).toBe(200);
    expect((await pay(first, card(DECLINED))).status).toBe(200);
    const refused = await pay(second, card(GOOD));
    expect(refused.status).toBe(429);
    expect(failure(refused).code).toBe('CHECKOUT_CARDS_PAUSED');
    expect((await pay(second, { method: 'paynow' })).status).toBe(200);
    expect(failure(await pay(first, card(GOOD))).code).toBe('CHECKOUT_CARDS_PAUSED');

    const mails = (await mailbox(t.app)).filter((m) => m.subject === `Card payments refused at ${shop.name} for up to an hour`);
    expect(mails.map((m) => m.to)).toEqual([shop.people.owner.email]);
    expect(mails[0]!.text).toContain(`declined ${L.declines.perBusiness.max} card payments within an hour`);

    t.clock.advance(L.declines.perBusiness.windowMs);
    const again = await pay(second, card(GOOD));
    expect(again.ok && again.body.status).toBe('succeeded');
  }, 60_000);
});
