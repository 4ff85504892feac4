import { describe, expect, it } from 'vitest';
import { createPageCache, loadOnce } from './storefront-cache';

describe('the storefront cache', () => {
  it('keeps the most recently used entries up to its bound', () => {
    const cache = createPageCache<string>(2);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    expect(cache.size).toBe(2);
  });

  it('loads a value once for the requests that miss together, and keeps it', async () => {
    const cache = createPageCache<Promise<string>>(10);
    let loads = 0;
    let finish: (value: string) => void = () => undefined;
    const load = () => {
      loads += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const together = [loadOnce(cache, 'shop|1.0.0|', load), loadOnce(cache, 'shop|1.0.0|', load), loadOnce(cache, 'shop|1.0.0|', load)];
    finish('catalogue');
    expect(await Promise.all(together)).toEqual(['catalogue', 'catalogue', 'catalogue']);
    expect(await loadOnce(cache, 'shop|1.0.0|', load)).toBe('catalogue');
    expect(loads).toBe(1);
    // Other versions (after a purge) are a load of their own.
    const purged = loadOnce(cache, 'shop|1.0.1|', load);
    finish('purged');
    expect(await loadOnce(cache, 'shop|1.0.1|', load)).toBe('purged');
    expect(await purged).toBe('purged');
    expect(loads).toBe(2);
  });

  it('forgets a load that failed, so the next request reads again', async () => {
    const cache = createPageCache<Promise<string>>(10);
    let loads = 0;
    const failing = () => {
      loads += 1;
      return Promise.reject(new Error('database down'));
    };
    const both = [loadOnce(cache, 'k', failing), loadOnce(cache, 'k', failing)];
    await expect(both[0]).rejects.toThrow('database down');
    await expect(both[1]).rejects.toThrow('database down');
    expect(loads).toBe(1);
    expect(await loadOnce(cache, 'k', () => Promise.resolve('back'))).toBe('back');
    expect(cache.size).toBe(1);
  });
});
