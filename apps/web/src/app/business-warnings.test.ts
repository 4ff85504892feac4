import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusinessWarning } from '@merchant/business';
import { WARNING_DISMISS_MS, dismissWarning, dismissalsStorageKey, readDismissals, visibleWarnings } from './business-warnings';

const warning = (id: string): BusinessWarning => ({
  id,
  style: 'warning',
  title: `Warning ${id}`,
  body: 'Body',
  cta_title: null,
  cta_url: null,
  cta_permission: null,
});

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('business warning dismissal (spec 4, 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('hides a dismissed banner for 24 hours, then shows it again', () => {
    const storage = memoryStorage();
    const warnings = [warning('kyc'), warning('payout')];
    expect(visibleWarnings(warnings, readDismissals(storage, 'b1'), Date.now()).map((w) => w.id)).toEqual(['kyc', 'payout']);

    dismissWarning(storage, 'b1', 'kyc');
    expect(visibleWarnings(warnings, readDismissals(storage, 'b1'), Date.now()).map((w) => w.id)).toEqual(['payout']);

    vi.advanceTimersByTime(WARNING_DISMISS_MS - 1);
    expect(visibleWarnings(warnings, readDismissals(storage, 'b1'), Date.now()).map((w) => w.id)).toEqual(['payout']);

    vi.advanceTimersByTime(1);
    expect(visibleWarnings(warnings, readDismissals(storage, 'b1'), Date.now()).map((w) => w.id)).toEqual(['kyc', 'payout']);
  });

  it('stores { warningId: dismissedAtMs } per business', () => {
    const storage = memoryStorage();
    dismissWarning(storage, 'b1', 'kyc');
    expect(JSON.parse(storage.map.get(dismissalsStorageKey('b1')) ?? '{}')).toEqual({ kyc: Date.parse('2025-03-01T09:00:00Z') });
    expect(readDismissals(storage, 'b2')).toEqual({});
  });

  it('drops expired entries and survives corrupt storage', () => {
    const storage = memoryStorage();
    dismissWarning(storage, 'b1', 'old');
    vi.advanceTimersByTime(WARNING_DISMISS_MS + 1);
    dismissWarning(storage, 'b1', 'new');
    expect(Object.keys(readDismissals(storage, 'b1'))).toEqual(['new']);
    storage.setItem(dismissalsStorageKey('b1'), '{not json');
    expect(readDismissals(storage, 'b1')).toEqual({});
  });
});
