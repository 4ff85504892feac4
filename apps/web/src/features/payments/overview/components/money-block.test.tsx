import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Overview } from '@merchant/payments';
import { renderWithProviders } from '@/test/render';
import { MoneyBlock, SetupBlock } from './money-block';

const money = (amount: number) => ({ amount, currency: 'sgd' });
const overview = {
  balances: [
    {
      currency: 'sgd',
      available: money(791_80),
      pending: money(34_68),
      pending_parts: [
        { available_on: '2026-11-30', amount: 15_36 },
        { available_on: '2026-12-01', amount: 19_32 },
      ],
    },
  ],
  next_payout: { date: '2026-11-30', amount: money(791_80), bank_account: 'DBS Bank •••• 4567', below_minimum: false },
} as unknown as Overview;

describe('the Overview money block', () => {
  it('writes the days money arrives as dates a person reads, never as ISO days', () => {
    const { container } = renderWithProviders(<MoneyBlock data={overview} businessId="b1" />, { route: '/' });
    expect(screen.getByText(/SGD 15\.36 available on/).textContent).toBe('SGD 15.36 available on 30 Nov 2026');
    expect(screen.getByText(/to DBS Bank/).textContent).toBe('on 30 Nov 2026 to DBS Bank •••• 4567');
    expect(container.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

describe('the Overview set-up card', () => {
  it('ticks a finished step without "(done)" after it, and still names it done to a screen reader', () => {
    const checklist: Overview['checklist'] = [
      { item: 'verify_business', done: true },
      { item: 'add_bank_account', done: false },
    ];
    renderWithProviders(<SetupBlock checklist={checklist} businessId="b1" />, { route: '/' });
    const card = screen.getByRole('region', { name: 'Finish setting up' });
    expect(card.textContent).not.toContain('(done)');
    const [done, left] = within(card).getAllByRole('listitem');
    expect(done!.textContent).toBe('Done: Verify your business');
    expect(within(done!).queryByRole('link')).toBeNull();
    expect(within(left!).getByRole('link').textContent).toBe('Add a bank account for payouts');
  });
});
