import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { auditLogEndpoints, businessEndpoints, type BusinessAuditLogEntry } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { OWNER_BUSINESS_ID, ownerBusiness, ownerUser, renderApp, stubApi } from '@/test';

const BID = OWNER_BUSINESS_ID;
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const entry = (id: string, description: string, ip: string, userAgent: string): BusinessAuditLogEntry => ({
  id,
  created_at: '2026-11-28T04:53:00.000Z',
  actor: { user_id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'Owner' },
  action: 'customer.created',
  description,
  object_type: null,
  object_id: null,
  ip,
  user_agent: userAgent,
});

describe('the business audit log', () => {
  it('says where in words ("This computer", the address in its title) and a client a person recognises: "API client", not "node"', async () => {
    stubApi()
      .on(userEndpoints.me, () => ownerUser)
      .on(businessEndpoints.get, () => ownerBusiness())
      .on(auditLogEndpoints.actions, () => ({ data: [] }))
      .on(businessEndpoints.users, () => ({ data: [] }))
      .on(auditLogEndpoints.list, () => ({
        data: [
          entry('0193a9a0-0000-7000-8000-000000000021', 'Added the customer Bea Client', '127.0.0.1', 'node'),
          entry('0193a9a0-0000-7000-8000-000000000022', 'Added the customer Cory Copy', '203.0.113.7', CHROME_MAC),
        ],
        next_cursor: null,
      }));
    renderApp(`/business/${BID}/payments/settings/audit-logs`);
    expect((await screen.findAllByText('Added the customer Bea Client', {}, { timeout: 15_000 })).length).toBeGreaterThan(0);
    // Issue 25: a loopback address read "Where ::1"; a public one is shown as it is.
    expect(screen.queryByText('127.0.0.1')).toBeNull();
    expect(screen.getAllByText('This computer').map((el) => el.getAttribute('title'))).toContain('127.0.0.1');
    expect(screen.getAllByText('203.0.113.7').length).toBeGreaterThan(0);
    expect(screen.getAllByText('API client').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Chrome on macOS').length).toBeGreaterThan(0);
    expect(screen.queryByText('node')).toBeNull();
  });
});
