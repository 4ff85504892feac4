import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeHandlers } from './change-feed';
import { keptReads, type KeptReadsOptions } from './kept-reads';

/** A feed the test drives: its announcements and its state. */
function feed() {
  const handlers: ChangeHandlers[] = [];
  const changes = { subscribe: (h: ChangeHandlers) => handlers.push(h) } as unknown as ChangeFeed;
  return {
    changes,
    announce: (payload: string) => handlers.forEach((h) => h.onChange(payload)),
    state: (live: boolean) => handlers.forEach((h) => h.onState(live)),
  };
}

interface Row {
  group: string;
  size: number;
}

/** Reads of rows by key; `x:<key>` drops one, `g:<group>` a group, anything else everything. */
function cache(options: KeptReadsOptions<Row>) {
  const f = feed();
  const kept = keptReads<string, Row>(
    f.changes,
    (payload, k) => {
      k.changed();
      if (payload.startsWith('x:')) k.drop(payload.slice(2));
      else if (payload.startsWith('g:')) k.dropWhere((_, row) => row.group === payload.slice(2));
      else k.clear();
    },
    options,
  );
  return { ...f, kept };
}
const row = (group = 'a', size = 1): Row => ({ group, size });

describe('reads kept while the change feed is up', () => {
  it('keeps nothing until the feed is live, and forgets everything when it goes down or comes back', () => {
    const { kept, state } = cache({ max: 10 });
    expect(kept.keep(kept.mark(), 'k', row())).toBe(false);
    state(true);
    expect(kept.keep(kept.mark(), 'k', row())).toBe(true);
    expect(kept.get('k')).toEqual(row());
    state(false);
    expect(kept.get('k')).toBeUndefined();
    state(true);
    expect(kept.get('k')).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it('does not keep a read during which a change was announced, nor one that started before the feed came back', () => {
    const { kept, state, announce } = cache({ max: 10 });
    state(true);
    let mark = kept.mark();
    announce('x:other');
    expect(kept.keep(mark, 'k', row())).toBe(false);
    mark = kept.mark();
    state(false);
    state(true);
    expect(kept.keep(mark, 'k', row())).toBe(false);
    expect(kept.keep(kept.mark(), 'k', row())).toBe(true);
  });

  it('drops what a change names: one key, a group, or everything', () => {
    const { kept, state, announce } = cache({ max: 10 });
    state(true);
    for (const [key, group] of [
      ['1', 'a'],
      ['2', 'a'],
      ['3', 'b'],
      ['4', 'c'],
    ] as const)
      kept.keep(kept.mark(), key, row(group));
    announce('x:1');
    expect([kept.get('1'), kept.size]).toEqual([undefined, 3]);
    announce('g:a');
    expect([kept.get('2'), kept.get('3'), kept.size]).toEqual([undefined, row('b'), 2]);
    announce('anything');
    expect(kept.size).toBe(0);
  });

  it('lets the oldest go past its size, by keeping order or by use', () => {
    for (const byUse of [false, true]) {
      const { kept, state } = cache({ max: 2, byUse });
      state(true);
      kept.keep(kept.mark(), '1', row());
      kept.keep(kept.mark(), '2', row());
      kept.get('1'); // used: by use, '2' is now the oldest
      kept.keep(kept.mark(), '3', row());
      expect([kept.get('1') !== undefined, kept.get('2') !== undefined, kept.get('3') !== undefined]).toEqual(
        byUse ? [true, false, true] : [false, true, true],
      );
    }
  });

  it('holds a weight: the oldest go until it fits, and a read heavier than the whole is not kept', () => {
    const { kept, state, announce } = cache({ max: 10, weight: { of: (r) => r.size, max: 5 } });
    state(true);
    kept.keep(kept.mark(), '1', row('a', 2));
    kept.keep(kept.mark(), '2', row('a', 2));
    kept.keep(kept.mark(), '3', row('a', 2));
    expect([kept.get('1'), kept.size]).toEqual([undefined, 2]);
    expect(kept.keep(kept.mark(), '4', row('a', 6))).toBe(false);
    // A dropped read gives its weight back: after it, 3 more fit beside '3'.
    announce('x:2');
    kept.keep(kept.mark(), '5', row('a', 3));
    expect([kept.get('3') !== undefined, kept.get('5') !== undefined]).toEqual([true, true]);
    // Kept again under the same key, a read replaces its weight rather than adding to it.
    kept.keep(kept.mark(), '5', row('a', 3));
    expect(kept.size).toBe(2);
  });
});
