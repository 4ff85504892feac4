import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearCsrfToken } from '../lib/api-client';
import { mediaQueryList } from './viewport';

// jsdom lacks what Mantine asks the browser for: stand-ins for every web test.
window.matchMedia ??= (query: string) => mediaQueryList(query, false);

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

window.scrollTo = () => undefined;

// A screen is lazy (its module is loaded on first visit): under a full test run on two busy cores, loading and
// transforming it takes more than the 1 s `findBy...` waits by default (router.test.tsx timed out that way). The
// wait is for the screen to appear, not a measure of speed (that is bench/'s), so it is given room.
configure({ asyncUtilTimeout: 10_000 });

// After every web test: unmount what it rendered, remove its stubs (fetch included) and forget the
// anti-forgery token the API client kept, so the next test starts from a fresh page.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCsrfToken();
});
