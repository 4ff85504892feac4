import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ROLE_PERMISSIONS } from '@merchant/core';
import { businessEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { overviewEndpoints, type Overview } from '@merchant/payments';
import { OWNER_BUSINESS_ID as BID, apiError, ownerBusiness, ownerUser, renderApp, stubApi } from '@/test';

/** An answer carrying everything an owner is shown: balances, a payout, transfers to approve and owner set-up steps. */
const FULL: Overview = {
  period: { from: '2026-10-03', to: '2026-11-01', previous_from: '2026-09-03', previous_to: '2026-10-02', days: 30 },
  currencies: [],
  recent: [],
  balances: [{ currency: 'sgd', available: { amount: 12_00, currency: 'sgd' }, pending: { amount: 3_00, currency: 'sgd' }, pending_parts: [] }],
  next_payout: { date: '2026-11-03', amount: { amount: 12_00, currency: 'sgd' }, bank_account: 'DBS Bank •••• 4567', below_minimum: false },
  attention: { transfers_to_approve: 2, failed_payments: 0, overdue_invoices: 0 },
  checklist: [
    { item: 'add_bank_account', done: false },
    { item: 'enable_payment_methods', done: false },
    { item: 'create_payment_link', done: false },
  ],
};

function serve(role: 'owner' | 'cashier') {
  stubApi()
    .otherwise(() => apiError(404, 'NOT_FOUND', 'Not found.'))
    .on(userEndpoints.me, () => ownerUser)
    .on(businessEndpoints.get, () => ownerBusiness({ role: { title: role === 'owner' ? 'Owner' : 'Cashier' }, permissions: [...ROLE_PERMISSIONS[role]] }))
    .on(overviewEndpoints.get, () => FULL);
}

describe('the Overview shows each role only what it may use', { timeout: 45_000 }, () => {
  it('a cashier sees the figures and their own steps, never balances, payouts, approvals or owner set-up steps', async () => {
    serve('cashier');
    renderApp(`/business/${BID}/payments`);
    expect(await screen.findByRole('link', { name: 'Create your first payment link' }, { timeout: 25_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Balances and payouts' })).toBeNull();
    expect(screen.queryByText('Next payout')).toBeNull();
    expect(screen.queryByRole('link', { name: /transfers to approve/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add a bank account for payouts' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Turn on a payment method' })).toBeNull();
    expect(screen.getByText('1 of 1 steps left')).toBeTruthy();
  });

  it('an owner sees all of it', async () => {
    serve('owner');
    renderApp(`/business/${BID}/payments`);
    expect(await screen.findByRole('heading', { name: 'Balances and payouts' }, { timeout: 25_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '2 transfers to approve' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a bank account for payouts' })).toBeTruthy();
    expect(screen.getByText('3 of 3 steps left')).toBeTruthy();
  });
});
