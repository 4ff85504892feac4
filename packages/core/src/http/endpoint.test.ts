import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, endpointPath } from './endpoint';

const endpoint = defineEndpoint({
  id: 'test.list',
  method: 'GET',
  path: '/v1/business/:business_id/things/:thing_id',
  summary: 'A test endpoint',
  access: { kind: 'user' },
  params: z.object({ business_id: z.string(), thing_id: z.string() }),
  query: z.object({ q: z.string().optional(), limit: z.number().optional(), after: z.string().nullish() }),
  response: z.object({}),
});

describe('endpointPath', () => {
  it('fills path parameters URI-encoded and appends the query without empty values', () => {
    expect(endpointPath(endpoint, { params: { business_id: 'b 1', thing_id: 'a/b' }, query: { q: 'x&y', limit: 5, after: null } })).toBe(
      '/v1/business/b%201/things/a%2Fb?q=x%26y&limit=5',
    );
    expect(endpointPath(endpoint, { params: { business_id: 'b', thing_id: 't' }, query: { q: '' } })).toBe('/v1/business/b/things/t');
  });

  it('refuses a missing path parameter', () => {
    expect(() => endpointPath(endpoint, { params: { business_id: 'b' } as never })).toThrow('Missing path parameter thing_id');
  });
});
