import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness';

/** docs/openapi.json is regenerated and compared: run with UPDATE_OPENAPI=1 to rewrite it. */
const FILE = new URL('../../../docs/openapi.json', import.meta.url);
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  it('matches the committed docs/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const current = `${JSON.stringify(res.json(), null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(FILE, current);
    expect(current).toBe(readFileSync(FILE, 'utf8'));
  });
});
