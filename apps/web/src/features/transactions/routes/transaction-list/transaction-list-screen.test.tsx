import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { businessEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { formatMoneyWithCode } from '@merchant/core';
import { transactionEndpoints, type Payment, type PaymentStatus } from '@merchant/payments';
import { OWNER_BUSINESS_ID, ownerBusiness, ownerUser, renderApp, stubApi } from '@/test';

const BID = OWNER_BUSINESS_ID;
const money = (amount: number) => ({ amount, currency: 'sgd' });

const payment = (id: string, status: PaymentStatus, amount: number): Payment => ({
  id,
  public_id: `pay_${id}`,
  status,
  amount: money(amount),
  fee: money(0),
  net: money(0),
  refunded: money(0),
  method: null,
  card: null,
  bank_account: null,
  customer: { id: null, name: null, email: 'casey@example.com' },
  source: { type: 'payment_link', id: null, label: null },
  integration: null,
  reference: null,
  description: 'Consultation',
  failure: null,
  created_at: '2026-11-20T10:00:00.000Z',
  succeeded_at: null,
});

const PAID = payment('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 'succeeded', 120_00);
const EXPIRED = payment('1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', 'expired', 75_00);

/**
 * The list follows the server's filter: without a status the server leaves out payments started and never paid
 * (docs/payments.md, "transactions"), and the status filter asks for them by name.
 */
describe('the Transactions list and payments never paid', () => {
  it('asks the server without a status by default (the server leaves incomplete and expired out), and offers both in the filter', async () => {
    const api = stubApi()
      .on(userEndpoints.me, () => ownerUser)
      .on(businessEndpoints.get, () => ownerBusiness())
      .on(transactionEndpoints.list, ({ url }) => ({ data: url.searchParams.get('status') === 'expired' ? [EXPIRED] : [PAID], next_cursor: null }));
    renderApp(`/business/${BID}/payments/transactions`);
    expect(await screen.findByText(formatMoneyWithCode(120_00, 'sgd'), {}, { timeout: 15_000 })).toBeTruthy();
    expect(api.requests(transactionEndpoints.list)[0]!.url.searchParams.has('status')).toBe(false);
    const status = screen.getByRole('textbox', { name: /^Status/ });
    expect(status.getAttribute('placeholder')).toBe('Any but incomplete');

    fireEvent.focus(status);
    fireEvent.click(status);
    // The dropdown's opening transition never ends in jsdom: its options count as hidden there.
    expect(await screen.findByRole('option', { name: 'Incomplete', hidden: true }, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Expired', hidden: true }));
    await waitFor(() => expect(api.requests(transactionEndpoints.list).at(-1)!.url.searchParams.get('status')).toBe('expired'));
    expect(await screen.findByText(formatMoneyWithCode(75_00, 'sgd'))).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(within(table).getByText('Expired')).toBeTruthy();
  }, 30_000);
});
