import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PortalSubscription } from '@merchant/payments';
import { renderWithProviders } from '@/test/render';
import { PortalSubscriptions } from './portal-subscriptions';

const subscription = (name: string, method: PortalSubscription['method']): PortalSubscription => ({
  id: crypto.randomUUID(),
  name,
  amount: { amount: 15_00, currency: 'sgd' },
  interval: 'monthly',
  interval_days: null,
  status: method ? 'active' : 'pending',
  trial_end_at: null,
  current_period_end: null,
  next_charge_at: null,
  next_charge_amount: null,
  cancel_at_period_end: false,
  method,
  ended_at: null,
  can_update_method: true,
  can_cancel_at_period_end: false,
});

describe("the customer portal's subscriptions", () => {
  it('offers to add a card where none is saved, and to update the one that is', () => {
    renderWithProviders(
      <PortalSubscriptions
        businessId="b1"
        token="t"
        zone="Asia/Singapore"
        subscriptions={[
          subscription('Tea club', null),
          subscription('Box club', { kind: 'card', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } as PortalSubscription['method']),
        ]}
      />,
    );
    expect(screen.getByRole('button', { name: 'Add a card for Tea club' }).textContent).toBe('Add a card');
    expect(screen.queryByRole('button', { name: 'Update card for Tea club' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Update card for Box club' }).textContent).toBe('Update card');
  });
});
