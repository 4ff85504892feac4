import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { businessEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { formatMoneyWithCode } from '@merchant/core';
import { transferEndpoints, type SendMoneyOverview, type Transfer } from '@merchant/payments';
import { OWNER_BUSINESS_ID, ownerBusiness, ownerUser, renderApp, stubApi } from '@/test';

const BID = OWNER_BUSINESS_ID;
/** The signed-in owner, with a user id as the server makes them. */
const user = { ...ownerUser, id: '2c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f' };
const money = (amount: number) => ({ amount, currency: 'sgd' });
const shown = (amount: number) => formatMoneyWithCode(amount, 'sgd');

const transfer = (id: string, requester: { id: string; name: string }, amount: number): Transfer => ({
  id,
  status: 'awaiting_review',
  beneficiary: { id: '5b7e2c1a-9d3f-4e6a-8b1c-2d3e4f5a6b7c', holder_name: 'Lim Hardware', bank_name: 'DBS Bank', account_last4: '4455', currency: 'sgd' },
  send: money(amount),
  fee: money(1_00),
  total: money(amount + 1_00),
  receive: money(amount),
  rate: '1',
  reference: null,
  needs_approval: true,
  requested_by: requester,
  reviewed_by: null,
  failure_reason: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  completed_at: null,
});

const MINE = transfer('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', { id: user.id, name: user.name }, 600_00);
const THEIRS = transfer('1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', { id: '3d0e9f8a-7b6c-4d5e-8f3a-2b1c0d9e8f7a', name: 'Maya Manager' }, 750_00);

const overview: SendMoneyOverview = {
  balances: [{ currency: 'sgd', available: money(1_234_00) }],
  recent: [THEIRS, MINE],
  awaiting_review: [THEIRS, MINE],
  settings: { approval_threshold: money(500_00) },
};

describe('the Send Payments overview', () => {
  it("offers Approve and Reject on someone else's waiting transfer, Cancel on one's own, and approves after confirming", async () => {
    const api = stubApi()
      .on(userEndpoints.me, () => user)
      .on(businessEndpoints.get, () => ownerBusiness({ features: { send_money: true }, transfers_awaiting_review: 2 }))
      .on(transferEndpoints.overview, () => overview)
      .on(transferEndpoints.approve, () => ({ ...THEIRS, status: 'processing' as const }));
    renderApp(`/business/${BID}/payments/send-money`);
    expect(await screen.findByText(shown(1_234_00), {}, { timeout: 15_000 })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Transfers awaiting approval' });
    expect(within(table).getByRole('button', { name: `Approve ${shown(750_00)} to Lim Hardware` })).toBeTruthy();
    expect(within(table).getByRole('button', { name: `Reject ${shown(750_00)} to Lim Hardware` })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: `Approve ${shown(600_00)} to Lim Hardware` })).toBeNull();
    expect(within(table).getByRole('button', { name: `Cancel transfer ${shown(600_00)} to Lim Hardware` })).toBeTruthy();
    expect(screen.getByText(new RegExp(`Transfers above ${shown(500_00)}`))).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: `Approve ${shown(750_00)} to Lim Hardware` }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this transfer?' });
    expect(api.requests(transferEndpoints.approve)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.requests(transferEndpoints.approve)).toHaveLength(1));
    expect(api.requests(transferEndpoints.approve)[0]!.params).toMatchObject({ transfer_id: THEIRS.id });
  });

  it('shows a super admin who may only read it no button that would move money', async () => {
    stubApi()
      .on(userEndpoints.me, () => user)
      .on(businessEndpoints.get, () => ownerBusiness({ features: { send_money: true }, read_only: true }))
      .on(transferEndpoints.overview, () => overview);
    renderApp(`/business/${BID}/payments/send-money`);
    expect(await screen.findByText(shown(1_234_00), {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send money' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Approve / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change approval rule' })).toBeNull();
  });
});

describe('a transfer’s rate', () => {
  const detailOf = (t: Transfer) => {
    stubApi()
      .on(userEndpoints.me, () => user)
      .on(businessEndpoints.get, () => ownerBusiness({ features: { send_money: true } }))
      .on(transferEndpoints.get, () => ({ transfer: t, events: [] }));
    renderApp(`/business/${BID}/payments/transfer-history/${t.id}`);
  };

  it('is left out when the transfer sends and receives one currency (no "Rate 1")', async () => {
    detailOf(MINE);
    expect(await screen.findByText('Amount sent', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('Rate')).toBeNull();
  });

  it('reads as one unit of the sent currency in the received one across currencies', async () => {
    detailOf({ ...MINE, receive: { amount: 443_00, currency: 'usd' }, rate: '0.738' });
    expect(await screen.findByText('1 SGD = 0.738 USD', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Rate')).toBeTruthy();
  });
});
