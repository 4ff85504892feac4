import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, mailbox, screenshot } from './support';
import { demoTests } from './demo';

/**
 * Invoices in the browser: the owner writes an invoice with two lines and a tax (the total follows as they
 * type), saves the draft, sends it, records part of a bank transfer, and finds it in the list.
 */
let customerId: string;
const RUN = Date.now().toString(36);
const customer = { name: `Ivy Invoice ${RUN}`, email: `ivy-${RUN}@example.test` };

const demo = demoTests();
beforeAll(async () => {
  customerId = (await demo.api.call<{ id: string }>('POST', `/v1/business/${demo.businessId}/customers`, customer)).id;
});

describe('invoices in the browser', () => {
  it('the owner creates an invoice with two lines and a tax, sends it, records part of a payment and finds it in the list', async () => {
    const { page, close } = await demo.page();
    await page.goto(`/business/${demo.businessId}/payments/invoices`);
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await page.getByRole('link', { name: 'Create invoice' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Create invoice' }).waitFor();

    await page.getByRole('textbox', { name: 'Customer' }).fill(customer.name);
    await page.getByRole('option', { name: new RegExp(customer.name) }).click();
    await page.getByRole('group', { name: 'Line 1' }).getByRole('textbox', { name: 'Description' }).fill('Espresso beans, 1 kg');
    await page.getByRole('group', { name: 'Line 1' }).getByRole('textbox', { name: 'Quantity' }).fill('2');
    await page.getByRole('group', { name: 'Line 1' }).getByRole('textbox', { name: 'Unit price' }).fill('12.50');
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByRole('group', { name: 'Line 2' }).getByRole('textbox', { name: 'Description' }).fill('Grinder service');
    await page.getByRole('group', { name: 'Line 2' }).getByRole('textbox', { name: 'Unit price' }).fill('10');
    await page.getByRole('group', { name: 'Line 2' }).getByRole('textbox', { name: 'Discount %' }).fill('10');
    await page.getByRole('button', { name: 'Add tax' }).click();
    await page.getByRole('group', { name: 'Tax 1' }).getByRole('textbox', { name: 'Tax name' }).fill('GST');
    await page.getByRole('group', { name: 'Tax 1' }).getByRole('textbox', { name: 'Rate %' }).fill('9');
    // 2 x 12.50 + (10.00 - 10 %) = 34.00; GST 9 % = 3.06.
    await page.getByText('Total: SGD 37.06').waitFor();
    await page.getByText('Line amount: SGD 9.00').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'invoice-create');
    await page.getByRole('button', { name: 'Save draft' }).click();

    await page.waitForURL(/\/payments\/invoices\/[0-9a-f-]{36}$/);
    const heading = page.getByRole('heading', { level: 1, name: /^INV-/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.trim();
    expect(number).toMatch(/^INV-\d{6}$/);
    await page.getByText('Draft', { exact: true }).first().waitFor();
    await page.getByText('GST (9 %): SGD 3.06').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send invoice' }).click();
    await page.getByText('Sent', { exact: true }).first().waitFor();
    // The mail carries the link of the invoice's page (the wording is the business's template, which other tests edit).
    const publicUrl = await page.getByRole('link', { name: /\/inv_/ }).getAttribute('href');
    expect(publicUrl).toMatch(/^http:\/\/invoice\./);
    const mail = (await mailbox()).find((m) => m.to === customer.email);
    expect(mail?.text).toContain(publicUrl);
    // The invoice goes with the mail as a PDF, and the detail downloads the same document.
    expect(mail?.attachments).toEqual([expect.objectContaining({ filename: `${number}.pdf`, content_type: 'application/pdf' })]);
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe(`${number}.pdf`);
    const pdfBytes = readFileSync((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfBytes.subarray(-6).toString('latin1')).toContain('%%EOF');

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Mark paid' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Amount received' }).fill('20');
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Bank transfer');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await page.getByText('Partially paid', { exact: true }).first().waitFor();
    await page.getByText('SGD 17.06').first().waitFor();
    await screenshot(page, 'invoice-detail');

    await page.goto(`/business/${demo.businessId}/payments/invoices?status=partially_paid`);
    await page.getByRole('searchbox', { name: 'Search invoices' }).fill(number);
    const table = page.getByRole('table', { name: 'Invoices' });
    await table.getByRole('link', { name: number }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await expectAccessible(page);
    await close();
  });

  it('says nothing is due on a void invoice, in the list', async () => {
    const who = await demo.api.call<{ id: string }>('POST', `/v1/business/${demo.businessId}/customers`, {
      name: `Vera Void ${RUN}`,
      email: `vera-${RUN}@example.test`,
    });
    const draft = await demo.api.call<{ id: string; number: string }>('POST', `/v1/business/${demo.businessId}/invoices`, {
      customer_id: who.id,
      issue_date: '2026-11-01',
      due_date: '2026-12-31',
      lines: [{ description: 'Cancelled order', quantity: 1, unit_price: 523_20 }],
    });
    const voided = await demo.api.call<{ number: string }>('POST', `/v1/business/${demo.businessId}/invoices/${draft.id}/void`);
    const { page, close } = await demo.page();
    try {
      await page.goto(`/business/${demo.businessId}/payments/invoices?status=void`);
      await page.getByRole('searchbox', { name: 'Search invoices' }).fill(voided.number);
      const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: voided.number });
      await row.waitFor();
      // Its total is SGD 523.20; the Due column says "—", not the same amount again (a void invoice is never paid).
      expect(await row.getByText('SGD 523.20').count()).toBe(1);
      await row.getByText('—', { exact: true }).first().waitFor();
    } finally {
      await close();
    }
  });

  it('fits a 375 px phone', async () => {
    const { page, close } = await demo.page({ width: 375 });
    await page.goto(`/business/${demo.businessId}/payments/invoices/create`);
    await page.getByRole('heading', { level: 1, name: 'Create invoice' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'invoice-create-phone');

    // The detail's actions, Download PDF among them, wrap on a phone.
    const invoice = await demo.api.call<{ id: string; number: string }>('POST', `/v1/business/${demo.businessId}/invoices`, {
      customer_id: customerId,
      issue_date: '2026-11-01',
      due_date: '2026-11-30',
      lines: [{ description: 'Cupping session', quantity: 1, unit_price: 4500 }],
    });
    await page.goto(`/business/${demo.businessId}/payments/invoices/${invoice.id}`);
    await page.getByRole('heading', { level: 1, name: invoice.number }).waitFor();
    // On a phone the actions other than Send are in "More actions".
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Download PDF' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, 'invoice-detail-phone');
    await close();
  });

  for (const width of [1280, 375]) {
    it(`gives the list's header one primary action and "More actions", the description its room (${width} px)`, async () => {
      const { page, close } = await demo.page({ width, height: 860 });
      try {
        await page.goto(`/business/${demo.businessId}/payments/invoices`);
        await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
        const actions = page.getByTestId('detail-actions');
        expect(await actions.getByRole('link', { name: 'Create invoice' }).count()).toBe(1);
        expect(await actions.getByRole('link', { name: 'Bulk create' }).count()).toBe(0);
        // One row of buttons.
        const boxes = await Promise.all([
          actions.getByRole('link', { name: 'Create invoice' }).boundingBox(),
          actions.getByRole('button', { name: 'More actions' }).boundingBox(),
        ]);
        expect(Math.abs(boxes[0]!.y - boxes[1]!.y)).toBeLessThan(8);
        // The description takes at most two lines (four buttons squeezed it onto three at 1280 px).
        const description = page.getByText('Bill customers: they open the invoice on its own page');
        const height = (await description.boundingBox())!.height;
        const lineHeight = await description.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
        expect(Math.round(height / lineHeight)).toBeLessThanOrEqual(2);
        await actions.getByRole('button', { name: 'More actions' }).click();
        for (const item of ['Bulk create', 'Export CSV', 'Reminders']) await page.getByRole('menuitem', { name: item }).waitFor();
        await page.keyboard.press('Escape');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectAccessible(page);
        await screenshot(page, `invoices-header-${width}`);
      } finally {
        await close();
      }
    });
  }
});
