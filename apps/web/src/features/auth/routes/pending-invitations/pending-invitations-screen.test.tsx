import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { businessEndpoints, type Business, type BusinessSummary } from '@merchant/business';
import { authEndpoints, userEndpoints, type Invitation, type User } from '@merchant/identity';
import { OWNER_BUSINESS_ID as BID, apiError, ownerBusiness, ownerUser, renderApp, stubApi } from '@/test';

/**
 * Joining a business, or declining to, lands where signing in does (issue 25): in the business joined, on the first
 * screen the role can use; after declining, in the person's one business, and on the chooser only with several.
 */
const OTHER = '0b7e2c71-9f6a-4d0c-8a36-5f9a1f0d2c11';
const [ada] = ownerUser.businesses.owned;
const tea: BusinessSummary = { ...ada!, id: OTHER, identifier: 'tea', name: 'Tea House', role: { title: 'Cashier' } };
const invitation: Invitation = {
  id: '3f0c8a2e-1b7d-4c55-9e2a-6d1f0b9c7a31',
  business: { id: OTHER, name: 'Tea House' },
  role: { title: 'Cashier' },
  invited_by: 'Tess',
  expires_at: '2026-12-05T09:00:00Z',
};

/** A person with `owned` businesses and one invitation to the Tea House, whose answers follow what they do. */
function serve(owned: BusinessSummary[], teaBusiness: Partial<Business> = {}) {
  let user: User = { ...ownerUser, businesses: { owned, member: [] }, pending_invitations: 1 };
  let invitations = [invitation];
  const api = stubApi()
    .on(userEndpoints.me, () => user)
    .on(userEndpoints.invitations, () => ({ data: invitations }))
    .on(userEndpoints.declineInvitation, () => {
      invitations = [];
      user = { ...user, pending_invitations: 0 };
      return { ok: true as const };
    })
    .on(userEndpoints.acceptInvitation, () => {
      invitations = [];
      user = { ...user, pending_invitations: 0, businesses: { owned, member: [tea] } };
      return { business_id: OTHER };
    })
    .on(businessEndpoints.get, ({ params }) =>
      params.business_id === BID ? ownerBusiness() : params.business_id === OTHER ? ownerBusiness({ ...tea, ...teaBusiness }) : apiError(404, 'NOT_FOUND'),
    );
  return api;
}

const landsOn = async (router: ReturnType<typeof renderApp>['router'], path: string) =>
  vi.waitFor(() => expect(router.state.location.pathname).toBe(path), { timeout: 15_000 });

async function decline() {
  fireEvent.click(await screen.findByRole('button', { name: 'Decline' }, { timeout: 15_000 }));
  fireEvent.click(await screen.findByRole('button', { name: 'Decline invitation' }));
}

beforeEach(() => window.localStorage.clear());

describe('after the pending invitations', { timeout: 30_000 }, () => {
  it('a person with one business who declines lands in it, not on the chooser', async () => {
    const api = serve([ada!]);
    const { router } = renderApp('/pending-invitations');
    await decline();
    await landsOn(router, `/business/${BID}/payments`);
    expect(api.requests(userEndpoints.declineInvitation)).toHaveLength(1);
  });

  it('a person with several businesses who declines chooses one', async () => {
    serve([ada!, { ...ada!, id: '6a3f1e0c-2b4d-4e8f-9a1c-7d5e3b2f1a09', identifier: 'ada-two', name: 'Ada Two' }]);
    const { router } = renderApp('/pending-invitations');
    await decline();
    await landsOn(router, '/choose-business');
  });

  it('accepting lands in the business joined, on the first screen the role can use', async () => {
    serve([ada!], { permissions: ['pos:use'] });
    const { router } = renderApp('/pending-invitations');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }, { timeout: 15_000 }));
    await landsOn(router, `/business/${OTHER}/pos`);
  });
});

describe('an account made from an invitation', { timeout: 30_000 }, () => {
  it('lands in the business joined, on the first screen the role can use', async () => {
    const joined: User = { ...ownerUser, businesses: { owned: [], member: [tea] } };
    serve([], { permissions: ['payments:view'] })
      .on(userEndpoints.me, () => apiError(401, 'UNAUTHENTICATED'))
      .on(authEndpoints.invitationPreview, () => ({
        email: 'cara@example.com',
        business_name: 'Tea House',
        role: { title: 'Cashier' as const },
        user_exists: false,
        expires_at: '2026-12-05T09:00:00Z',
      }))
      .on(authEndpoints.registerComplete, () => ({ user: joined, business_id: OTHER }));
    const { router } = renderApp('/register-complete/abcdefghijklmnopqrstuvwxyz012345');
    fireEvent.change(await screen.findByLabelText(/^Your name/, undefined, { timeout: 15_000 }), { target: { value: 'Cara' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'cara cashier passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    await landsOn(router, `/business/${OTHER}/payments/transactions`);
  });
});
