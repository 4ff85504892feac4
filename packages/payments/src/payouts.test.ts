import { describe, expect, it } from 'vitest';
import { payoutDueOn, SavePayoutSettingsBodySchema } from './payouts';

const on = (schedule: 'manual' | 'daily' | 'weekly' | 'monthly', day: string, weekly_day: number | null = null, monthly_day: number | null = null) =>
  payoutDueOn({ schedule, weekly_day, monthly_day }, day);

describe('payoutDueOn', () => {
  it('pays daily every day and never on a manual schedule', () => {
    expect(on('daily', '2026-11-25')).toBe(true);
    expect(on('manual', '2026-11-25')).toBe(false);
  });

  it('pays weekly on its ISO weekday only (1 is Monday, 7 Sunday)', () => {
    expect(on('weekly', '2026-11-23', 1)).toBe(true); // a Monday
    expect(on('weekly', '2026-11-24', 1)).toBe(false);
    expect(on('weekly', '2026-11-29', 7)).toBe(true); // a Sunday
  });

  it('pays monthly on its day, or on the last day of a shorter month', () => {
    expect(on('monthly', '2026-11-15', null, 15)).toBe(true);
    expect(on('monthly', '2026-11-16', null, 15)).toBe(false);
    expect(on('monthly', '2026-11-30', null, 31)).toBe(true);
    expect(on('monthly', '2026-02-28', null, 30)).toBe(true);
    expect(on('monthly', '2028-02-28', null, 30)).toBe(false); // a leap year: the 29th is its last day
    expect(on('monthly', '2028-02-29', null, 30)).toBe(true);
    expect(on('monthly', '2026-12-30', null, 31)).toBe(false);
  });
});

describe('SavePayoutSettingsBodySchema', () => {
  it('asks for the weekday or the day of the month that the schedule needs, on that field', () => {
    const weekly = SavePayoutSettingsBodySchema.safeParse({ schedule: 'weekly', minimum_amount: 0 });
    expect(weekly.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['weekly_day', 'Choose a weekday']]);
    const monthly = SavePayoutSettingsBodySchema.safeParse({ schedule: 'monthly', monthly_day: 32, minimum_amount: 0 });
    expect(monthly.error?.issues.map((i) => i.path.join('.'))).toEqual(['monthly_day']);
    expect(SavePayoutSettingsBodySchema.safeParse({ schedule: 'daily', minimum_amount: -1 }).success).toBe(false);
    expect(SavePayoutSettingsBodySchema.parse({ schedule: 'manual', minimum_amount: 0 })).toEqual({ schedule: 'manual', minimum_amount: 0 });
  });
});
