import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { businessEndpoints, staffEndpoints, type BusinessUser } from '@merchant/business';
import { auditPeopleQuery } from '../features/business-audit-log/api/audit-log-api';
import { memberQuery, membersQuery } from '../features/staff/api/staff-api';
import { endpointKey, endpointScope, invalidateEndpoints } from '../lib/queries';
import { stubApi } from '../test';

const person = (name: string): BusinessUser => ({
  id: `m-${name}`,
  user_id: `u-${name}`,
  name,
  email: `${name}@example.com`,
  role: { title: 'Admin' },
  status: 'active',
  two_factor_enabled: false,
  joined_at: '2026-01-01T00:00:00.000Z',
});

/** A server whose staff list grows by one person each time it is asked. */
function serveStaff() {
  const api = stubApi();
  const asked = (path: string) => api.all.filter((r) => r.url.pathname === path).length;
  api
    .on(businessEndpoints.users, ({ url }) => ({ data: Array.from({ length: asked(url.pathname) }, (_, i) => person(`p${i}`)) }))
    .on(staffEndpoints.getMember, ({ params }) => person(params.id!));
  return asked;
}

async function settled(client: QueryClient) {
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
}

describe('query keys derived from the endpoint and its input', () => {
  it('keys an answer by [endpoint.id, input]', () => {
    expect(endpointKey(businessEndpoints.users, { params: { business_id: 'b1' } })).toEqual(['business.users', { params: { business_id: 'b1' } }]);
    expect(membersQuery('b1').queryKey).toEqual(auditPeopleQuery('b1').queryKey);
  });

  it('shares one answer between the screens that show an endpoint, and invalidating it refreshes them all', async () => {
    const asked = serveStaff();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const staffList = new QueryObserver(client, membersQuery('b1'));
    const auditFilter = new QueryObserver(client, auditPeopleQuery('b1'));
    const detail = new QueryObserver(client, memberQuery('b1', 'm-p0'));
    const otherBusiness = new QueryObserver(client, membersQuery('b2'));
    const stop = [staffList, auditFilter, detail, otherBusiness].map((o) => o.subscribe(() => undefined));
    await settled(client);
    expect(asked('/v1/business/b1/business-user')).toBe(1);
    expect(auditFilter.getCurrentResult().data?.map((p) => p.name)).toEqual(['p0']);

    const params = { business_id: 'b1' };
    await invalidateEndpoints(client, [endpointScope(businessEndpoints.users, { params }), endpointScope(staffEndpoints.getMember, { params })]);
    await settled(client);

    expect(staffList.getCurrentResult().data?.map((p) => p.name)).toEqual(['p0', 'p1']);
    expect(auditFilter.getCurrentResult().data?.map((p) => p.name)).toEqual(['p0', 'p1']);
    expect(asked('/v1/business/b1/business-user/m-p0')).toBe(2);
    expect(asked('/v1/business/b2/business-user')).toBe(1);
    for (const unsubscribe of stop) unsubscribe();
    client.clear();
  });
});
