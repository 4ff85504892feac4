import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { SCREEN_PATHS } from '@merchant/core';
import { invoicePageEndpoints, publicInvoicePdfPath, type InvoicePage } from '@merchant/payments';
import { apiError, renderWithProviders, stubApi } from '@/test';
import { Component as InvoicePageScreen } from './invoice-page-screen';

const BUSINESS = '5b0c2a44-98b6-4d9b-a2a4-3f7e0d0a1c11';
const PUBLIC_ID = 'inv_4eQmV2b0C3x9LkT7pZr1aS';

function invoice(over: Partial<InvoicePage> = {}): InvoicePage {
  return {
    business: { name: 'Demo Coffee', logo_url: null, brand_color: '#1c7ed6', time_zone: 'Asia/Singapore' },
    number: 'INV-000007',
    status: 'sent',
    customer: { name: 'Ivy Tan', email: 'ivy@example.com' },
    currency: 'sgd',
    issue_date: '2026-11-01',
    due_date: '2026-11-15',
    lines: [
      { description: 'Espresso beans', quantity: 2, unit_price: 12_50, discount_bps: 0, net: 25_00 },
      { description: 'Grinder service', quantity: 1, unit_price: 10_00, discount_bps: 1000, net: 9_00 },
    ],
    taxes: [{ name: 'GST', rate_bps: 900, amount: 3_06 }],
    subtotal: 34_00,
    tax_total: 3_06,
    total: 37_06,
    amount_paid: 0,
    amount_due: 37_06,
    allow_partial: false,
    payable: { min: 37_06, max: 37_06 },
    unavailable: null,
    notes: null,
    terms: null,
    payments: [],
    test_mode: true,
    ...over,
  };
}

function renderPage() {
  renderWithProviders(
    <Routes>
      <Route path={SCREEN_PATHS.publicInvoice} element={<InvoicePageScreen />} />
    </Routes>,
    { route: `/${BUSINESS}/${PUBLIC_ID}` },
  );
}

const stub = () => stubApi().on(invoicePageEndpoints.csrfToken, () => ({ token: 'invoice-host-token' }));

describe('the public invoice page', { timeout: 30_000 }, () => {
  it("says when the invoice is due in the customer's words, never the dashboard's status, and links its PDF", async () => {
    stub().on(invoicePageEndpoints.get, () => invoice());
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Invoice INV-000007' });
    const state = screen.getByTestId('invoice-state').textContent ?? '';
    expect(state).toMatch(/^Due 15 Nov( 2026)?$/);
    expect(screen.queryByText(/^sent$/i)).toBeNull();
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toBe(publicInvoicePdfPath(BUSINESS, PUBLIC_ID));
  });

  it("writes who is billed as the customer's name, then the email on a line of its own (a phone cuts no address in two)", async () => {
    stub().on(invoicePageEndpoints.get, () => invoice({ customer: { name: 'Marina Bay Office Pantry', email: 'pantry@marinabay.example.com' } }));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Invoice INV-000007' });
    expect(screen.getByText('Marina Bay Office Pantry').textContent).toBe('Marina Bay Office Pantry');
    expect(screen.getByText('pantry@marinabay.example.com').textContent).toBe('pantry@marinabay.example.com');
    expect(screen.queryByText(/ · /)).toBeNull();
  });

  it('offers no payment and says why when the business cannot take payments', async () => {
    stub().on(invoicePageEndpoints.get, () => invoice({ payable: null, unavailable: 'This business cannot take payments right now.' }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-000007' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('This business cannot take payments right now.');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('shows the business, the lines, the taxes and the amount due, with one Pay button for all of it', async () => {
    const api = stub().on(invoicePageEndpoints.get, () => invoice());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-000007' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Demo Coffee' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: /Grinder service\s*1 × SGD 10\.00, 10 % off/ })).toBeTruthy();
    expect(screen.getByText('GST (9 %)')).toBeTruthy();
    expect(screen.getByTestId('invoice-amount-due').textContent).toBe('SGD 37.06');
    expect(screen.queryByRole('textbox', { name: /Amount to pay/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay SGD 37.06' })).toBeTruthy();
    expect(api.requests(invoicePageEndpoints.get)[0]!.params).toEqual({ business_id: BUSINESS, invoice: PUBLIC_ID });
  });

  it('takes a part where allowed, checks it against the range before asking the server, and shows the server’s refusal on the field', async () => {
    const api = stub()
      .on(invoicePageEndpoints.get, () => invoice({ allow_partial: true, payable: { min: 1, max: 37_06 } }))
      .on(invoicePageEndpoints.pay, () =>
        apiError(422, 'INVOICE_OVERPAYMENT', 'The given data was invalid', { issues: [{ path: 'amount', message: 'Only SGD 20.00 is due.' }] }),
      );
    renderPage();
    const field = await screen.findByRole('textbox', { name: /^Amount to pay/ });
    expect((field as HTMLInputElement).value).toBe('37.06');
    fireEvent.change(field, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay SGD 40.00' }));
    expect(await screen.findByText('Enter an amount from SGD 0.01 to SGD 37.06')).toBeTruthy();
    expect(api.requests(invoicePageEndpoints.pay)).toHaveLength(0);

    fireEvent.change(field, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay SGD 30.00' }));
    expect(await screen.findByText('Only SGD 20.00 is due.')).toBeTruthy();
    expect(api.requests(invoicePageEndpoints.pay)[0]!.body).toEqual({ amount: 30_00 });
  });

  it('says a paid invoice is paid and lists its payments with their receipts, without a Pay button', async () => {
    stub().on(invoicePageEndpoints.get, () =>
      invoice({
        status: 'paid',
        amount_paid: 37_06,
        amount_due: 0,
        payable: null,
        payments: [
          {
            amount: { amount: 37_06, currency: 'sgd' },
            method: 'card',
            card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
            paid_at: '2026-11-02T10:00:00.000Z',
            receipt_url: 'http://securecheckout.localhost/r/pay_abc',
          },
        ],
      }),
    );
    renderPage();
    expect((await screen.findByText('Paid in full')).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: /^Receipt of SGD 37\.06/ }).getAttribute('href')).toBe('http://securecheckout.localhost/r/pay_abc');
  });

  it('is the 404 page for an invoice that does not exist or was voided', async () => {
    stub().on(invoicePageEndpoints.get, () => apiError(404, 'INVOICE_NOT_FOUND', 'This invoice does not exist.'));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });
});
