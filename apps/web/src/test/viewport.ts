import { vi } from 'vitest';

/** A media query's answer as jsdom lacks it: `matches` as given, listeners that never fire. */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
}

/**
 * Makes Mantine's media queries answer as a phone (`max-width` queries match) or a wider screen; undone by
 * `vi.restoreAllMocks()`.
 */
export function phoneWidth(phone: boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, phone && query.includes('max-width')));
}
