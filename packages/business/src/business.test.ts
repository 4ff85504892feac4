import { describe, expect, it } from 'vitest';
import { BusinessSchema } from './business';
import { businessEndpoints } from './endpoints';

/**
 * The web client reads the business answer with `BusinessSchema` from the package's `./business` entry alone
 * (apps/web/src/lib/session.ts), so the business screens load no other contract: it must be the schema of the
 * endpoint's answer.
 */
describe('the business answer', () => {
  it('is parsed by the schema the business endpoints declare', () => {
    expect(businessEndpoints.get.response).toBe(BusinessSchema);
  });
});
