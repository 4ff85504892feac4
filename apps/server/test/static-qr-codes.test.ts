import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, type EndpointBody } from '@merchant/core';
import { and, eq } from 'drizzle-orm';
import { sourceAmountLimits, staticQrEndpoints } from '@merchant/payments';
import { auditLogs, payments } from '../src/db/schema';
import { newId, newPublicId } from '../src/lib/crypto';
import { createSourcePaymentsService } from '../src/modules/payments/source-payments/source-payments.service';
import { createStaticQrService } from '../src/modules/payments/static-qr-codes/static-qr-codes.service';
import { createAuditService } from '../src/modules/platform/audit/audit.service';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness } from './factories';

/** Static QR codes: the merchant's rules over HTTP, and the source the hosted checkout reads. */
let t: TestContext;
let owner: Agent;
let businessId: string;

beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t);
  owner = business.people.owner.agent;
  businessId = business.id;
});
afterAll(() => t.close());

type QrBody = EndpointBody<typeof staticQrEndpoints.create>;
const inBusiness = (id = businessId) => ({ params: { business_id: id } });
const one = (id: string, business = businessId) => ({ params: { business_id: business, id } });
const valid = (over: Partial<QrBody> = {}): QrBody => ({ name: 'Front counter', amount: null, location_label: 'Orchard Rd stall', ...over });

const create = (over: Partial<QrBody> = {}) => owner.ok(staticQrEndpoints.create, { ...inBusiness(), body: valid(over) });

describe('static QR codes', () => {
  it('creates a code whose URL is the checkout host q/ path, in the business currency, and audits it', async () => {
    const qr = await create();
    expect(qr.public_id).toMatch(/^qr_[0-9A-Za-z]{22}$/);
    expect(qr.url).toBe(`http://securecheckout.localhost:3000/q/${qr.public_id}`);
    expect(qr).toMatchObject({ status: 'active', currency: 'sgd' });
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'static_qr.created'), eq(auditLogs.objectId, qr.id)));
    expect(entries).toHaveLength(1);
  });

  it('refuses a blank name, an amount outside the limits and an unknown currency with field issues', async () => {
    const { max } = sourceAmountLimits('sgd');
    // An unknown currency among them: sent raw.
    for (const [over, path] of [
      [{ name: '' }, 'name'],
      [{ amount: max + 1 }, 'amount'],
      [{ amount: -5 }, 'amount'],
      [{ currency: 'zzz' }, 'currency'],
      [{ location_label: 'x'.repeat(121) }, 'location_label'],
    ] as const) {
      const res = await owner.post(endpointPath(staticQrEndpoints.create, inBusiness()), { ...valid(), ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    }
  });

  it('refuses, when made and when edited, a fixed amount below the minimum of every method offered in its currency (issue 23)', async () => {
    const qr = await create();
    for (const [amount, currency, least] of [
      [10, 'usd', 'USD 0.50'],
      [10, 'kwd', 'KWD 0.150'],
      [149, 'kwd', 'KWD 0.150'],
    ] as const) {
      for (const answer of [
        await owner.call(staticQrEndpoints.create, { ...inBusiness(), body: valid({ amount, currency }) }),
        await owner.call(staticQrEndpoints.update, { ...one(qr.id), body: valid({ amount, currency }) }),
      ]) {
        expect(failure(answer), `${currency} ${amount}`).toMatchObject({
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'amount', message: `The amount must be at least ${least}` }],
        });
      }
    }
    expect((await create({ amount: 50, currency: 'usd' })).amount).toBe(50);
    expect((await owner.ok(staticQrEndpoints.update, { ...one(qr.id), body: valid({ amount: 500, currency: 'kwd' }) })).amount).toBe(500);
  });

  it('shows the detail with the code as SVG and PNG, and its payments', async () => {
    const qr = await create({ name: 'Market stall', amount: 500 });
    const now = t.clock.now();
    await t.database.db.insert(payments).values({
      businessId: businessId,
      id: newId(),
      publicId: newPublicId('pay_'),
      sourceType: 'static_qr',
      sourceId: qr.id,
      status: 'succeeded',
      amount: 500,
      currency: 'sgd',
      createdAt: now,
      updatedAt: now,
      succeededAt: now,
    });
    const detail = await owner.ok(staticQrEndpoints.get, one(qr.id));
    expect(detail.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(detail.qr_png).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(detail.qr_png.split(',')[1]!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(detail).toMatchObject({ paid_count: 1, paid_total: 500 });
    const list = await owner.ok(staticQrEndpoints.payments, one(qr.id));
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ status: 'succeeded', source: { type: 'static_qr', label: 'Market stall' } });
  });

  it('edits a code keeping its printed URL, lists and searches, archives it, then refuses edits (409)', async () => {
    const qr = await create({ name: 'Till 2' });
    const edited = await owner.ok(staticQrEndpoints.update, { ...one(qr.id), body: valid({ name: 'Till 2 (east)', amount: 1200 }) });
    expect(edited).toMatchObject({ url: qr.url, name: 'Till 2 (east)', amount: 1200 });
    const list = (query: { search?: string; status?: 'active' | 'archived'; limit?: number }) => owner.ok(staticQrEndpoints.list, { ...inBusiness(), query });
    expect((await list({ search: 'east' })).data.map((q) => q.id)).toEqual([qr.id]);
    expect((await list({ search: 'orchard', limit: 1 })).next_cursor).not.toBeNull();

    const archived = await owner.ok(staticQrEndpoints.archive, one(qr.id));
    expect(archived).toMatchObject({ status: 'archived' });
    expect((await list({ status: 'archived' })).data.map((q) => q.id)).toEqual([qr.id]);
    const refused = await owner.call(staticQrEndpoints.update, { ...one(qr.id), body: valid() });
    expect(refused.status).toBe(409);
    expect(failure(refused).code).toBe('STATIC_QR_ARCHIVED');
    expect((await owner.call(staticQrEndpoints.archive, one(qr.id))).status).toBe(409);
  });

  it('keeps codes within their business', async () => {
    const qr = await create();
    const other = await createBusiness(t);
    const stranger = other.people.owner.agent;
    expect((await stranger.call(staticQrEndpoints.get, one(qr.id, other.id))).status).toBe(404);
    expect((await stranger.call(staticQrEndpoints.archive, one(qr.id, other.id))).status).toBe(404);
    expect((await stranger.call(staticQrEndpoints.get, one(qr.id))).status).toBe(404);
    expect((await new Agent(t.app).call(staticQrEndpoints.list, inBusiness())).status).toBe(401);
  });

  it('offers the checkout its source: usable while active, archived after', async () => {
    const service = createStaticQrService({
      db: t.database.db,
      clock: t.clock,
      audit: createAuditService({ clock: t.clock }),
      config: t.config,
      sourcePayments: createSourcePaymentsService({ db: t.database.db }),
    });
    const qr = await create({ amount: 800 });
    const source = await t.database.db.transaction((tx) => service.checkout.checkoutSource(tx, qr.public_id));
    expect(source).toMatchObject({ sourceType: 'static_qr', sourceId: qr.id, amount: 800, usable: true, singleUse: false });
    await owner.ok(staticQrEndpoints.archive, one(qr.id));
    const locked = await t.database.db.transaction((tx) => service.checkout.lockForPayment(tx, businessId, qr.id));
    expect(locked?.usable).toEqual({ reason: 'archived' });
  });
});
