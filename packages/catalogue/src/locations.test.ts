import { describe, expect, it } from 'vitest';
import { CLOSED_ALL_WEEK, hoursSummary } from './locations';

const open = (opens: string, closes: string) => ({ opens, closes });

describe('hoursSummary', () => {
  it('joins runs of days with the same hours and leaves closed days out', () => {
    const weekdays = open('08:00', '18:00');
    expect(
      hoursSummary({
        ...CLOSED_ALL_WEEK,
        monday: weekdays,
        tuesday: weekdays,
        wednesday: weekdays,
        thursday: weekdays,
        friday: weekdays,
        saturday: open('09:00', '16:00'),
      }),
    ).toBe('Mon–Fri 08:00–18:00 · Sat 09:00–16:00');
  });

  it('starts a new run after a closed day, even with the same hours', () => {
    const h = open('10:00', '14:00');
    expect(hoursSummary({ ...CLOSED_ALL_WEEK, monday: h, tuesday: h, thursday: h })).toBe('Mon–Tue 10:00–14:00 · Thu 10:00–14:00');
  });

  it('says Closed for a week with no open day', () => {
    expect(hoursSummary(CLOSED_ALL_WEEK)).toBe('Closed');
  });
});
