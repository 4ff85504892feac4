import { vi } from 'vitest';
import { notifications } from '@mantine/notifications';

// The web tests' files share one jsdom window and one worker (vitest.config.ts, `isolate: false`): making a window and
// importing React, Mantine and the route table once per file was half the project's CPU time. Before each file this
// set-up (listed before setup.ts) gives it what a window of its own would: the app's modules evaluated afresh (module
// state such as the anti-forgery token, lazy screens and stores), no module mocked by an earlier file, real timers, and
// an empty page, address and storage. React, Mantine and the other packages stay loaded; the one of them that keeps a
// test's state is the snackbars' store (shown and queued), emptied here: snackbars left by earlier files queued new ones.

/** Vitest's module mocker: with isolate off it keeps an earlier file's `vi.mock`s (vitest resets it only between isolated files). */
const mocker = (globalThis as { __vitest_mocker__?: { reset(): void } }).__vitest_mocker__;
mocker?.reset();
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
notifications.clean();
document.body.innerHTML = '';
document.body.removeAttribute('style');
document.documentElement.removeAttribute('style');
document.documentElement.removeAttribute('data-mantine-color-scheme');
document.title = '';
window.localStorage.clear();
window.sessionStorage.clear();
window.history.replaceState(null, '', '/');
