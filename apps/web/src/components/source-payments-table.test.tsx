import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Payment } from '@merchant/payments';
import { SourcePaymentsTable } from './source-payments-table';
import { phoneWidth, renderWithProviders } from '../test';

const money = (amount: number) => ({ amount, currency: 'sgd' });
const payment = (id: string, customer: Payment['customer']): Payment => ({
  id,
  public_id: `pay_${id}`,
  status: 'succeeded',
  amount: money(8_00),
  fee: money(0),
  net: money(8_00),
  refunded: money(0),
  method: 'paynow',
  card: null,
  bank_account: null,
  customer,
  source: { type: 'static_qr', id: null, label: null },
  integration: null,
  reference: null,
  description: null,
  failure: null,
  created_at: '2026-11-20T10:00:00.000Z',
  succeeded_at: '2026-11-20T10:00:00.000Z',
});

const ROWS = [
  payment('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', { id: null, name: null, email: null }),
  payment('1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', { id: null, name: 'Daniel Ng', email: 'daniel@example.com' }),
];
const query = { hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => undefined };

afterEach(() => vi.restoreAllMocks());

/** Issue 25: "Anonymous" was drawn as a link, as if it were a customer to open. */
describe("a link's or a QR code's payments", () => {
  for (const phone of [false, true]) {
    it(`open each payment by its time; a customer, or "Anonymous", is plain text (${phone ? 'phone' : 'laptop'})`, () => {
      phoneWidth(phone);
      renderWithProviders(<SourcePaymentsTable payments={ROWS} query={query} paymentHref={(p) => `/payments/${p.id}`} />, { route: '/' });
      const list = screen.getByRole(phone ? 'list' : 'table', { name: 'Payments' });
      const links = within(list).getAllByRole('link');
      expect(links.map((a) => a.getAttribute('href'))).toEqual(ROWS.map((p) => `/payments/${p.id}`));
      for (const link of links) expect(link.textContent).toMatch(/^20 Nov 2026, \d{2}:00$/);
      expect(within(list).getByText('Anonymous').closest('a')).toBeNull();
      expect(within(list).getByText('Daniel Ng').closest('a')).toBeNull();
    });
  }
});
