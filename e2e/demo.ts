import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { demoBusiness, type ApiSession } from './api';
import { launch, newPage, serverClock, signedInPage, type SignedInPage } from './support';

export const DEMO_OWNER = 'owner@demo.test';

/** What a file of browser tests in a demo business has once its `beforeAll` ran (see {@link demoTests}). */
export interface DemoTests {
  /** The file's browser. */
  readonly browser: Browser;
  /** The demo business's id. */
  readonly businessId: string;
  /** Its owner's API session, as another device of theirs would have. */
  readonly api: ApiSession;
  /**
   * A window of its own at `width` px (1280 by default) signed in as `as` (the owner by default). The person signs in
   * through the login screen once per file; later windows of the same person start from that session (its cookies),
   * blank: the test goes where it starts. `fresh` signs in again (for a test that signs out or ends its session).
   */
  page(options?: { as?: string; width?: number; height?: number; fresh?: boolean }): Promise<SignedInPage>;
}

/**
 * The set-up of a file of browser tests in the demo business, in one line: `const demo = demoTests();` takes the
 * browser before the file's tests and closes the file's windows after them, finds the business (`demo-coffee` unless `business`
 * names another) with its owner's API session, and opens signed-in windows (`demo.page({ as, width })`). A file
 * whose tests move the server's clock says `moveClock: true`: the clock is put back after its tests, and every
 * window signs in afresh (a session kept from before the clock moved would have gone idle; so has `api` by then).
 */
export function demoTests(options: { business?: string; owner?: string; moveClock?: boolean } = {}): DemoTests {
  let browser: Browser | undefined;
  let demo: { api: ApiSession; businessId: string } | undefined;
  const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();

  beforeAll(async () => {
    [browser, demo] = await Promise.all([launch(), demoBusiness(options.business, options.owner)]);
  });
  afterAll(async () => {
    if (options.moveClock) await serverClock('/reset');
    await browser?.close();
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('demoTests(): used before its beforeAll ran');
    return value;
  };

  return {
    get browser() {
      return ready(browser);
    },
    get businessId() {
      return ready(demo).businessId;
    },
    get api() {
      return ready(demo).api;
    },
    async page({ as = options.owner ?? DEMO_OWNER, width, height, fresh = false } = {}) {
      const kept = options.moveClock || fresh ? undefined : sessions.get(as);
      if (!kept) {
        const signedIn = await signedInPage(ready(browser), as, width, height);
        if (!options.moveClock && !fresh) sessions.set(as, await signedIn.page.context().storageState());
        return signedIn;
      }
      const { context, page } = await newPage(ready(browser), { width, height: height ?? (width ? 800 : undefined), storageState: kept });
      return { page, close: () => context.close() };
    },
  };
}
