import { expect, it } from 'vitest';
import { registerMerchant, registerPartner, verify } from './api';
import { demoTests } from './demo';
import { expectAccessible, mailbox, newPage, screenshot, signIn } from './support';

/**
 * Partner invitations (issue 30): a partner invites an existing merchant by its owner's email on Linked businesses;
 * the merchant's owner accepts it on Business partners (confirmed in a dialog); the link shows on both sides. At 1280
 * px for the partner and 375 px for the merchant, with axe.
 */

const demo = demoTests();

it('a partner invites an existing merchant, the merchant accepts, and the link shows on both sides', async () => {
  const stamp = Date.now().toString(36);
  const partnerName = `Invite Agency ${stamp}`;
  const { email: partnerEmail, businessId: partnerId } = await registerPartner('Ivy Inviter', partnerName, 'inviter');
  const shopName = `Invited Shop ${stamp}`;
  const { api: shopApi, email: merchantEmail, businessId: shopId } = await registerMerchant('Ines Invited', shopName, 'invited');
  // An existing merchant: verified, as the merchants partners invite are.
  await verify(shopApi, shopId, 'Ines Invited', shopName);

  // The partner sends the invitation from its Linked businesses screen.
  const desk = await newPage(demo.browser, { width: 1280, height: 900 });
  await signIn(desk.page, partnerEmail);
  await desk.page.waitForURL((url) => url.pathname.startsWith(`/business/${partnerId}/partner`));
  await desk.page.goto(`/business/${partnerId}/partner/linked-businesses`);
  await desk.page.getByRole('heading', { level: 1, name: 'Linked businesses' }).waitFor();
  await desk.page.getByRole('textbox', { name: /^Owner's email/ }).fill(merchantEmail);
  await desk.page.getByRole('button', { name: 'Send invitation' }).click();
  const invitations = desk.page.getByRole('table', { name: 'Invitations' });
  await invitations.getByRole('cell', { name: merchantEmail, exact: true }).waitFor();
  await invitations.getByText('Pending').waitFor();
  // Inviting the same email again is refused on the field: one pending invitation per email.
  const emailField = desk.page.getByRole('textbox', { name: /^Owner's email/ });
  await emailField.fill(merchantEmail);
  await desk.page.getByRole('button', { name: 'Send invitation' }).click();
  const refusal = 'An invitation to this email is already pending: revoke it to send a new one.';
  // Said once, on the field (no snackbar repeats it), and tied to it for a screen reader.
  await desk.page.getByText(refusal).waitFor();
  expect(await emailField.getAttribute('aria-invalid')).toBe('true');
  const describedBy = ((await emailField.getAttribute('aria-describedby')) ?? '').split(' ');
  expect(await Promise.all(describedBy.map((id) => desk.page.locator(`[id="${id}"]`).textContent()))).toContain(refusal);
  expect(await invitations.getByRole('cell', { name: merchantEmail, exact: true }).count()).toBe(1);
  await expectAccessible(desk.page);
  await screenshot(desk.page, 'partner-invitations-1280');
  expect((await mailbox()).some((m) => m.to === merchantEmail && m.subject.startsWith(partnerName))).toBe(true);

  // The merchant's owner accepts on a phone.
  const phone = await newPage(demo.browser, { width: 375, height: 800 });
  await signIn(phone.page, merchantEmail);
  await phone.page.waitForURL((url) => url.pathname !== '/login');
  await phone.page.goto(`/business/${shopId}/payments/partners`);
  await phone.page.getByRole('heading', { level: 1, name: 'Business partners' }).waitFor();
  await phone.page.getByRole('button', { name: `Accept invitation of ${partnerName}` }).waitFor();
  await expectAccessible(phone.page);
  await screenshot(phone.page, 'business-partners-invitation-375');
  await phone.page.getByRole('button', { name: `Accept invitation of ${partnerName}` }).click();
  const dialog = phone.page.getByRole('dialog', { name: `Link your business to ${partnerName}?` });
  await dialog.getByRole('button', { name: 'Accept and link' }).click();
  await phone.page.getByText(`Your business is now linked to ${partnerName}.`).waitFor();
  await phone.page.getByRole('button', { name: `End link with ${partnerName}` }).waitFor();
  expect(await phone.page.getByRole('button', { name: `Accept invitation of ${partnerName}` }).count()).toBe(0);
  await expectAccessible(phone.page);
  await phone.context.close();

  // The partner sees the merchant linked and the invitation accepted.
  await desk.page.reload();
  await desk.page.getByRole('table', { name: 'Linked businesses' }).getByText(shopName).waitFor();
  await invitations.getByText('Accepted').waitFor();
  await expectAccessible(desk.page);
  await desk.context.close();
});
