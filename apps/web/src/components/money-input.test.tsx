import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../test';
import { MoneyInput } from './money-input';

function Form({ currency, initial = null }: { currency: string; initial?: number | null }) {
  const [amount, setAmount] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput label="Amount" currency={currency} value={amount} onChange={setAmount} />
      <output aria-label="minor">{amount === null ? 'none' : String(amount)}</output>
    </>
  );
}

const field = () => screen.getByLabelText('Amount') as HTMLInputElement;
const minor = () => screen.getByLabelText('minor').textContent;

describe('MoneyInput', () => {
  it('reads major units into minor units by the currency decimals and shows them in full on leaving', () => {
    renderWithProviders(<Form currency="sgd" />);
    fireEvent.change(field(), { target: { value: '12.5' } });
    expect(minor()).toBe('1250');
    fireEvent.blur(field());
    expect(field().value).toBe('12.50');
  });

  it('keeps no more decimals than the currency has, and none for a zero-decimal currency', () => {
    renderWithProviders(<Form currency="sgd" />);
    fireEvent.change(field(), { target: { value: '$1,234.567' } });
    expect(field().value).toBe('1234.56');
    expect(minor()).toBe('123456');
    cleanup();
    renderWithProviders(<Form currency="jpy" />);
    expect(fireEvent.keyDown(field(), { key: '.' })).toBe(false);
    expect(fireEvent.paste(field(), { clipboardData: { getData: () => '1500.5' } })).toBe(false);
    fireEvent.change(field(), { target: { value: '1500' } });
    expect(minor()).toBe('1500');
  });

  it('shows a given amount, refuses letters and a second dot from the keyboard, and pastes only numbers', () => {
    renderWithProviders(<Form currency="kwd" initial={1234} />);
    expect(field().value).toBe('1.234');
    expect(fireEvent.keyDown(field(), { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(field(), { key: '.' })).toBe(false);
    expect(fireEvent.keyDown(field(), { key: '7' })).toBe(true);
    expect(fireEvent.paste(field(), { clipboardData: { getData: () => '1e3' } })).toBe(false);
    expect(fireEvent.paste(field(), { clipboardData: { getData: () => '12.5' } })).toBe(true);
  });
});
