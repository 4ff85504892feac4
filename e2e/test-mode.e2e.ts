import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, screenshot, signedInPage } from './support';

/**
 * The Test mode mark (issue 25): the demo server pays on the test processor, so the dashboard's header says
 * "Test mode" on every business screen, at both widths, and it stays once the dismissible demo banner is closed.
 */
let browser: Browser;
const OWNER = 'owner@demo.test';

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('the Test mode mark in the dashboard', () => {
  for (const width of [1280, 375]) {
    it(`stays in the header at ${width} px after the demo banner is closed, on every screen visited`, async () => {
      const { page, close } = await signedInPage(browser, OWNER, width);
      // The owner of one business lands in it, on its Overview.
      await page.waitForURL(/\/payments$/);
      const header = page.getByRole('banner');
      // A badge in the header's row on a laptop, a strip under it on a phone: whichever this width shows.
      const mark = header.getByTestId('test-mode-mark').filter({ visible: true });
      await mark.waitFor();
      expect(await mark.innerText()).toMatch(/test mode/i);
      expect(await mark.isVisible()).toBe(true);
      // The mark has no close button of its own.
      expect(await mark.getByRole('button').count()).toBe(0);

      const banner = page.getByRole('alert').filter({ hasText: 'Demo data' });
      await banner.waitFor();
      await page.getByRole('button', { name: /Dismiss "Demo data"/ }).click();
      await expect(banner.count()).resolves.toBe(0);
      expect(await mark.isVisible()).toBe(true);
      // Within the header's width, and the section switcher keeps its name beside it.
      const box = (await mark.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      const switcher = header.getByRole('button', { name: /^Section: Payments/ });
      expect(await switcher.evaluate((el) => [...el.querySelectorAll('span')].every((span) => span.scrollWidth <= span.clientWidth))).toBe(true);
      // The screen's heading is not under the fixed header.
      const heading = (await page.getByRole('heading', { level: 1 }).first().boundingBox())!;
      expect(heading.y).toBeGreaterThanOrEqual((await header.boundingBox())!.height);
      await expectAccessible(page);
      await screenshot(page, `test-mode-overview-${width}`);

      // Another screen, and the page loaded afresh: the mark comes with the business answer, the banner stays closed.
      const transactions = page.url().replace(/\/payments$/, '/payments/transactions');
      await page.goto(transactions);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect(page.getByRole('alert').filter({ hasText: 'Demo data' }).count()).resolves.toBe(0);
      await page.getByRole('banner').getByTestId('test-mode-mark').filter({ visible: true }).waitFor();
      await expectAccessible(page);
      await close();
    });
  }
});
