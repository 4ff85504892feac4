import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogEndpoints, staffEndpoints } from '@merchant/business';
import type { EndpointResponse } from '@merchant/core';
import { newTimeOrderedId } from '../src/lib/crypto';
import { createBusiness, type FactoryBusiness } from './factories';
import { createTestContext, type TestContext } from './harness';

/** Audit entries keep the order they were written in, even when they share one millisecond. */
let t: TestContext;
let business: FactoryBusiness;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t);
});
afterAll(() => t.close());

describe('audit entries written in the same millisecond', () => {
  it('list newest first in write order, across cursor pages too', async () => {
    // The test clock stands still: every save below is stamped with the same millisecond.
    const names = Array.from({ length: 12 }, (_, i) => `same-ms-${String(i).padStart(2, '0')}@order.test`);
    const owner = business.people.owner.agent;
    const params = { business_id: business.id };
    for (const email of names) await owner.ok(staffEndpoints.invite, { params, body: { email, role: 'cashier' } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: EndpointResponse<typeof auditLogEndpoints.list> = await owner.ok(auditLogEndpoints.list, {
        params,
        query: { action: 'staff.invited', limit: 5, ...(cursor ? { cursor } : {}) },
      });
      expect(new Set(page.data.map((e) => e.created_at)).size).toBeLessThanOrEqual(1);
      seen.push(...page.data.map((e) => e.description));
      cursor = page.next_cursor;
    } while (cursor);
    const order = names.map((n) => seen.findIndex((d) => d.includes(n)));
    expect(order.every((i) => i >= 0)).toBe(true);
    // Newest first: the last save is listed first.
    expect(order).toEqual([...order].sort((a, b) => b - a));
  });

  it('time-ordered ids are version 7 and increase within one millisecond and past the counter', () => {
    const ids = Array.from({ length: 10_000 }, () => newTimeOrderedId(1_800_000_000_000));
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
