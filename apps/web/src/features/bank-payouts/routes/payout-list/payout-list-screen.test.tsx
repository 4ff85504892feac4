import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { businessEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { payoutEndpoints, type Payout } from '@merchant/payments';
import { OWNER_BUSINESS_ID, ownerBusiness, ownerUser, phoneWidth, renderApp, stubApi } from '@/test';

const BID = OWNER_BUSINESS_ID;

const payout = (id: string, over: Partial<Payout>): Payout => ({
  id,
  amount: { amount: 130_78, currency: 'sgd' },
  status: 'in_transit',
  trigger: 'manual',
  bank_account: { id: '0193a9a0-0000-7000-8000-000000000010', bank_name: 'DBS Bank', holder_name: 'Ada Shop', account_last4: '4567' },
  failure_reason: null,
  created_at: '2026-11-27T02:00:00.000Z',
  arrives_at: '2026-11-30T02:00:00.000Z',
  paid_at: null,
  failed_at: null,
  ...over,
});

afterEach(() => vi.restoreAllMocks());

describe('the payouts list', () => {
  it('says "Arrived" with the day a paid payout was paid, and "Arrives" for one in transit (the business\'s days)', async () => {
    stubApi()
      .on(userEndpoints.me, () => ownerUser)
      .on(businessEndpoints.get, () => ownerBusiness())
      .on(payoutEndpoints.list, () => ({
        data: [
          payout('0193a9a0-0000-7000-8000-000000000011', {}),
          // Paid at 17:30 UTC on the 28th: the 29th in Singapore, a day before it was expected.
          payout('0193a9a0-0000-7000-8000-000000000012', { status: 'paid', paid_at: '2026-11-28T17:30:00.000Z' }),
        ],
        next_cursor: null,
      }));
    renderApp(`/business/${BID}/payments/balance/payouts`);
    const text = (wanted: string) => (_: string, el: Element | null) => el?.textContent === wanted;
    expect((await screen.findAllByText(text('Arrives 30 Nov 2026'), {}, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expect(screen.getAllByText(text('Arrived 29 Nov 2026')).length).toBeGreaterThan(0);
    expect(screen.queryAllByText(text('Arrives 29 Nov 2026'))).toHaveLength(0);
  });

  it('on a phone, a card says "Arrived 29 Nov 2026" under its bank, not "Arrival Arrived ..."', async () => {
    phoneWidth(true);
    stubApi()
      .on(userEndpoints.me, () => ownerUser)
      .on(businessEndpoints.get, () => ownerBusiness())
      .on(payoutEndpoints.list, () => ({
        data: [payout('0193a9a0-0000-7000-8000-000000000012', { status: 'paid', paid_at: '2026-11-28T17:30:00.000Z' })],
        next_cursor: null,
      }));
    renderApp(`/business/${BID}/payments/balance/payouts`);
    const text = (wanted: string) => (_: string, el: Element | null) => el?.textContent === wanted;
    expect((await screen.findAllByText(text('Arrived 29 Nov 2026'), {}, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expect(screen.queryAllByText('Arrival')).toHaveLength(0);
  });
});
