import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, screenshot } from './support';
import { demoTests } from './demo';

/**
 * The webhooks screens: the owner of the demo business adds an endpoint (its address and events, the failure events
 * among them), sees its salt once, sends a test event and sees its delivery in the endpoint's log; the local receiver
 * checks the signature with the salt. Then the deliveries of today are resent ("Resend a period", confirmed in its dialog) and the receiver gets
 * the test event again with its delivery id. Then the endpoint is deleted (confirmed). At 375 and 1280 px, axe clean.
 */
const demo = demoTests();

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.end('ok');
  });
});
let receiverUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('webhooks in the browser', () => {
  for (const width of [375, 1280]) {
    it(`the owner adds an endpoint, sends a test event and sees it delivered (${width} px wide)`, async () => {
      const url = `${receiverUrl}?w=${width}`;
      const { page, close } = await demo.page({ width });
      await page.goto(`/business/${demo.businessId}/payments/developers`);
      await page.getByRole('heading', { level: 1, name: 'Developers' }).waitFor();
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Add endpoint' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await dialog.getByText('Choose at least one event').waitFor();
      await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
      await dialog.getByRole('checkbox', { name: /charge\.created/ }).check();
      await dialog.getByRole('checkbox', { name: /payment_request\.completed/ }).check();
      // The failure events (HitPay's names) are offered beside the successes.
      await dialog.getByRole('checkbox', { name: /charge\.failed/ }).check();
      await dialog.getByRole('checkbox', { name: /payment_request\.failed/ }).check();
      await expectAccessible(page);
      await screenshot(page, `webhooks-add-${width}`);
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await dialog.waitFor({ state: 'detached' });

      const shown = page.getByRole('region', { name: "Copy the endpoint's salt now" });
      const salt = (await shown.locator('[data-secret="Salt"]').innerText()).trim();
      expect(salt).toMatch(/^[0-9a-f]{64}$/);
      await page.getByText('charge.created, payment_request.completed, charge.failed, payment_request.failed').first().waitFor();
      await expectAccessible(page);
      await screenshot(page, `webhooks-list-${width}`);

      await page.getByRole('link', { name: url }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Webhook endpoint' }).waitFor();
      await page.getByRole('button', { name: 'Send test event' }).click();
      const log = page.getByRole(width < 900 ? 'list' : 'table', { name: 'Deliveries' });
      await log.getByText('webhook.test').waitFor();
      // The job queue delivers it in the background: the log shows it delivered once it has (reloaded to read it).
      for (let i = 0; i < 30 && !(await log.getByText('Delivered').isVisible()); i++) {
        await page.waitForTimeout(500);
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Webhook endpoint' }).waitFor();
        await log.getByText('webhook.test').waitFor();
      }
      await log.getByText('Delivered').waitFor();
      const mine = received.filter((r) => r.headers['hitpay-event-type'] === 'webhook.test' && r.headers['user-agent'] && r.body.length > 0);
      const hit = mine.find((r) => createHmac('sha256', salt).update(r.body).digest('hex') === r.headers['hitpay-signature']);
      expect(hit, 'a test event signed with the salt shown').toBeDefined();
      await expectAccessible(page);
      await screenshot(page, `webhooks-detail-${width}`);

      // Resend a period: the dialog says what goes, the person confirms, the answer says how many were queued.
      const resendButton = page.getByRole('button', { name: 'Resend a period' });
      if (await resendButton.isVisible()) await resendButton.click();
      else {
        await page.getByRole('button', { name: 'More actions' }).click();
        await page.getByRole('menuitem', { name: 'Resend a period' }).click();
      }
      const period = page.getByRole('dialog', { name: 'Resend a period' });
      await period.getByText(/Every delivery made in this period is sent again/).waitFor();
      await period.getByRole('textbox', { name: 'From day' }).waitFor();
      await period.getByRole('checkbox', { name: /Only failed deliveries/ }).check();
      await period.getByText(/Every failed delivery made in this period/).waitFor();
      await period.getByRole('checkbox', { name: /Only failed deliveries/ }).uncheck();
      await expectAccessible(page);
      await screenshot(page, `webhooks-resend-period-${width}`);
      // The test event's copies received, by its delivery id.
      const copiesOfHit = () => received.filter((r) => r.headers['hitpay-delivery-id'] === hit!.headers['hitpay-delivery-id']).length;
      const before = copiesOfHit();
      await period.getByRole('button', { name: 'Resend deliveries' }).click();
      await page.getByText('1 delivery queued again.').waitFor();
      await period.waitFor({ state: 'detached' });
      // Sent again with the same delivery id, by the job queue in the background (up to 30 s on a busy machine).
      const resentBy = Date.now() + 30_000;
      while (copiesOfHit() === before && Date.now() < resentBy) {
        await page.waitForTimeout(250);
      }
      expect(copiesOfHit()).toBe(before + 1);

      // Delete, confirmed: back to the list, the endpoint gone.
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
      await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
      await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
      await page.getByText('Endpoint deleted.').waitFor();
      expect(await page.getByRole('link', { name: url }).count()).toBe(0);
      await close();
    });
  }
});
