import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { businessEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { subscriptionEndpoints, type SubscriptionDetail } from '@merchant/payments';
import { OWNER_BUSINESS_ID, apiError, ownerBusiness, ownerUser, renderApp, stubApi } from '@/test';

const BID = OWNER_BUSINESS_ID;
const SID = '0193a9a0-0000-7000-8000-000000000042';

const detail = (over: Partial<SubscriptionDetail> = {}): SubscriptionDetail => ({
  id: SID,
  customer: { id: '0193a9a0-0000-7000-8000-000000000001', name: 'Bea Client', email: 'bea@example.com' },
  plan: { id: '0193a9a0-0000-7000-8000-000000000002', name: 'Coffee club' },
  name: 'Coffee club',
  description: null,
  reference: null,
  redirect_url: null,
  amount: { amount: 2990, currency: 'sgd' },
  interval: 'monthly',
  interval_days: null,
  trial_days: 0,
  trial_end_at: null,
  cycles_total: null,
  cycles_done: 1,
  status: 'past_due',
  current_period_start: null,
  current_period_end: null,
  next_charge_at: '2026-11-02T09:00:00.000Z',
  next_charge_amount: { amount: 2990, currency: 'sgd' },
  cancel_at_period_end: false,
  pending_plan: null,
  method: { kind: 'card', brand: 'visa', last4: '9995', exp_month: 12, exp_year: 2030 },
  ended_at: null,
  created_at: '2026-11-01T09:00:00.000Z',
  charges: [
    {
      id: '0193a9a0-0000-7000-8000-000000000003',
      period: 1,
      attempt: 1,
      amount: { amount: 2990, currency: 'sgd' },
      outcome: 'failed',
      refunded: { amount: 0, currency: 'sgd' },
      failure: { code: 'insufficient_funds', message: 'The card has insufficient funds.' },
      payment_id: '0193a9a0-0000-7000-8000-000000000004',
      next_retry_at: '2026-11-02T09:00:00.000Z',
      created_at: '2026-11-01T09:00:00.000Z',
    },
  ],
  ...over,
});

/** The buttons at the top right, beside the title. */
const buttonsBesideTitle = () =>
  within(screen.getByTestId('detail-actions'))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('the subscription detail', () => {
  it('shows the failed charge and its retry, offers what the status allows, and shows a refusal', async () => {
    const api = stubApi()
      .on(userEndpoints.me, () => ownerUser)
      .on(businessEndpoints.get, () => ownerBusiness())
      .on(subscriptionEndpoints.get, () => detail())
      .on(subscriptionEndpoints.chargeNow, () => apiError(409, 'SUBSCRIPTION_ACTION_NOT_ALLOWED', 'A past due subscription cannot be charged now.'));
    renderApp(`/business/${BID}/payments/subscriptions/${SID}`);
    await screen.findByRole('heading', { level: 1, name: 'Bea Client · Coffee club' }, { timeout: 15_000 });
    expect(screen.getByText('Past due')).toBeTruthy();
    expect(screen.getByText(/VISA ending 9995/)).toBeTruthy();
    expect(screen.getByText(/Failed: The card has insufficient funds\./)).toBeTruthy();
    // Past due: charge now is the one button; pause and the rest are in "More actions"; resume is not offered.
    expect(buttonsBesideTitle()).toEqual(['Charge now', 'More actions']);
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect((await screen.findAllByRole('menuitem', { hidden: true }, { timeout: 15_000 })).map((item) => item.textContent)).toEqual([
      'Pause',
      'Change plan',
      'Send card link',
      'Copy card link',
      'Edit details',
      'Cancel subscription',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Charge now' }));
    // The confirmation's own button (the modal's transition never ends in jsdom: it counts as hidden there).
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Charge now', hidden: true }).length).toBe(2), { timeout: 15_000 });
    fireEvent.click(screen.getAllByRole('button', { name: 'Charge now', hidden: true })[1]!);
    await waitFor(() => expect(api.requests(subscriptionEndpoints.chargeNow)).toHaveLength(1), { timeout: 15_000 });
    expect(await screen.findByText('A past due subscription cannot be charged now.', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('keeps two actions as buttons, names a subscription without a plan "Custom amount", and offers a card link first while none is saved', async () => {
    stubApi()
      .on(userEndpoints.me, () => ownerUser)
      .on(businessEndpoints.get, () => ownerBusiness())
      .on(subscriptionEndpoints.get, () => detail({ status: 'paused', plan: null, name: 'Tea weekly', method: null, charges: [] }));
    renderApp(`/business/${BID}/payments/subscriptions/${SID}`);
    await screen.findByRole('heading', { level: 1, name: 'Bea Client · Tea weekly' }, { timeout: 15_000 });
    expect(screen.getByText('Custom amount')).toBeTruthy();
    expect(screen.queryByText('Its own amount')).toBeNull();
    // Paused: resume is the main action; change plan, the card links and cancelling are in the menu.
    expect(buttonsBesideTitle()).toEqual(['Resume', 'More actions']);
  });

  it('shows and edits the description, reference and return address, with the field error of an http address', async () => {
    const api = stubApi()
      .on(userEndpoints.me, () => ownerUser)
      .on(businessEndpoints.get, () => ownerBusiness())
      .on(subscriptionEndpoints.get, () => detail({ description: 'Beans monthly', reference: 'order-77', redirect_url: 'https://shop.example/done' }))
      .on(subscriptionEndpoints.updateDetails, () => detail({ reference: 'order-78' }));
    renderApp(`/business/${BID}/payments/subscriptions/${SID}`);
    await screen.findByRole('heading', { level: 1, name: 'Bea Client · Coffee club' }, { timeout: 15_000 });
    expect(screen.getByText('Beans monthly')).toBeTruthy();
    expect(screen.getByText('order-77')).toBeTruthy();
    expect(screen.getByText('https://shop.example/done')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit details', hidden: true }, { timeout: 15_000 }));
    const address = await screen.findByRole('textbox', { name: /Return address/, hidden: true }, { timeout: 15_000 });
    fireEvent.change(address, { target: { value: 'http://shop.example/done' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details', hidden: true }));
    // Checked in the browser as the server checks it: nothing is sent.
    expect(await screen.findByText('Use an https:// address (http:// only on localhost)', {}, { timeout: 15_000 })).toBeTruthy();
    expect(api.requests(subscriptionEndpoints.updateDetails)).toHaveLength(0);
    fireEvent.change(address, { target: { value: 'https://shop.example/thanks' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reference/, hidden: true }), { target: { value: 'order-78' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details', hidden: true }));
    await waitFor(() => expect(api.requests(subscriptionEndpoints.updateDetails)).toHaveLength(1), { timeout: 15_000 });
    expect(api.requests(subscriptionEndpoints.updateDetails)[0]!.body).toEqual({
      description: 'Beans monthly',
      reference: 'order-78',
      redirect_url: 'https://shop.example/thanks',
    });
  });
});
