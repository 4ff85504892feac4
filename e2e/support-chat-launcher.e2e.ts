import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, newPage, SAMPLE_PNG, screenshot } from './support';
import { demoTests } from './demo';

/**
 * The support chat's launcher, attachments and canned replies in the browser (docs/decisions.md, "Support chat"): a
 * plain page of another site (another origin, another site for cookies) pastes the snippet the dashboard shows; its
 * button opens the chat in a panel, the customer writes and sends a picture, and both arrive in the inbox live; the
 * canned replies screen adds, edits and deletes a reply. On a phone the button opens the chat in a new window instead.
 */
const demo = demoTests();
const RUN = Date.now().toString(36);
let site: Server;
let siteUrl: string;
let snippet = '';

beforeAll(async () => {
  // The business's own site: one static page holding the snippet, on 127.0.0.1 (the app is on localhost).
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>Demo shop</title></head><body><main><h1>Our shop</h1><p>Welcome.</p></main>${snippet}</body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

describe('support chat launcher, attachments and canned replies', () => {
  it('manages canned replies, with the snippet to copy, accessible at 375 px', async () => {
    const phone = await demo.page({ width: 375 });
    await phone.page.goto(`/business/${demo.businessId}/payments/support`);
    await phone.page.getByRole('link', { name: 'Canned replies and chat button' }).click();
    await phone.page.getByRole('heading', { level: 1, name: 'Canned replies' }).waitFor();
    const code = phone.page.getByTestId('launcher-snippet');
    snippet = (await code.textContent()) ?? '';
    expect(snippet).toBe(`<script src="${baseURL()}/public/${demo.businessId}/support-chat/launcher.js" async></script>`);

    await phone.page.getByRole('button', { name: 'Add a canned reply' }).click();
    // An empty form is refused with its fields' errors.
    await phone.page.getByRole('button', { name: 'Add canned reply' }).click();
    await phone.page.getByText('Enter a title').waitFor();
    await expectAccessible(phone.page);
    await phone.page.getByRole('textbox', { name: 'Title' }).fill(`Opening hours ${RUN}`);
    await phone.page.getByRole('textbox', { name: 'Reply' }).fill('We are open 8am to 6pm every day.');
    await phone.page.getByRole('button', { name: 'Add canned reply' }).click();
    const list = phone.page.getByRole('list', { name: 'Canned replies' });
    await list.getByRole('heading', { name: `Opening hours ${RUN}` }).waitFor();

    await list.getByRole('button', { name: `Edit Opening hours ${RUN}` }).click();
    await phone.page.getByRole('textbox', { name: 'Title' }).fill(`Hours ${RUN}`);
    await phone.page.getByRole('button', { name: 'Save canned reply' }).click();
    await list.getByRole('heading', { name: `Hours ${RUN}` }).waitFor();
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'support-canned-replies-375');
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    await list.getByRole('button', { name: `Delete Hours ${RUN}` }).click();
    const dialog = phone.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete canned reply' }).click();
    await list.getByRole('heading', { name: `Hours ${RUN}` }).waitFor({ state: 'detached' });
    await phone.close();
  });

  it('opens the chat from the launcher on another site, sends a message and a picture, and the inbox shows both live', async () => {
    expect(snippet).toContain('launcher.js');
    const staff = await demo.page();
    await staff.page.goto(`/business/${demo.businessId}/payments/support`);
    await staff.page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();

    const { context, page } = await newPage(demo.browser, { width: 1280, height: 860 });
    await page.goto(siteUrl);
    const launcher = page.getByRole('button', { name: /^Chat with / });
    await launcher.waitFor();
    // Keyboard: the button takes focus and opens the panel with Enter.
    await launcher.focus();
    await page.keyboard.press('Enter');
    expect(await launcher.getAttribute('aria-expanded')).toBe('true');
    const chat = page.frameLocator('iframe[title^="Chat with"]');
    await chat.getByRole('heading', { name: 'Chat with us' }).waitFor();

    const name = `Site visitor ${RUN}`;
    await chat.getByLabel('Your name').fill(name);
    await chat.getByLabel('Your email').fill(`site-${RUN}@example.test`);
    await chat.getByLabel('Message').fill(`Hello from your site ${RUN}`);
    await chat.getByRole('button', { name: 'Start chat' }).click();
    await chat.getByRole('log').getByText(`Hello from your site ${RUN}`).waitFor();

    await chat.locator('input[type="file"]').setInputFiles({ name: `receipt-${RUN}.png`, mimeType: 'image/png', buffer: SAMPLE_PNG });
    await chat.getByLabel('Your message').fill('My receipt');
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await chat
      .getByRole('log')
      .getByRole('img', { name: `receipt-${RUN}.png` })
      .waitFor();
    await screenshot(page, 'support-chat-launcher-1280');

    // The inbox shows the conversation live; the picture shows in the thread.
    await staff.page.getByRole('button', { name: new RegExp(name) }).click();
    const thread = staff.page.getByRole('region', { name: `Conversation with ${name}` });
    await thread.getByText(`Hello from your site ${RUN}`).waitFor();
    const picture = thread.getByRole('img', { name: `receipt-${RUN}.png` });
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await thread.getByLabel('Answer').fill(`Got it, thanks ${RUN}`);
    await thread.getByRole('button', { name: 'Send answer' }).click();
    await chat.getByRole('log').getByText(`Got it, thanks ${RUN}`).waitFor();
    await expectAccessible(staff.page);

    // Closing the panel gives the focus back to the button.
    await page.getByRole('button', { name: 'Close chat' }).click();
    expect(await launcher.getAttribute('aria-expanded')).toBe('false');
    await staff.close();
    await context.close();
  });

  it('on a phone, opens the chat in a new window instead of a panel, where the customer writes at 375 px', async () => {
    expect(snippet).toContain('launcher.js');
    const { context, page } = await newPage(demo.browser, { width: 375, height: 800 });
    await page.goto(siteUrl);
    const launcher = page.getByRole('button', { name: /^Chat with / });
    await launcher.waitFor();
    const opened = context.waitForEvent('page');
    await launcher.click();
    const chatWindow = await opened;
    chatWindow.setDefaultTimeout(15_000);
    await chatWindow.waitForURL(`${baseURL()}/public/${demo.businessId}/support-chat`);
    // The site's page keeps no panel: nothing framed, the button not expanded.
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await launcher.getAttribute('aria-expanded')).toBe('false');
    // The window is the public chat page itself, and it has no hold on the site's page (opened without an opener).
    expect(await chatWindow.evaluate(() => window.opener)).toBeNull();
    await chatWindow.getByRole('heading', { name: 'Chat with us' }).waitFor();
    const name = `Phone visitor ${RUN}`;
    await chatWindow.getByLabel('Your name').fill(name);
    await chatWindow.getByLabel('Your email').fill(`phone-${RUN}@example.test`);
    await chatWindow.getByLabel('Message').fill(`Hello from my phone ${RUN}`);
    await chatWindow.getByRole('button', { name: 'Start chat' }).click();
    await chatWindow.getByRole('log').getByText(`Hello from my phone ${RUN}`).waitFor();
    await expectAccessible(chatWindow);
    await screenshot(chatWindow, 'support-chat-launcher-window-375');
    expect(await chatWindow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
