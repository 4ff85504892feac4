import { describe, expect, it } from 'vitest';
import { deviceIdOf, keepOfflineAllowance, keptOfflineAllowance } from './device';

const memory = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
};

describe('the register device', () => {
  it('makes its id once and keeps it', () => {
    const store = memory();
    const first = deviceIdOf(store, () => '0193a1f2-7c1e-7000-8000-00000000d001');
    expect(first).toBe('0193a1f2-7c1e-7000-8000-00000000d001');
    expect(deviceIdOf(store, () => '0193a1f2-7c1e-7000-8000-00000000d002')).toBe(first);
  });

  it('keeps offline selling off until the server said on, per business', () => {
    const store = memory();
    expect(keptOfflineAllowance(store, 'b1')).toBe(false);
    keepOfflineAllowance(store, 'b1', true);
    expect([keptOfflineAllowance(store, 'b1'), keptOfflineAllowance(store, 'b2')]).toEqual([true, false]);
    keepOfflineAllowance(store, 'b1', false);
    expect(keptOfflineAllowance(store, 'b1')).toBe(false);
  });
});
