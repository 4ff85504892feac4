import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { staticQrEndpoints } from '@merchant/payments';
import { createSourcePaymentsService } from '../src/modules/payments/source-payments/source-payments.service';
import { createStaticQrService } from '../src/modules/payments/static-qr-codes/static-qr-codes.service';
import { createAuditService } from '../src/modules/platform/audit/audit.service';
import { createTestContext, type Agent, type TestContext } from './harness';
import { createBusiness } from './factories';

/**
 * A static QR code's payments and its edits on two connections at once (PostgreSQL only: the embedded
 * database has one connection). Payments of one code do not wait for each other; an archive waits for them.
 */
let t: TestContext;
let owner: Agent;
let businessId: string;
let service: ReturnType<typeof createStaticQrService>;

beforeAll(async () => {
  // Two transactions of one flow at once, on purpose: what the guard against the embedded database's deadlock refuses.
  t = await createTestContext({}, { guardTransactions: false });
  const business = await createBusiness(t);
  owner = business.people.owner.agent;
  businessId = business.id;
  service = createStaticQrService({
    db: t.database.db,
    clock: t.clock,
    audit: createAuditService({ clock: t.clock }),
    config: t.config,
    sourcePayments: createSourcePaymentsService({ db: t.database.db }),
  });
});
afterAll(() => t.close());

async function newCode(): Promise<string> {
  const res = await owner.post(endpointPath(staticQrEndpoints.create, { params: { business_id: businessId } }), {
    name: 'Front counter',
    amount: null,
    location_label: null,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe("a static QR code's payment lock", () => {
  it('lets a second payment of the same code lock it while the first holds its lock', async () => {
    const id = await newCode();
    const second = await t.database.db.transaction(async (first) => {
      expect((await service.checkout.lockForPayment(first, businessId, id))?.usable).toBe(true);
      return t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`);
        return service.checkout.lockForPayment(tx, businessId, id);
      });
    });
    expect(second?.usable).toBe(true);
  });

  it('keeps an archive waiting while a payment holds its lock, and the payments after it read the code archived', async () => {
    const id = await newCode();
    await t.database.db.transaction(async (payment) => {
      await service.checkout.lockForPayment(payment, businessId, id);
      const waited = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '500ms'`);
        await tx.execute(sql`update static_qr_codes set status = 'archived' where id = ${id}`);
      });
      const error = await waited.then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      expect(`${error?.message} ${error?.cause?.message}`).toMatch(/lock timeout/);
    });
    expect((await owner.post(endpointPath(staticQrEndpoints.archive, { params: { business_id: businessId, id } }))).statusCode).toBe(200);
    const after = await t.database.db.transaction((tx) => service.checkout.lockForPayment(tx, businessId, id));
    expect(after?.usable).toEqual({ reason: 'archived' });
  });
});
