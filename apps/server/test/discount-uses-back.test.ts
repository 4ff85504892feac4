import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountEndpoints, posOrderEndpoints, storeOrderEndpoints, type Location, type Product } from '@merchant/catalogue';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createLocation, createProduct, openDrawer, paidStoreOrder, sell, type FactoryBusiness } from './factories';

/**
 * Uses of usage-limited discounts given back (docs/catalogue.md, "Usage limit"): a register order wholly refunded or
 * voided gives its uses back once; a partial refund gives nothing back; a cancelled store order gives its uses back.
 */
let t: TestContext;
let business: FactoryBusiness<'owner'>;
let owner: Agent;
let shop: Location;

const inBusiness = () => ({ params: { business_id: business.id } });
const used = async (discountId: string) =>
  (await owner.ok(discountEndpoints.get, { params: { business_id: business.id, discount_id: discountId } })).times_used;
/** An automatic 10 % off a new product of 10.00, limited to `limit` uses (each test its own product: no test sees another's discount). */
async function limited(name: string, channels: ('pos' | 'online_store')[], limit: number | null): Promise<{ id: string; product: Product }> {
  const product = await createProduct(owner, business.id, { price: 10_00 });
  const { id } = await owner.ok(discountEndpoints.create, {
    ...inBusiness(),
    body: {
      name,
      value: { type: 'percentage', rate: 1000 },
      applies_to: 'items',
      product_ids: [product.id],
      automatic: true,
      channels,
      ...(limit === null ? {} : { usage_limit: limit }),
    },
  });
  return { id, product };
}
const refund = (orderId: string, body: object) =>
  owner.call(posOrderEndpoints.refund, { params: { business_id: business.id, order_id: orderId }, body: { reason: 'Returned', ...body } as never });

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { currency: 'SGD' });
  owner = business.people.owner.agent;
  shop = await createLocation(owner, business.id, { name: 'Counter' });
  await openDrawer(owner, business.id, shop.id, 500_00);
});
afterAll(() => t.close());

describe('register orders', () => {
  // 2 × 10.00 − 10 % = 18.00 in cash.
  const sale = (product: Product, amount = 18_00) =>
    sell(owner, business.id, shop.id, { lines: [{ variant_id: product.variants[0]!.id, quantity: 2 }], tenders: [{ kind: 'cash', amount }] });

  it('gives the use back when the order is wholly refunded, once, and nothing on a partial refund', async () => {
    const { id, product } = await limited('Opening week', ['pos'], 3);
    const order = await sale(product);
    expect(order.discounts.map((d) => d.name)).toContain('Opening week');
    expect(await used(id)).toBe(1);

    // A partial refund (one unit of two) gives nothing back (Shopify and Square do the same).
    expect((await refund(order.id, { lines: [{ line_id: 'l1', quantity: 1 }] })).status).toBe(201);
    expect(await used(id)).toBe(1);

    // The rest: now wholly refunded, the use goes back.
    const rest = await refund(order.id, { whole: true });
    expect(rest.ok && rest.body).toMatchObject({ status: 'refunded' });
    expect(await used(id)).toBe(0);
    // Nothing is left to refund; the use is not given back twice.
    expect((await refund(order.id, { whole: true })).status).toBe(422);
    expect(await used(id)).toBe(0);
  });

  it('gives the use back on a void (a whole refund at once), and concurrent voids give it back once', async () => {
    const { id, product } = await limited('Regulars', ['pos'], 5);
    const first = await sale(product);
    const second = await sale(product);
    expect(await used(id)).toBe(2);
    const voids = await Promise.all(Array.from({ length: 4 }, () => refund(first.id, { whole: true })));
    expect(voids.filter((r) => r.status === 201)).toHaveLength(1);
    // A void that meets another under way is told so (409); one that comes after it finds nothing left (422).
    for (const r of voids.filter((v) => v.status !== 201)) expect(['POS_REFUND_UNDER_WAY', 'VALIDATION_FAILED']).toContain(failure(r).code);
    expect(await used(id)).toBe(1);
    // The second order still holds its use.
    expect((await owner.ok(posOrderEndpoints.get, { params: { business_id: business.id, order_id: second.id } })).status).toBe('completed');
  });

  it('lets the use given back be taken again when the limit was reached', async () => {
    const { id, product } = await limited('Just one', ['pos'], 1);
    const order = await sale(product);
    expect(await used(id)).toBe(1);
    // Used up: the next sale is not discounted (20.00 in cash).
    const plain = await sale(product, 20_00);
    expect(plain.discounts.map((d) => d.name)).not.toContain('Just one');
    await refund(order.id, { whole: true });
    expect(await used(id)).toBe(0);
    const again = await sale(product);
    expect(again.discounts.map((d) => d.name)).toContain('Just one');
    expect(await used(id)).toBe(1);
  });

  it('gives nothing back for a discount that had no limit when the order took it', async () => {
    const { id, product } = await limited('No limit yet', ['pos'], null);
    const order = await sale(product);
    await owner.ok(discountEndpoints.update, { params: { business_id: business.id, discount_id: id }, body: { usage_limit: 10 } });
    await refund(order.id, { whole: true });
    expect(await used(id)).toBe(0);
  });
});

describe('store orders', () => {
  it('gives the uses of a cancelled order’s discounts back, once', async () => {
    const { id, product } = await limited('Web launch', ['online_store'], 2);
    const order = await paidStoreOrder(t, owner, business.id, { product, quantity: 3 });
    expect(order.discount.amount).toBe(3_00);
    expect(await used(id)).toBe(1);
    const cancel = () =>
      owner.call(
        storeOrderEndpoints.cancel,
        { params: { business_id: business.id, order_id: order.id }, body: { reason: 'Customer asked', restock: false, refund: true } },
        { idempotencyKey: randomUUID() },
      );
    expect((await cancel()).status).toBe(200);
    expect(await used(id)).toBe(0);
    expect((await cancel()).status).toBe(409);
    expect(await used(id)).toBe(0);
  });
});
