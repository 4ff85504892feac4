import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTimeOrderedId } from '../src/lib/crypto';
import { createTestContext, signedIn, DEMO_USERS, type Agent, type TestContext } from './harness';

/** Audit entries keep the order they were written in, even when they share one millisecond. */
let t: TestContext;
let owner: Agent;

beforeAll(async () => {
  t = await createTestContext();
  owner = await signedIn(t.app, DEMO_USERS.owner);
});
afterAll(() => t.close());

describe('audit entries written in the same millisecond', () => {
  it('list newest first in write order, across cursor pages too', async () => {
    // The test clock stands still: every save below is stamped with the same millisecond.
    const names = Array.from({ length: 12 }, (_, i) => `same-ms-${String(i).padStart(2, '0')}@order.test`);
    for (const email of names) {
      const res = await owner.post(`/v1/business/${t.demoBusinessId}/invitations`, { email, role: 'cashier' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?action=staff.invited&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await owner.get(`/v1/business/${t.demoBusinessId}/audit-logs${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ data: { description: string; created_at: string }[]; next_cursor: string | null }>();
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
