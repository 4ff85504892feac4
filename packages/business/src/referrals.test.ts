import { describe, expect, it } from 'vitest';
import { maskName } from './referrals';

describe('maskName', () => {
  it("keeps each word's first letter and hides the rest", () => {
    expect(maskName('Acme Coffee')).toBe('A••• C•••');
    expect(maskName('  Kopi   Corner  ')).toBe('K••• C•••');
  });

  it('never tells a short word or a long one by its length', () => {
    expect(maskName('A Bo')).toBe('A••• B•••');
    expect(maskName('Supercalifragilistic')).toBe('S•••');
  });

  it('keeps a letter outside the basic plane whole', () => {
    expect(maskName('😀Cafe')).toBe('😀•••');
  });
});
