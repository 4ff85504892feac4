import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { ChangeText, periodChange, previousPeriodName } from './period-change';

describe('periodChange', () => {
  it('words a rise and a fall in percent of the previous figure, against the previous period named by its days', () => {
    expect(periodChange(112, 100, 30)).toEqual({ text: '+12% vs the previous 30 days', tone: 'better' });
    expect(periodChange(75_00, 100_00, 7)).toEqual({ text: '-25% vs the previous 7 days', tone: 'worse' });
    expect(periodChange(2, 3, 1)).toEqual({ text: '-33% vs the previous day', tone: 'worse' });
    // Under 1% shows one decimal rather than "+0%".
    expect(periodChange(1004, 1000, 7).text).toBe('+0.4% vs the previous 7 days');
  });

  it('says "No change" for equal figures and "New" when the previous period had none', () => {
    expect(periodChange(5, 5, 30)).toEqual({ text: 'No change vs the previous 30 days', tone: 'same' });
    expect(periodChange(0, 0, 30)).toEqual({ text: 'No change vs the previous 30 days', tone: 'same' });
    expect(periodChange(null, null, 30)).toEqual({ text: 'No change vs the previous 30 days', tone: 'same' });
    expect(periodChange(12_50, null, 30)).toEqual({ text: 'New vs the previous 30 days', tone: 'better' });
    expect(periodChange(3, 0, 7)).toEqual({ text: 'New vs the previous 7 days', tone: 'better' });
    expect(periodChange(0, 4, 7)).toEqual({ text: '-100% vs the previous 7 days', tone: 'worse' });
  });

  it('changes a rate in percentage points, and colours a rise of what should fall as worse', () => {
    expect(periodChange(6667, 5000, 7, { kind: 'points' })).toEqual({ text: '+16.67 pts vs the previous 7 days', tone: 'better' });
    expect(periodChange(250, null, 7, { kind: 'points' })).toEqual({ text: '+2.5 pts vs the previous 7 days', tone: 'better' });
    expect(periodChange(4, 2, 7, { sense: 'lower-is-better' })).toEqual({ text: '+100% vs the previous 7 days', tone: 'worse' });
    expect(periodChange(1, 2, 7, { sense: 'lower-is-better' })).toEqual({ text: '-50% vs the previous 7 days', tone: 'better' });
  });

  it('names the previous period', () => {
    expect(previousPeriodName(1)).toBe('the previous day');
    expect(previousPeriodName(90)).toBe('the previous 90 days');
  });
});

describe('ChangeText', () => {
  it('shows the words, so the colour is never the only sign', () => {
    renderWithProviders(<ChangeText change={periodChange(112, 100, 30)} />);
    expect(screen.getByText('+12% vs the previous 30 days')).toBeTruthy();
  });
});
