import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { and, eq } from 'drizzle-orm';
import { paymentLinkEndpoints, sourceAmountLimits } from '@merchant/payments';
import { productEndpoints } from '@merchant/catalogue';
import { auditLogs, paymentLinks, payments } from '../src/db/schema';
import { newId, newPublicId } from '../src/lib/crypto';
import { createMailer } from '../src/mail/mailer';
import { createPaymentLinksService } from '../src/modules/payments/payment-links/payment-links.service';
import { createSourcePaymentsService } from '../src/modules/payments/source-payments/source-payments.service';
import { createAuditService } from '../src/modules/platform/audit/audit.service';
import type { PaymentRow } from '../src/modules/payments/charges/charges.types';
import pino from 'pino';
import { Agent, createTestContext, mailbox, type TestContext } from './harness';
import { createBusiness, signUp } from './factories';

/** Payment links: the merchant's rules over HTTP, and the source the hosted checkout reads. */
let t: TestContext;
let owner: Agent;
let cashier: Agent;
let businessId: string;

beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t, { staff: ['cashier'] });
  businessId = business.id;
  owner = business.people.owner.agent;
  cashier = business.people.cashier.agent;
});
afterAll(() => t.close());

const base = (id = businessId) => endpointPath(paymentLinkEndpoints.list, { params: { business_id: id } });
const inOneDay = () => new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString();
const valid = (over: Record<string, unknown> = {}) => ({ amount: 2500, purpose: 'Pottery class', reference: 'INV-1', expires_at: inOneDay(), ...over });

