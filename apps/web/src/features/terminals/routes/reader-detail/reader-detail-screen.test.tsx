import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { businessEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { terminalEndpoints, type ReaderDetail, type ReaderPayment } from '@merchant/pos';
import { OWNER_BUSINESS_ID, ownerBusiness, ownerUser, renderApp, stubApi } from '@/test';

const BID = OWNER_BUSINESS_ID;
const READER_ID = '0193a9a0-0000-7000-8000-000000000021';
const CHARGE_ID = '0193a9a0-0000-7000-8000-000000000022';

const reader = (over: Partial<ReaderDetail> = {}): ReaderDetail => ({
  id: READER_ID,
  name: 'Front counter',
  model: 'countertop_c1',
  serial_number: 'SIM-0000000001',
  status: 'paired',
  connection: 'online',
  location: { id: '0193a9a0-0000-7000-8000-000000000023', name: 'Roastery', status: 'active' },
  last_seen_at: '2026-11-27T02:00:00.000Z',
  unseen: false,
  can_take_payments: true,
  paired_at: '2026-11-27T01:00:00.000Z',
  recent_payments: [],
  ...over,
});

const payment = (status: ReaderPayment['status']): ReaderPayment => ({
  charge_id: CHARGE_ID,
  reader_id: READER_ID,
  status,
  amount: { amount: 30_00, currency: 'sgd' },
  card: { brand: 'visa', last4: '3220' },
  failure: null,
  created_at: '2026-11-27T02:00:00.000Z',
});

afterEach(() => vi.restoreAllMocks());

describe('a card reader’s page', () => {
  it('in test mode, simulates a payment that asks for the PIN, and completes it with the PIN', async () => {
    const api = stubApi()
      .on(userEndpoints.me, () => ownerUser)
      .on(businessEndpoints.get, () => ownerBusiness({ test_mode: true }))
      .on(terminalEndpoints.getReader, () => reader())
      .on(terminalEndpoints.collectPayment, () => payment('requires_pin'))
      .on(terminalEndpoints.enterPin, () => payment('succeeded'));
    renderApp(`/business/${BID}/pos/terminals/reader/${READER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Front counter' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Simulate a payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Simulate a payment on Front counter' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Amount/ }), { target: { value: '30.00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Collect payment' }));
    await within(dialog).findByText('Waiting for PIN: SGD 30.00');
    expect(api.requests(terminalEndpoints.collectPayment)[0]!.body).toMatchObject({ amount: 30_00, card: { number: '4242424242424242' } });
    expect(api.requests(terminalEndpoints.collectPayment)[0]!.headers['idempotency-key']).toEqual(expect.any(String));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enter PIN' }));
    await within(dialog).findByText('Enter the 4 to 6 digit PIN');
    expect(api.requests(terminalEndpoints.enterPin)).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^PIN on the reader/ }), { target: { value: '1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enter PIN' }));
    await within(dialog).findByText('Succeeded: SGD 30.00');
    expect(api.requests(terminalEndpoints.enterPin)[0]).toMatchObject({ body: { pin: '1234' } });
  });

  it('says why a reader takes no payment, flags it unseen, and offers no simulation outside test mode', async () => {
    stubApi()
      .on(userEndpoints.me, () => ownerUser)
      .on(businessEndpoints.get, () => ownerBusiness())
      .on(terminalEndpoints.getReader, () => reader({ connection: 'offline', can_take_payments: false, unseen: true }));
    renderApp(`/business/${BID}/pos/terminals/reader/${READER_ID}`);
    await screen.findByText('The reader is offline: it takes no payments until it is back online.', {}, { timeout: 15_000 });
    expect(screen.getByText('This reader has not been seen for over an hour: check that it is on and connected.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Simulate a payment' })).toBeNull();
  });
});
