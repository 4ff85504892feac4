import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearCsrfToken } from '../lib/api-client';

// jsdom lacks what Mantine asks the browser for: stand-ins for every web test.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

window.scrollTo = () => undefined;

// After every web test: unmount what it rendered, remove its stubs (fetch included) and forget the
// anti-forgery token the API client kept, so the next test starts from a fresh page.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCsrfToken();
});