async function create(over: Record<string, unknown> = {}) {
  const res = await owner.post(base(), valid(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; public_id: string; url: string; status: string; currency: string; editable: boolean }>();
}

/** The service as the hosted checkout is given it (the checkout's own endpoints are another capability). */
function linksService() {
  const { db } = t.database;
  const logger = pino({ level: 'silent' });
  return createPaymentLinksService({
    db,
    clock: t.clock,
    audit: createAuditService({ clock: t.clock }),
    mailer: createMailer({ db, clock: t.clock, logger, jobs: t.app.jobs, smtpUrl: undefined, from: t.config.mailFrom }),
    config: t.config,
    jobs: t.app.jobs,
    sourcePayments: createSourcePaymentsService({ db }),
  });
}

/** A payment row as the checkout would write it (the charges service is another capability). */
async function paymentOf(linkId: string, status: 'succeeded' | 'failed', amount = 2500) {
  const now = t.clock.now();
  await t.database.db.insert(payments).values({
    businessId: businessId,
    id: newId(),
    publicId: newPublicId('pay_'),
    sourceType: 'payment_link',
    sourceId: linkId,
    status,
    amount,
    currency: 'sgd',
    createdAt: now,
    updatedAt: now,
    succeededAt: status === 'succeeded' ? now : null,
  });
}

describe('creating a payment link', () => {
  it('answers the link with its public URL on the checkout host, in the business currency, and audits it', async () => {
    const link = await create();
    expect(link.public_id).toMatch(/^pl_[0-9A-Za-z]{22}$/);
    expect(link.url).toBe(`http://securecheckout.localhost:3000/l/${link.public_id}`);
    expect(link).toMatchObject({ status: 'active', currency: 'sgd', editable: true });
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'payment_link.created'), eq(auditLogs.objectId, link.id)));
    expect(entry).toMatchObject({ businessId: businessId, ip: owner.ip });
  });

  it('gives every link its own unguessable public id', async () => {
    const ids = new Set([(await create()).public_id, (await create()).public_id, (await create()).public_id]);
    expect(ids.size).toBe(3);
  });

  it('refuses an expiry in the past, a bad redirect URL, a blank purpose and an unknown currency with field issues', async () => {
    const past = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [{ expires_at: past }, 'expires_at'],
      [{ expires_at: t.clock.now().toISOString() }, 'expires_at'],
      [{ expires_at: 'tomorrow' }, 'expires_at'],
      [{ redirect_url: 'http://shop.example.com/thanks' }, 'redirect_url'],
      [{ redirect_url: 'javascript:alert(1)' }, 'redirect_url'],
      [{ redirect_url: 'ftp://example.com' }, 'redirect_url'],
      [{ purpose: '   ' }, 'purpose'],
      [{ currency: 'xyz' }, 'currency'],
      [{ customer_email: 'not-an-email' }, 'customer_email'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 12.5 }, 'amount'],
      [{ product_id: newId() }, 'product_id'],
    ];
    for (const [over, path] of cases) {
      const res = await owner.post(base(), valid(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(
        res.json().issues.map((i: { path: string }) => i.path),
        JSON.stringify(over),
      ).toContain(path);
    }
  });

  it('accepts https anywhere and http only on localhost as the redirect URL', async () => {
    for (const url of ['https://shop.example.com/thanks', 'http://localhost:5173/done', 'http://shop.localhost/ok', 'https://127.0.0.1/done']) {
      expect((await owner.post(base(), valid({ redirect_url: url }))).statusCode, url).toBe(201);
    }
  });

  it('refuses http on a loopback address other than the name localhost, as docs/payments.md says (issue 23)', async () => {
    const link = await create();
    const one = endpointPath(paymentLinkEndpoints.get, { params: { business_id: businessId, id: link.id } });
    for (const url of [
      'http://127.0.0.1:5173/done',
      'http://[::1]:5173/done',
      'http://127.0.0.2/',
      'http://2130706433/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
    ]) {
      for (const res of [await owner.post(base(), valid({ redirect_url: url })), await owner.put(one, valid({ redirect_url: url }))]) {
        expect(res.statusCode, url).toBe(422);
        expect(res.json().issues, url).toEqual([{ path: 'redirect_url', message: 'Use an https:// address (http:// only on localhost)' }]);
      }
    }
  });

  it('keeps a fixed amount within the lowest minimum and the highest maximum of the methods', async () => {
    const { min, max } = sourceAmountLimits('sgd');
    expect((await owner.post(base(), valid({ amount: min - 1 === 0 ? 0 : min - 1 }))).statusCode).toBe(422);
    expect((await owner.post(base(), valid({ amount: min }))).statusCode).toBe(201);
    expect((await owner.post(base(), valid({ amount: max }))).statusCode).toBe(201);
    const over = await owner.post(base(), valid({ amount: max + 1 }));
    expect(over.statusCode).toBe(422);
    expect(over.json().issues[0]).toMatchObject({ path: 'amount' });
    // Zero-decimal currencies count whole units: the card takes JPY 50 and more (about USD 0.33).
    expect((await owner.post(base(), valid({ amount: 49, currency: 'jpy' }))).statusCode).toBe(422);
    expect((await owner.post(base(), valid({ amount: 50, currency: 'jpy' }))).statusCode).toBe(201);
  });

  it('refuses, when made and when edited, a fixed amount below the minimum of every method offered in its currency (issue 23)', async () => {
    // PayNow (from SGD 0.01) takes SGD only: in USD and KWD the least a method takes is the card's (USD 0.50, KWD 0.150).
    const link = await create();
    const one = endpointPath(paymentLinkEndpoints.get, { params: { business_id: businessId, id: link.id } });
    for (const [amount, currency, least] of [
      [10, 'usd', 'USD 0.50'],
      [49, 'usd', 'USD 0.50'],
      [10, 'kwd', 'KWD 0.150'],
      [149, 'kwd', 'KWD 0.150'],
    ] as const) {
      for (const res of [await owner.post(base(), valid({ amount, currency })), await owner.put(one, valid({ amount, currency }))]) {
        expect(res.statusCode, `${currency} ${amount}`).toBe(422);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'amount', message: `The amount must be at least ${least}` }] });
      }
    }
    expect((await owner.post(base(), valid({ amount: 50, currency: 'usd' }))).statusCode).toBe(201);
    expect((await owner.post(base(), valid({ amount: 150, currency: 'kwd' }))).statusCode).toBe(201);
    expect((await owner.put(one, valid({ amount: 50, currency: 'usd' }))).statusCode).toBe(200);
    expect((await owner.post(base(), valid({ amount: 1, currency: 'sgd' }))).statusCode).toBe(201);
    expect(sourceAmountLimits('usd').min).toBe(50);
    expect(sourceAmountLimits('kwd').min).toBe(150);
  });

  it('lets the customer choose the amount when it is null', async () => {
    const link = await create({ amount: null });
    expect((await owner.get(endpointPath(paymentLinkEndpoints.get, { params: { business_id: businessId, id: link.id } }))).json()).toMatchObject({
      amount: null,
    });
  });

  it('names an active catalogue product sold through payments, offered at its price', async () => {
    const { id: productId } = await owner.ok(productEndpoints.create, {
      params: { business_id: businessId },
      body: { name: 'Glaze kit', variants: [{ price: 3900, sku: `GLAZE-${newId()}` }] },
    });
    const variants = await owner.ok(productEndpoints.create, {
      params: { business_id: businessId },
      body: {
        name: 'Glaze set',
        options: [{ name: 'Size', values: ['S', 'L'] }],
        variants: [
          { option_values: ['S'], price: 2500 },
          { option_values: ['L'], price: 1900 },
        ],
      },
    });
    const storeOnly = await owner.ok(productEndpoints.create, {
      params: { business_id: businessId },
      body: { name: 'Store-only glaze', channels: ['online_store'], variants: [{ price: 100 }] },
    });
    const options = await owner.ok(paymentLinkEndpoints.products, { params: { business_id: businessId } });
    expect(options.data).toEqual(
      expect.arrayContaining([
        { id: productId, name: 'Glaze kit', amount: 3900, currency: 'sgd' },
        { id: variants.id, name: 'Glaze set', amount: 1900, currency: 'sgd' },
      ]),
    );
    expect(options.data.map((o) => o.id)).not.toContain(storeOnly.id);
    const refused = await owner.post(base(), valid({ product_id: storeOnly.id }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().issues[0].path).toBe('product_id');
    const link = await create({ product_id: productId });
    expect((await owner.get(endpointPath(paymentLinkEndpoints.get, { params: { business_id: businessId, id: link.id } }))).json().product).toEqual({
      id: productId,
      name: 'Glaze kit',
    });
  });

  it('mails the link to the customer when asked, and needs their email for it', async () => {
    const refused = await owner.post(base(), valid({ send_email: true }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().issues[0].path).toBe('customer_email');
    const link = await create({ send_email: true, customer_email: 'Buyer@Example.test' });
    const [mail] = await mailbox(t.app);
    expect(mail).toMatchObject({ to: 'buyer@example.test' });
    expect(mail!.subject).toContain('Pottery class');
    expect(mail!.text).toContain(link.url);
    expect(mail!.text).toContain('SGD');
  });
});

