import { describe, expect, it } from 'vitest';
import { ApiSession, verifiedMerchant } from './api';
import { baseURL, expectAccessible, newPage, screenshot, signIn } from './support';
import { demoTests } from './demo';

/**
 * The support chat in the browser (docs/decisions.md, "Support chat"): a customer opens the business's public chat at
 * 375 px and writes; the owner sees it arrive in the Support inbox without reloading, answers, and the customer sees
 * the answer without reloading; a reload keeps the conversation (its token is kept in the browser).
 */
const demo = demoTests();
const RUN = Date.now().toString(36);

describe('support chat in the browser', () => {
  it('carries a customer message to the inbox and the answer back, live, at 375 px and 1280 px', async () => {
    const staff = await demo.page();
    // The header's button opens the inbox from any screen of the business.
    await staff.page.goto(`/business/${demo.businessId}/payments`);
    await staff.page.getByRole('banner').getByRole('link', { name: 'Support inbox' }).click();
    await staff.page.waitForURL(/\/payments\/support$/);
    await staff.page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
    await staff.page
      .getByRole('status')
      .filter({ hasText: /unread/ })
      .waitFor();
    await expectAccessible(staff.page);

    const { context, page: customer } = await newPage(demo.browser, { width: 375, height: 760 });
    await customer.goto(`/public/${demo.businessId}/support-chat`);
    await customer.getByRole('heading', { name: 'Chat with us' }).waitFor();
    await expectAccessible(customer);
    const name = `Chat customer ${RUN}`;
    await customer.getByLabel('Your name').fill(name);
    await customer.getByLabel('Your email').fill(`chat-${RUN}@example.test`);
    await customer.getByLabel('Message').fill(`Is the <b>oat latte</b> vegan? ${RUN}`);
    await customer.getByRole('button', { name: 'Start chat' }).click();
    const log = customer.getByRole('log');
    await log.getByText(`Is the <b>oat latte</b> vegan? ${RUN}`).waitFor();
    await screenshot(customer, 'support-chat-customer-375');

    // The inbox shows the conversation without a reload; opening it shows the message as text.
    const row = staff.page.getByRole('button', { name: new RegExp(name) });
    await row.waitFor();
    await row.click();
    const thread = staff.page.getByRole('region', { name: `Conversation with ${name}` });
    await thread.getByText(`Is the <b>oat latte</b> vegan? ${RUN}`).waitFor();
    await thread.getByLabel('Answer').fill(`Yes, it is. ${RUN}`);
    await thread.getByRole('button', { name: 'Send answer' }).click();
    await screenshot(staff.page, 'support-inbox-1280');

    await log.getByText(`Yes, it is. ${RUN}`).waitFor();
    await expectAccessible(customer);

    // The customer writes again: it arrives in the open thread live.
    await customer.getByLabel('Your message').fill(`Thanks! ${RUN}`);
    await customer.getByRole('button', { name: 'Send' }).click();
    await thread.getByText(`Thanks! ${RUN}`).waitFor();
    await expectAccessible(staff.page);

    // A reload keeps the conversation.
    await customer.reload();
    await customer.getByRole('log').getByText(`Yes, it is. ${RUN}`).waitFor();
    expect(await customer.getByLabel('Your name').count()).toBe(0);

    // At 375 px the inbox shows the list, then the conversation with a way back.
    const phone = await demo.page({ width: 375 });
    await phone.page.goto(`/business/${demo.businessId}/payments/support`);
    await phone.page.getByRole('button', { name: new RegExp(name) }).click();
    await phone.page
      .getByRole('region', { name: `Conversation with ${name}` })
      .getByText(`Thanks! ${RUN}`)
      .waitFor();
    await phone.page.getByRole('button', { name: 'Back to conversations' }).waitFor();
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'support-inbox-375');
    await phone.close();
    await staff.close();
    await context.close();
  });

  it("refuses a staff member's answer past the minute's limit, saying so on the answer, at 375 px", async () => {
    // A business of its own (verified, so its screens open), so the limit reached here holds up no other test's staff.
    const { email, businessId } = await verifiedMerchant('Lena Limit', `Limit Shop ${RUN}`, { country: 'sg', currency: 'sgd' });
    const api = new ApiSession();
    await api.signIn(email);
    const name = `Busy customer ${RUN}`;
    const res = await fetch(`${baseURL()}/v1/public/support-chat/${businessId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ name, email: `busy-${RUN}@example.test`, message: 'Are you there?' }),
    });
    expect(res.status).toBe(201);
    const { conversation } = (await res.json()) as { conversation: { id: string } };
    // The member's answers of this minute, sent as quickly as a script would (60 a minute).
    const answers = `/v1/business/${businessId}/support-chat/conversations/${conversation.id}/messages`;
    for (let i = 0; i < 60; i++) await api.call('POST', answers, { body: `Answer ${i}` });

    const { context, page } = await newPage(demo.browser, { width: 375, height: 800 });
    await signIn(page, email);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`/business/${businessId}/payments/support`);
    await page.getByRole('button', { name: new RegExp(name) }).click();
    const thread = page.getByRole('region', { name: `Conversation with ${name}` });
    await thread.getByText('Answer 59', { exact: true }).waitFor();
    await thread.getByLabel('Answer').fill(`One more ${RUN}`);
    await thread.getByRole('button', { name: 'Send answer' }).click();
    // On the answer, with the time left the answer's Retry-After gives.
    await thread.getByText(/^Too many answers\. Wait a minute and try again\. You can send again in \d+ seconds?\.$/).waitFor();
    // Said once: no snackbar repeats it (one would show at once, for 3 s).
    await page.waitForTimeout(500);
    expect(await page.getByText('Too many answers.').count()).toBe(1);
    // The text stays in the box to send once the minute has passed; nothing was added to the conversation.
    expect(await thread.getByLabel('Answer').inputValue()).toBe(`One more ${RUN}`);
    expect(await thread.getByRole('log').getByText(`One more ${RUN}`).count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });
});
