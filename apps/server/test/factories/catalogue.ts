import { productEndpoints, type CreateProductBody, type Product } from '@merchant/catalogue';
import type { Permission } from '@merchant/core';
import { seedMember } from '../../src/db/seed-context';
import type { BusinessContext } from '../../src/http/context';
import type { Agent, TestContext } from '../harness';
import { unique } from './unique';

/** A product through the catalogue's endpoint: one variant at `price` unless the body says otherwise. */
export async function createProduct(agent: Agent, businessId: string, body: Partial<CreateProductBody> & { price?: number } = {}): Promise<Product> {
  const { price = 450, ...rest } = body;
  return agent.ok(productEndpoints.create, {
    params: { business_id: businessId },
    body: { name: unique('Product'), variants: [{ price }], ...rest },
  });
}

/**
 * A member's request context with some permissions taken away: no role of the permission map edits products without
 * their prices, so the rule that prices need `catalogue:pricing` is held through the service with such a context.
 */
export async function contextWithout(t: TestContext, businessId: string, userId: string, without: Permission[]): Promise<BusinessContext> {
  const ctx = await seedMember(t.database.db, t.services, businessId, userId, 'manager');
  return { ...ctx, business: { ...ctx.business, permissions: ctx.business.permissions.filter((p) => !without.includes(p)) } };
}
