import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { businessEndpoints, type Business } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { overviewEndpoints, type Overview } from '@merchant/payments';
import { OWNER_BUSINESS_ID, apiError, ownerBusiness, ownerUser, renderApp, stubApi } from '../test';

const BID = OWNER_BUSINESS_ID;

/** The API of the signed-in owner, whose business answers only when `release` is called. */
function serveWithHeldBusiness() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const api = stubApi()
    .otherwise(() => apiError(404, 'NOT_FOUND', 'Not found.'))
    .on(userEndpoints.me, () => ownerUser)
    .on(businessEndpoints.get, async (): Promise<Business> => {
      await held;
      return ownerBusiness();
    })
    .on(overviewEndpoints.get, () => OVERVIEW);
  return { api, release };
}

/** An overview answer: nothing sold yet, empty balances, one set-up step left. */
const OVERVIEW: Overview = {
  period: { from: '2026-10-03', to: '2026-11-01', previous_from: '2026-09-03', previous_to: '2026-10-02', days: 30 },
  currencies: [],
  recent: [],
  balances: [],
  next_payout: null,
  attention: { transfers_to_approve: 0, failed_payments: 0, overdue_invoices: 0 },
  checklist: [{ item: 'add_bank_account', done: false }],
};

describe('a screen’s own first requests', { timeout: 30_000 }, () => {
  it('start while the shell still waits for the business, and the screen reads them instead of asking again', async () => {
    const { api, release } = serveWithHeldBusiness();
    renderApp(`/business/${BID}/payments?period=30d`);

    // The business has not answered yet, and the overview has asked for its one answer (figures, money, set-up).
    await vi.waitFor(() => expect(api.requests(overviewEndpoints.get)).toHaveLength(1), { timeout: 5000 });
    expect(api.requests(overviewEndpoints.get)[0]?.url.searchParams.get('period')).toBe('30d');
    expect(api.requests(businessEndpoints.get)).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Balances and payouts' })).toBeNull();

    release();
    expect(await screen.findByRole('heading', { name: 'Balances and payouts' }, { timeout: 15_000 })).toBeTruthy();
    // Set-up guidance comes after the money: below Sales (issue 25).
    const setup = screen.getByRole('heading', { name: 'Finish setting up' });
    expect(screen.getByRole('heading', { name: 'Sales' }).compareDocumentPosition(setup) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The screen found the overview already answered: one request, not two.
    expect(api.requests(overviewEndpoints.get)).toHaveLength(1);
  });

  it('are not made for a guest, who is sent to sign in', async () => {
    const api = stubApi()
      .otherwise(() => apiError(404, 'NOT_FOUND', 'Not found.'))
      .on(userEndpoints.me, () => apiError(401, 'UNAUTHENTICATED', 'Unauthenticated.'))
      .on(businessEndpoints.get, () => apiError(401, 'UNAUTHENTICATED', 'Unauthenticated.'));
    const { router } = renderApp(`/business/${BID}/payments`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(api.requests(overviewEndpoints.get)).toEqual([]);
  });
});
