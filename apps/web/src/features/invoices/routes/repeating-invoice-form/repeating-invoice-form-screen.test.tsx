import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { businessEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { customerEndpoints, paymentLinkEndpoints, repeatingInvoiceEndpoints } from '@merchant/payments';
import { OWNER_BUSINESS_ID, apiError, ownerBusiness, ownerUser, renderApp, stubApi } from '@/test';

const BID = OWNER_BUSINESS_ID;
const user = ownerUser;
const business = ownerBusiness();

const CUSTOMER = {
  id: '3f0c2b8e-1d2a-4c5b-9e8f-7a6b5c4d3e2f',
  name: 'Bea Client',
  email: 'bea@example.com',
  phone: null,
  notes: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('the repeating invoice form', () => {
  it('previews the schedule, sends one end at a time, and puts the server refusal on its field', async () => {
    const api = stubApi()
      .on(userEndpoints.me, () => user)
      .on(businessEndpoints.get, () => business)
      .on(customerEndpoints.list, () => ({ data: [CUSTOMER], next_cursor: null }))
      .on(paymentLinkEndpoints.products, () => ({ data: [] }))
      .on(repeatingInvoiceEndpoints.create, () =>
        apiError(422, 'VALIDATION_FAILED', 'Check the highlighted fields.', { issues: [{ path: 'max_count', message: 'Make at least one invoice' }] }),
      );
    renderApp(`/business/${BID}/payments/invoices/repeating/create`);
    const start = await screen.findByLabelText(/^First invoice on/, {}, { timeout: 15_000 });
    fireEvent.change(start, { target: { value: '2027-01-31' } });
    expect(
      await screen.findByText(/Every month on day 31 \(the last day of shorter months\)\. First invoices: 31 Jan 2027, 28 Feb 2027, 31 Mar 2027\./),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'On a date' }));
    fireEvent.change(screen.getByLabelText(/^Last possible invoice date/), { target: { value: '2027-02-28' } });
    expect(await screen.findByText(/First invoices: 31 Jan 2027, 28 Feb 2027\./)).toBeTruthy();
    // Switching to a count forgets the end date: the body carries one end only.
    fireEvent.click(screen.getByRole('radio', { name: 'After a number of invoices' }));
    expect(screen.queryByLabelText(/^Last possible invoice date/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Number of invoices/), { target: { value: '3' } });

    // The form's own check comes first (no customer yet): nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByText('Choose a customer')).toBeTruthy());
    expect(api.requests(repeatingInvoiceEndpoints.create)).toHaveLength(0);

    const picker = screen.getByRole('textbox', { name: /^Customer/ });
    fireEvent.focus(picker);
    fireEvent.click(picker);
    fireEvent.change(picker, { target: { value: 'Bea' } });
    // The dropdown's opening transition never ends in jsdom: its options count as hidden there.
    fireEvent.click(await screen.findByRole('option', { name: /Bea Client/, hidden: true }, { timeout: 10_000 }));
    // The "Line 1" box names its fields once, as a group (issue 25: not "(line 1)" in every label).
    const line = screen.getByRole('group', { name: 'Line 1' });
    fireEvent.change(within(line).getByLabelText(/^Description/), { target: { value: 'Retainer' } });
    fireEvent.change(within(line).getByLabelText(/^Unit price/), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.requests(repeatingInvoiceEndpoints.create)).toHaveLength(1));
    expect(api.requests(repeatingInvoiceEndpoints.create)[0]!.body).toMatchObject({
      customer_id: CUSTOMER.id,
      frequency: 'monthly',
      start_date: '2027-01-31',
      end_date: null,
      max_count: 3,
      due_days: 14,
      lines: [{ description: 'Retainer', unit_price: 4500 }],
    });
    // The server's field issue lands on its field.
    expect(await screen.findByText('Make at least one invoice')).toBeTruthy();
  }, 30_000);
});
