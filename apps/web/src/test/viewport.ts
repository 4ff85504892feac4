import { vi } from 'vitest';

/**
 * Makes Mantine's media queries answer as a phone (`max-width` queries match) or a wider screen; undone by
 * `vi.restoreAllMocks()`.
 */
export function phoneWidth(phone: boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: phone && query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