describe('reading payment links', () => {
  it('shows the detail with a QR code of its URL and the payments made through it', async () => {
    const link = await create({ purpose: 'Detail check' });
    await paymentOf(link.id, 'succeeded', 2500);
    await paymentOf(link.id, 'failed', 2500);
    const detail = (await owner.get(endpointPath(paymentLinkEndpoints.get, { params: { business_id: businessId, id: link.id } }))).json();
    expect(detail.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(detail).toMatchObject({ paid_count: 1, paid_total: 2500 });
    const list = (await owner.get(endpointPath(paymentLinkEndpoints.payments, { params: { business_id: businessId, id: link.id } }))).json();
    expect(list.data).toHaveLength(2);
    expect(list.data[0].source).toMatchObject({ type: 'payment_link', id: link.id, label: 'Detail check' });
  });

  it('searches purpose, reference and customer email, filters by status and pages with a cursor', async () => {
    const a = await create({ purpose: 'Needle felting workshop', reference: 'REF-FELT' });
    await create({ purpose: 'Other', customer_email: 'felt.fan@example.test' });
    const expiring = await create({ purpose: 'Wheel throwing', expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    const byPurpose = (await owner.get(`${endpointPath(paymentLinkEndpoints.list, { params: { business_id: businessId } })}?search=needle`)).json().data as {
      id: string;
    }[];
    expect(byPurpose.map((l) => l.id)).toEqual([a.id]);
    expect((await owner.get(`${endpointPath(paymentLinkEndpoints.list, { params: { business_id: businessId } })}?search=felt`)).json().data).toHaveLength(2);
    expect((await owner.get(`${endpointPath(paymentLinkEndpoints.list, { params: { business_id: businessId } })}?search=%25`)).json().data).toHaveLength(0);

    t.clock.advance(120_000);
    const expired = (await owner.get(`${endpointPath(paymentLinkEndpoints.list, { params: { business_id: businessId } })}?status=expired`)).json().data as {
      id: string;
      status: string;
      editable: boolean;
    }[];
    expect(expired.map((l) => l.id)).toContain(expiring.id);
    expect(expired.find((l) => l.id === expiring.id)).toMatchObject({ status: 'expired', editable: true });
    const active = (await owner.get(`${endpointPath(paymentLinkEndpoints.list, { params: { business_id: businessId } })}?status=active`)).json().data as {
      id: string;
    }[];
    expect(active.map((l) => l.id)).not.toContain(expiring.id);

    const first = (await owner.get(`${endpointPath(paymentLinkEndpoints.list, { params: { business_id: businessId } })}?limit=2`)).json();
    expect(first.data).toHaveLength(2);
    const second = (
      await owner.get(`${endpointPath(paymentLinkEndpoints.list, { params: { business_id: businessId } })}?limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect(second.data.map((l: { id: string }) => l.id)).not.toContain(first.data[0].id);
    expect((await owner.get(`${endpointPath(paymentLinkEndpoints.list, { params: { business_id: businessId } })}?status=paid`)).statusCode).toBe(422);
  });

  it('lets a cashier read links (payments:view) and create them (payments:create)', async () => {
    expect((await cashier.get(base())).statusCode).toBe(200);
    expect((await cashier.post(base(), valid())).statusCode).toBe(201);
  });
});

describe('editing and cancelling', () => {
  it('keeps the public URL when a link with payments is edited, and audits the edit', async () => {
    const link = await create();
    await paymentOf(link.id, 'failed');
    const res = await owner.put(
      endpointPath(paymentLinkEndpoints.get, { params: { business_id: businessId, id: link.id } }),
      valid({ amount: 4000, purpose: 'Pottery class (2 people)' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ public_id: link.public_id, url: link.url, amount: 4000, purpose: 'Pottery class (2 people)' });
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'payment_link.updated'), eq(auditLogs.objectId, link.id)));
    expect(entries).toHaveLength(1);
  });

  it('gives an expired link a new life with a new expiry', async () => {
    const link = await create({ expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    t.clock.advance(120_000);
    expect((await owner.get(endpointPath(paymentLinkEndpoints.get, { params: { business_id: businessId, id: link.id } }))).json().status).toBe('expired');
    const res = await owner.put(endpointPath(paymentLinkEndpoints.get, { params: { business_id: businessId, id: link.id } }), valid());
    expect(res.json()).toMatchObject({ status: 'active' });
  });

  it('cancels a link, after which it cannot be edited, cancelled again or sent (409)', async () => {
    const link = await create({ customer_email: 'c@example.test' });
    const res = await owner.post(endpointPath(paymentLinkEndpoints.cancel, { params: { business_id: businessId, id: link.id } }));
    expect(res.json()).toMatchObject({ status: 'cancelled', editable: false });
    expect((await owner.put(endpointPath(paymentLinkEndpoints.get, { params: { business_id: businessId, id: link.id } }), valid())).json()).toMatchObject({
      code: 'PAYMENT_LINK_NOT_EDITABLE',
    });
    expect((await owner.put(endpointPath(paymentLinkEndpoints.get, { params: { business_id: businessId, id: link.id } }), valid())).statusCode).toBe(409);
    expect((await owner.post(endpointPath(paymentLinkEndpoints.cancel, { params: { business_id: businessId, id: link.id } }))).statusCode).toBe(409);
    expect((await owner.post(endpointPath(paymentLinkEndpoints.send, { params: { business_id: businessId, id: link.id } }))).statusCode).toBe(409);
  });

  it('refuses to edit a completed link (409)', async () => {
    const link = await create();
    await t.database.db.update(paymentLinks).set({ status: 'completed' }).where(eq(paymentLinks.id, link.id));
    const res = await owner.put(endpointPath(paymentLinkEndpoints.get, { params: { business_id: businessId, id: link.id } }), valid());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYMENT_LINK_NOT_EDITABLE');
  });

  it('sends an active link to its customer email again', async () => {
    const link = await create({ customer_email: 'again@example.test' });
    const res = await owner.post(endpointPath(paymentLinkEndpoints.send, { params: { business_id: businessId, id: link.id } }));
    expect(res.json()).toEqual({ ok: true, to: 'again@example.test' });
    expect((await mailbox(t.app))[0]).toMatchObject({ to: 'again@example.test' });
    const without = await create();
    expect((await owner.post(endpointPath(paymentLinkEndpoints.send, { params: { business_id: businessId, id: without.id } }))).json().code).toBe(
      'PAYMENT_LINK_NO_EMAIL',
    );
  });
});

describe('tenant isolation and permissions', () => {
  it('answers 404 for another business link through this business, and hides it from the partner', async () => {
    const link = await create();
    // The owner of another business, who is no member of this one.
    const { person, businessId: partnerBusiness } = await signUp(t);
    const partner = person.agent;
    const theirs = base(partnerBusiness);
    expect((await partner.get(endpointPath(paymentLinkEndpoints.get, { params: { business_id: partnerBusiness, id: link.id } }))).statusCode).toBe(404);
    expect((await partner.put(endpointPath(paymentLinkEndpoints.get, { params: { business_id: partnerBusiness, id: link.id } }), valid())).statusCode).toBe(
      404,
    );
    expect((await partner.post(endpointPath(paymentLinkEndpoints.cancel, { params: { business_id: partnerBusiness, id: link.id } }))).statusCode).toBe(404);
    expect((await partner.get(theirs)).json().data).toEqual([]);
    expect((await partner.get(endpointPath(paymentLinkEndpoints.get, { params: { business_id: businessId, id: link.id } }))).statusCode).toBe(404);
  });

  it('answers 401 without a session (the authorization walk proves 403 per role from the permission map)', async () => {
    expect((await new Agent(t.app).get(base())).statusCode).toBe(401);
  });
});

describe('the checkout source', () => {
  it('reads a link by its public id, reports why it is unusable, and completes a single-use link once paid', async () => {
    const service = linksService();
    const link = await create({ expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString(), single_use: true });
    const source = await t.database.db.transaction((tx) => service.checkout.checkoutSource(tx, link.public_id));
    expect(source).toMatchObject({
      businessId: businessId,
      sourceType: 'payment_link',
      sourceId: link.id,
      amount: 2500,
      currency: 'sgd',
      usable: true,
      singleUse: true,
    });
    expect(await t.database.db.transaction((tx) => service.checkout.checkoutSource(tx, 'pl_unknown'))).toBeNull();

    await t.database.db.transaction(async (tx) => {
      const locked = await service.checkout.lockForPayment(tx, businessId, link.id);
      expect(locked?.usable).toBe(true);
      // A link made without the public API posts no webhook: the payment's figures are not read.
      await service.checkout.onPaymentSucceeded(tx, businessId, link.id, { id: link.id } as PaymentRow);
    });
    expect((await owner.get(endpointPath(paymentLinkEndpoints.get, { params: { business_id: businessId, id: link.id } }))).json()).toMatchObject({
      status: 'completed',
      editable: false,
    });
    const again = await t.database.db.transaction((tx) => service.checkout.lockForPayment(tx, businessId, link.id));
    expect(again?.usable).toEqual({ reason: 'completed' });

    const expiring = await create({ expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    t.clock.advance(120_000);
    const expired = await t.database.db.transaction((tx) => service.checkout.checkoutSource(tx, expiring.public_id));
    expect(expired?.usable).toEqual({ reason: 'expired' });
    const [stored] = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.id, expiring.id));
    expect(stored?.status).toBe('expired');
  });
});
