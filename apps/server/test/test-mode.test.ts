import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOfKind } from '@merchant/core';
import { businessEndpoints } from '@merchant/business';
import { checkoutEndpoints, invoiceEndpoints } from '@merchant/payments';
import { mailOutbox } from '../src/db/schema';
import type { Mailer, MailMessage } from '../src/mail/mailer';
import { TEST_MODE_MAIL_LINE, markTestMail, withTestModeMark } from '../src/mail/test-mode-mark';
import { createBusiness, createCustomer, createInvoice, createLink, uniqueEmail, type FactoryBusiness } from './factories';
import { Agent, createTestContext, mailbox, type TestContext } from './harness';

/** Test mode (issue 25): while payments run on the test processor, the business answer, the public pages and every mail say so. */
let t: TestContext;
let business: FactoryBusiness;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { currency: 'sgd', country: 'sg' });
});
afterAll(() => t.close());

const htmlOf = async (to: string) =>
  (await t.database.db.select({ html: mailOutbox.html }).from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)))[0]?.html;

describe('the business answer', () => {
  it('says test mode to every member, from the processor the server runs on', async () => {
    const staffed = await createBusiness(t, { staff: ['cashier'] });
    for (const person of [staffed.people.owner, staffed.people.cashier!]) {
      const answer = await person.agent.ok(businessEndpoints.get, { params: { business_id: staffed.id } });
      expect(answer.test_mode).toBe(true);
    }
  });
});

describe('mails', () => {
  it('an invoice opens with the Test mode line, in its text and at the top of its HTML', async () => {
    const owner = business.people.owner.agent;
    const customer = await createCustomer(owner, business.id, { email: uniqueEmail('billed') });
    const draft = await createInvoice(owner, business.id, customer.id);
    await owner.ok(invoiceEndpoints.send, { params: { business_id: business.id, invoice_id: draft.id } });
    const mail = (await mailbox(t.app)).find((m) => m.to === customer.email);
    expect(mail!.subject).toContain(draft.number);
    expect(mail!.text.split('\n')[0]).toBe(TEST_MODE_MAIL_LINE);
    const html = await htmlOf(customer.email!);
    expect(html).toMatch(new RegExp(`<body[^>]*><p[^>]*>${TEST_MODE_MAIL_LINE}</p>`));
  });

  it("a receipt opens with it too, and the receipt page's answer carries test mode", async () => {
    const host = hostOfKind('checkout', t.config.baseDomain);
    const email = uniqueEmail('payer');
    const agent = new Agent(t.app);
    const link = await createLink(t, business);
    const started = await agent.ok(
      checkoutEndpoints.start,
      { params: { kind: 'link', public_id: link }, body: { email } },
      { host, idempotencyKey: randomUUID() },
    );
    await agent.ok(
      checkoutEndpoints.confirm,
      { params: { public_id: started.public_id }, body: { method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } } },
      { host, idempotencyKey: randomUUID() },
    );
    const mail = (await mailbox(t.app)).find((m) => m.to === email);
    expect(mail!.subject).toBe(`Your receipt from ${business.name}`);
    expect(mail!.text.startsWith(`${TEST_MODE_MAIL_LINE}\n\nYou paid SGD `)).toBe(true);
    const receipt = await agent.ok(checkoutEndpoints.receipt, { params: { public_id: started.public_id } }, { host });
    expect(receipt.test_mode).toBe(true);
  });
});

describe('the mail layout', () => {
  const sent: MailMessage[] = [];
  const mailer = {
    send: async (_db: unknown, message: MailMessage) => (sent.push(message), 'id'),
    write: (_db: unknown, message: MailMessage) => (sent.push(message), null),
  } as unknown as Mailer;

  it('leaves every mail as written in live mode, and marks each one once in test mode', async () => {
    const message: MailMessage = { to: 'a@example.com', subject: 'Hello', text: 'Body', html: '<html><body style="x">Hi</body></html>' };
    await withTestModeMark(mailer, () => false).send(t.database.db, message);
    expect(sent[0]).toEqual(message);
    await withTestModeMark(mailer, () => true).send(t.database.db, message);
    expect(sent[1]).toEqual(markTestMail(message));
    expect(sent[1]!.text).toBe(`${TEST_MODE_MAIL_LINE}\n\nBody`);
    expect(sent[1]!.html!.match(/Test mode:/g)).toHaveLength(1);
    expect(sent[1]!.subject).toBe('Hello');
    expect(markTestMail({ to: 'b@example.com', subject: 'Plain', text: 'x' }).html).toBeUndefined();
    // A mail written with the change it tells of (a refund's, sent in one statement with it) is marked the same way.
    withTestModeMark(mailer, () => true).write(t.database.db, message);
    expect(sent[2]).toEqual(markTestMail(message));
  });
});
