import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvoiceReminderSettingsSchema, reminderOffsetDue, reminderOffsetLabel } from './invoice-reminders';

const settings = { enabled: true, days_before_due: [0, 3], days_after_due: [1, 7] };
const day = (offset: number) => new Date(Date.parse('2026-11-30T00:00:00Z') + offset * 86_400_000).toISOString().slice(0, 10);

describe('reminderOffsetDue', () => {
  it('answers the latest offset that has come: before the due date, on it, then after', () => {
    const due = '2026-11-30';
    expect([-5, -3, -2, 0, 1, 6, 7, 40].map((d) => reminderOffsetDue(settings, due, day(d)))).toEqual([null, -3, -3, 0, 1, 1, 7, 7]);
  });

  it('answers nothing when reminders are off, and no before-due reminder once the due date has passed', () => {
    expect(reminderOffsetDue({ ...settings, enabled: false }, '2026-11-30', '2026-11-30')).toBeNull();
    expect(reminderOffsetDue({ ...settings, days_after_due: [] }, '2026-11-30', '2026-12-05')).toBeNull();
  });

  it('never answers an offset the business did not choose, nor one still to come', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 5 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 180 }), { maxLength: 5 }),
        fc.integer({ min: -90, max: 240 }),
        (before, after, today) => {
          const chosen = InvoiceReminderSettingsSchema.parse({ enabled: true, days_before_due: before, days_after_due: after });
          const offset = reminderOffsetDue(chosen, '2026-11-30', day(today));
          if (offset === null) return;
          expect(offset).toBeLessThanOrEqual(today);
          expect(offset < 0 || offset === 0 ? before.includes(-offset) : after.includes(offset)).toBe(true);
        },
      ),
    );
  });
});

describe('reminderOffsetLabel', () => {
  it('says the day in words', () => {
    expect([-1, -3, 0, 1, 14].map(reminderOffsetLabel)).toEqual([
      '1 day before the due date',
      '3 days before the due date',
      'on the due date',
      '1 day after the due date',
      '14 days after the due date',
    ]);
  });
});
