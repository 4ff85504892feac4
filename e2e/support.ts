import { existsSync, mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { pageIsStill } from './page-still';

export const baseURL = (): string => inject('baseURL');
export const DEMO_PASSWORD = 'demo-password';

/** Small real files for the verification documents: a one-page PDF and a 1x1 PNG (the server checks their first bytes). */
export const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
export const SAMPLE_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0e1b5f30000000049454e44ae426082',
  'hex',
);

/**
 * The server's dev clock (`/_dev/clock`: loopback only, on for the browser tests' server): `serverClock()` reads
 * it, `serverClock('/advance', { ms })` moves it ahead (the schedules run at once), `serverClock('/reset')` puts
 * it back. A test that moves it puts it back in its `afterAll`, for the tests that follow.
 */
export async function serverClock(path: '' | '/advance' | '/reset' = '', body?: { ms: number }): Promise<{ now: string; offset_ms: number }> {
  const res = await fetch(`${baseURL()}/_dev/clock${path}`, {
    method: path ? 'POST' : 'GET',
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { now: string; offset_ms: number };
}

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Debian's Chromium as its headless shell (package chromium-headless-shell: the same engine and version as
 * /usr/bin/chromium, built without the browser's windows and profile; the build Playwright itself runs headless).
 * The same file's pages cost about a third less CPU in it (lists.e2e.ts: 16 CPU-s against 22 to 27). `E2E_CHROMIUM`
 * names another build: npm test runs the screen sweep in the full browser, `/usr/bin/chromium`.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const EXECUTABLE = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const start = () => chromium.launch({ executablePath: EXECUTABLE, args: FLAGS, headless: true });

let shared: Promise<Browser> | undefined;

/**
 * The browser of a file's tests. One Chromium serves every file of the vitest worker (the e2e project does not isolate
 * its files): a launch and close cost 0.7 CPU-s, 40 times a run; a file gets it with a `close` of its own, which
 * closes the windows the file opened (its contexts) and leaves the browser to the next file. Playwright ends the
 * browser when the worker exits.
 */
export async function launch(): Promise<Browser> {
  let browser = await (shared ??= start());
  if (!browser.isConnected()) {
    shared = start();
    browser = await shared;
  }
  return forOneFile(browser);
}

/** The shared browser as one file sees it: the contexts it opens are its own, and `close` closes them only. */
function forOneFile(browser: Browser): Browser {
  const contexts = new Set<BrowserContext>();
  return new Proxy(browser, {
    get(target, key) {
      if (key === 'newContext')
        return async (options?: BrowserContextOptions) => {
          const context = await target.newContext({ reducedMotion: 'reduce', ...options });
          contexts.add(context);
          context.once('close', () => contexts.delete(context));
          return context;
        };
      if (key === 'newPage') return () => Promise.reject(new Error('Open windows with newPage(browser) or browser.newContext(): the file closes its contexts'));
      if (key === 'close')
        return async () => {
          await Promise.all([...contexts].map((context) => context.close()));
        };
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; storageState?: BrowserContextOptions['storageState'] } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    // Snackbars and dialogs appear without a transition (the theme respects reduced motion): axe never meets one half faded in.
    reducedMotion: 'reduce',
    viewport: { width: options.width ?? 1280, height: options.height ?? 860 },
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Signs in through the login screen as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}

/**
 * For a file whose tests move the server's clock: a browser launched before them, and after them the clock put back
 * (for the files that follow) and the browser closed. Answers the browser (once the file's tests run).
 */
export function clockMovingBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await serverClock('/reset');
    await browser?.close();
  });
  return () => browser!;
}

/** Where signing in lands: in the business of a person with one (answers its id), or on the chooser (answers null). */
export async function landed(page: Page): Promise<string | null> {
  await page.waitForURL((url) => url.pathname === '/choose-business' || /^\/business\/[0-9a-f-]{36}\//.test(url.pathname));
  const path = new URL(page.url()).pathname;
  return path === '/choose-business' ? null : path.split('/')[2]!;
}

export interface SignedInPage {
  page: Page;
  close: () => Promise<void>;
}

/**
 * A browser window of its own, signed in through the login screen and landed (in the business of a person with one,
 * on the chooser of one with several); `close` ends it. Files in the demo business use `demoTests()` (demo.ts).
 */
export async function signedInPage(browser: Browser, email: string, width?: number, height?: number): Promise<SignedInPage> {
  const { context, page } = await newPage(browser, width ? { width, height: height ?? 800 } : height ? { height } : {});
  await signIn(page, email);
  await landed(page);
  return { page, close: () => context.close() };
}

/**
 * axe finds no serious or critical issue on the page as it is now.
 *
 * axe-core is put into a document once and checks it as often as asked: handed its source every time,
 * `@axe-core/playwright` sends and compiles its 580 KB twice per check (0.3 to 0.8 CPU-s in the page and as much
 * again in the browser and test processes, measured), while the check itself takes 40 to 60 ms. A screen reached
 * inside the app keeps its document, so a file's checks after the first cost only the check; a page load starts
 * a document without axe and the next check puts it in again.
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // A snackbar or modal caught mid-transition has partial opacity, which axe reads as low contrast. The page is
  // checked once it is still, and the check is trusted only if nothing started moving while it ran (a snackbar's
  // timer ending mid-check, on a busy machine where a check takes seconds): otherwise it is run again.
  let bad: string[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.waitForFunction(pageIsStill);
    await page.evaluate(watchMovement);
    // In the page itself (the app has no frames): the default run opens a second window per check to merge the
    // frames' results. Only violations are asked for: axe then spends no time listing every node that passes.
    const results = await new AxeBuilder({ page, axeSource: AXE_IN_PAGE })
      .setLegacyMode()
      .options({ resultTypes: ['violations'] })
      .analyze();
    bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    if (bad.length === 0 || !(await page.evaluate(() => (window as { moved?: boolean }).moved === true))) break;
  }
  // One line naming each issue: a failure's first line says which (a CI log keeps that line, not the diff under it).
  if (bad.length > 0) expect.fail(`serious or critical accessibility issues: ${bad.join('; ')}`);
}

/** Notes in `window.moved` whether a transition or animation starts from now on. */
const watchMovement = () => {
  const w = window as { moved?: boolean; watching?: boolean };
  w.moved = false;
  if (w.watching) return;
  w.watching = true;
  for (const type of ['transitionstart', 'animationstart']) document.addEventListener(type, () => (w.moved = true), true);
};

/** What `AxeBuilder` evaluates in place of axe's source: nothing, once `expectAccessible` has put axe in the page. */
const AXE_IN_PAGE = `if (typeof window.axe === 'undefined') throw new Error('axe is not in the page');`;

/** Mail the server kept in its dev mailbox, newest first. */
export async function mailbox(): Promise<KeptMail[]> {
  const res = await fetch(`${baseURL()}/_dev/mailbox.json`);
  return ((await res.json()) as { data: KeptMail[] }).data;
}

/** A mail of the dev mailbox; each attachment is served at its `url`. */
export interface KeptMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content_type: string; size: number; url: string }[];
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@e2e.test`;
}

/**
 * With E2E_SCREENSHOTS=1, saves a full-page screenshot in e2e/artifacts/ (not committed) to look at what a person
 * sees. Off by default: nothing reads them, and drawing and encoding full pages was a large part of the browser's time.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const dir = new URL('./artifacts/', import.meta.url).pathname;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}${name}.png`, fullPage: true });
}

/**
 * The minor units of a two-decimal amount as a screen writes it: "SGD 1,234.50" is 123450; a negative one starts with
 * a true minus ("−SGD 30.00", as the one money formatter writes it) or a hyphen.
 */
export function minorOfShown(shown: string): number {
  const sign = /^\s*[−-]/.test(shown) ? -1 : 1;
  return sign * Math.round(Number(shown.replace(/[^0-9.]/g, '')) * 100);
}
