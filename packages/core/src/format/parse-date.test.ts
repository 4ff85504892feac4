import { describe, expect, it } from 'vitest';
import { formatDate } from './display';
import { parseDisplayDate } from './parse-date';

describe('parseDisplayDate', () => {
  it('reads back every day formatDate writes', () => {
    for (const day of ['2026-11-28', '2024-02-29', '1900-01-01', '2999-12-31', '2026-09-05']) expect(parseDisplayDate(formatDate(day))).toBe(day);
  });

  it('reads the forms people type: day first, month names short or full, ISO', () => {
    expect(parseDisplayDate('28 nov 2026')).toBe('2026-11-28');
    expect(parseDisplayDate(' 28  November, 2026 ')).toBe('2026-11-28');
    expect(parseDisplayDate('5 Sept 2026')).toBe('2026-09-05');
    expect(parseDisplayDate('28-Nov-2026')).toBe('2026-11-28');
    expect(parseDisplayDate('Nov 28, 2026')).toBe('2026-11-28');
    expect(parseDisplayDate('28/11/2026')).toBe('2026-11-28');
    expect(parseDisplayDate('1.2.2026')).toBe('2026-02-01');
    expect(parseDisplayDate('2026-11-28')).toBe('2026-11-28');
  });

  it('refuses impossible days, days out of range and anything else', () => {
    for (const text of ['31 Apr 2026', '29 Feb 2023', '11/28/2026', '2026-13-01', '1 Jan 1899', '28 Nvm 2026', 'tomorrow', '28 Nov', '', '   ']) {
      expect(parseDisplayDate(text), text).toBeNull();
    }
  });
});
