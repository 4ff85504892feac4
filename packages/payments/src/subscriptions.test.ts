import { describe, expect, it } from 'vitest';
import { CreateSubscriptionBodySchema, RetrySettingsBodySchema, periodStartAt, subscriptionAllows } from './subscriptions';

const at = (iso: string) => new Date(iso);

describe('periodStartAt', () => {
  it('counts months from the anchor, clamped to the last day of shorter months, keeping the time of day', () => {
    const anchor = at('2026-01-31T09:30:00Z');
    const monthly = { interval: 'monthly', interval_days: null } as const;
    expect([1, 2, 3, 4].map((n) => periodStartAt(anchor, monthly, n).toISOString())).toEqual([
      '2026-02-28T09:30:00.000Z',
      '2026-03-31T09:30:00.000Z',
      '2026-04-30T09:30:00.000Z',
      '2026-05-31T09:30:00.000Z',
    ]);
    expect(periodStartAt(at('2028-02-29T00:00:00Z'), { interval: 'yearly', interval_days: null }, 1).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });

  it('adds weeks and every N days', () => {
    const anchor = at('2026-11-01T09:00:00Z');
    expect(periodStartAt(anchor, { interval: 'weekly', interval_days: null }, 2).toISOString()).toBe('2026-11-15T09:00:00.000Z');
    expect(periodStartAt(anchor, { interval: 'every_n_days', interval_days: 10 }, 3).toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });
});

describe("periodStartAt in the business's zone", () => {
  const monthly = { interval: 'monthly', interval_days: null } as const;

  it('counts months on the local calendar: 31 January 07:00 in Singapore (30 January in UTC) is followed by 28 February', () => {
    const anchor = at('2026-01-30T23:00:00Z'); // 31 Jan 07:00 in Singapore (UTC+8)
    expect([1, 2, 3].map((n) => periodStartAt(anchor, monthly, n, 'Asia/Singapore').toISOString())).toEqual([
      '2026-02-27T23:00:00.000Z', // 28 Feb 07:00 local
      '2026-03-30T23:00:00.000Z', // 31 Mar 07:00 local
      '2026-04-29T23:00:00.000Z', // 30 Apr 07:00 local
    ]);
    expect(periodStartAt(anchor, { interval: 'yearly', interval_days: null }, 1, 'Asia/Singapore').toISOString()).toBe('2027-01-30T23:00:00.000Z');
  });

  it('keeps the local time of day across a daylight-saving change (weeks are local days, not 168 hours)', () => {
    const anchor = at('2026-03-02T14:00:00Z'); // Monday 09:00 in New York (UTC-5)
    const weekly = { interval: 'weekly', interval_days: null } as const;
    expect(periodStartAt(anchor, weekly, 2, 'America/New_York').toISOString()).toBe('2026-03-16T13:00:00.000Z'); // 09:00 EDT
    expect(periodStartAt(anchor, monthly, 1, 'America/New_York').toISOString()).toBe('2026-04-02T13:00:00.000Z');
    expect(periodStartAt(anchor, { interval: 'every_n_days', interval_days: 10 }, 1, 'America/New_York').toISOString()).toBe('2026-03-12T13:00:00.000Z');
  });

  it('keeps the local time of day on the very day the clocks change, before the change as after it', () => {
    const anchor = at('2026-10-01T14:00:00Z'); // Thursday 1 October 10:00 in New York (EDT, UTC-4)
    // 1 November: the clocks went back at 02:00, so 10:00 is 15:00 UTC (not 14:00, 10 hours after the day's start).
    expect(periodStartAt(anchor, monthly, 1, 'America/New_York').toISOString()).toBe('2026-11-01T15:00:00.000Z');
    // 14 March 2027: they went forward at 02:00; 10:00 EDT is 14:00 UTC.
    expect(periodStartAt(at('2027-02-14T15:00:00Z'), monthly, 1, 'America/New_York').toISOString()).toBe('2027-03-14T14:00:00.000Z');
  });
});

describe('the subscription rules', () => {
  it('allows each action only in its statuses', () => {
    expect(subscriptionAllows('pause', 'active')).toBe(true);
    expect(subscriptionAllows('pause', 'pending')).toBe(false);
    expect(subscriptionAllows('resume', 'paused')).toBe(true);
    expect(subscriptionAllows('cancel_now', 'cancelled')).toBe(false);
    expect(subscriptionAllows('cancel_at_period_end', 'past_due')).toBe(false);
    expect(subscriptionAllows('charge_now', 'pending')).toBe(false);
  });

  it('asks for an amount and an interval without a plan, and refuses a zero amount or 0 days', () => {
    const id = '0193a9a0-0000-7000-8000-000000000001';
    expect(CreateSubscriptionBodySchema.safeParse({ customer_id: id, plan_id: id }).success).toBe(true);
    const paths = (body: object) => CreateSubscriptionBodySchema.safeParse(body).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ customer_id: id })).toEqual(['amount', 'interval']);
    expect(paths({ customer_id: id, amount: 0, interval: 'monthly' })).toEqual(['amount']);
    expect(paths({ customer_id: id, amount: 100, interval: 'every_n_days', interval_days: 0 })).toEqual(['interval_days']);
  });

  it('takes retry days in ascending order, from one to eight', () => {
    expect(RetrySettingsBodySchema.safeParse({ retry_days: [1, 3, 5], final_action: 'unpaid' }).success).toBe(true);
    expect(RetrySettingsBodySchema.safeParse({ retry_days: [3, 1], final_action: 'cancel' }).success).toBe(false);
    expect(RetrySettingsBodySchema.safeParse({ retry_days: [], final_action: 'cancel' }).success).toBe(false);
    expect(RetrySettingsBodySchema.safeParse({ retry_days: [1, 2, 3, 4, 5, 6, 7, 8, 9], final_action: 'cancel' }).success).toBe(false);
  });
});
