import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EMAIL_TEMPLATES, EMAIL_TEMPLATE_KEYS } from '@merchant/business';
import { auditLogs, businesses, mailOutbox } from '../src/db/schema';
import { Agent, createTestContext, signedIn, DEMO_USERS, mailbox, type TestContext } from './harness';

/** Email templates: list with defaults, save with variable checks, reset, and a test mail to oneself. */
let t: TestContext;
let owner: Agent;
const as = (email: string) => signedIn(t.app, email);

beforeAll(async () => {
  t = await createTestContext();
  owner = await as(DEMO_USERS.owner);
});
afterAll(() => t.close());

const url = (template = '', suffix = '') => `/v1/business/${t.demoBusinessId}/email-templates${template ? `/${template}` : ''}${suffix}`;
const auditOf = (action: string) =>
  t.database.db.select().from(auditLogs).where(and(eq(auditLogs.businessId, t.demoBusinessId), eq(auditLogs.action, action)));

describe('GET /v1/business/:id/email-templates', () => {
  it('answers every template with its default wording and its variables', async () => {
    const res = await owner.get(url());
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { key: string; subject: string; body: string; is_custom: boolean; variables: string[] }[];
    expect(data.map((d) => d.key)).toEqual([...EMAIL_TEMPLATE_KEYS]);
    const invoice = data.find((d) => d.key === 'invoice_sent')!;
    expect(invoice).toMatchObject({
      subject: EMAIL_TEMPLATES.invoice_sent.subject,
      body: EMAIL_TEMPLATES.invoice_sent.body,
      is_custom: false,
      updated_at: null,
      variables: ['customer_name', 'business_name', 'amount', 'invoice_number', 'due_date', 'link'],
    });
  });
});

describe('PUT and DELETE /v1/business/:id/email-templates/:template', () => {
  it('saves a custom wording, audits it, and resets to the default', async () => {
    const res = await owner.put(url('payment_receipt'), { subject: '  Thanks from {{ business_name }}  ', body: 'Dear {{customer_name}}, we got {{amount}}.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subject: 'Thanks from {{ business_name }}', is_custom: true, updated_at: '2026-11-01T09:00:00.000Z' });
    const listed = (await owner.get(url())).json().data.find((d: { key: string }) => d.key === 'payment_receipt');
    expect(listed).toMatchObject({ body: 'Dear {{customer_name}}, we got {{amount}}.', is_custom: true });
    expect(await auditOf('email_template.updated')).toEqual([expect.objectContaining({ objectType: 'email_template', objectId: 'payment_receipt' })]);

    const reset = await owner.delete(url('payment_receipt'));
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ subject: EMAIL_TEMPLATES.payment_receipt.subject, is_custom: false });
    expect(await auditOf('email_template.reset')).toHaveLength(1);
    // Resetting a default is a no-op, not an audit entry.
    expect((await owner.delete(url('payment_receipt'))).statusCode).toBe(200);
    expect(await auditOf('email_template.reset')).toHaveLength(1);
  });

  it('refuses unknown variables with a 422 naming them on the field', async () => {
    const res = await owner.put(url('order_shipped'), { subject: 'Order {{order_number}} {{tracking}}', body: 'Hi {{customer_name}}, {{invoice_number}} {{Coupon}}' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('EMAIL_TEMPLATE_UNKNOWN_VARIABLE');
    const byPath = Object.fromEntries(body.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(byPath.subject).toContain('{{tracking}}');
    expect(byPath.body).toMatch(/^Unknown variables \{\{invoice_number\}\}, \{\{Coupon\}\}\. This mail knows \{\{customer_name\}\}/);
  });

  it('refuses a subject over 200 characters, a multi-line subject, an empty or 10,001-character body', async () => {
    const cases: [unknown, string][] = [
      [{ subject: 'x'.repeat(201), body: 'ok' }, 'subject'],
      [{ subject: 'one\ntwo', body: 'ok' }, 'subject'],
      [{ subject: 'ok', body: '   ' }, 'body'],
      [{ subject: 'ok', body: 'x'.repeat(10_001) }, 'body'],
    ];
    for (const [input, path] of cases) {
      const res = await owner.put(url('invoice_sent'), input);
      expect(res.statusCode).toBe(422);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await owner.put(url('invoice_sent'), { subject: 's'.repeat(200), body: 'x'.repeat(10_000) })).statusCode).toBe(200);
    expect((await owner.put(url('no_such_mail'), { subject: 'a', body: 'b' })).statusCode).toBe(422);
  });

  it('is for owners and admins only, and per business', async () => {
    for (const email of [DEMO_USERS.manager, DEMO_USERS.cashier]) {
      const a = await as(email);
      expect((await a.get(url())).statusCode).toBe(403);
      expect((await a.put(url('invoice_sent'), { subject: 'a', body: 'b' })).statusCode).toBe(403);
      expect((await a.post(url('invoice_sent', '/send-test'), {})).statusCode).toBe(403);
    }
    const partner = await as(DEMO_USERS.partner);
    expect((await partner.delete(url('invoice_sent'))).statusCode).toBe(404);
    const [partnerBusiness] = await t.database.db.select().from(businesses).where(eq(businesses.identifier, 'demo-partners'));
    const theirs = (await partner.get(`/v1/business/${partnerBusiness!.id}/email-templates`)).json().data;
    expect(theirs.find((d: { key: string }) => d.key === 'invoice_sent')).toMatchObject({ is_custom: false });
  });
});

describe('POST /v1/business/:id/email-templates/:template/send-test', () => {
  it('mails the saved template, rendered with sample values of the business, to the signed-in user', async () => {
    await owner.put(url('invoice_reminder'), { subject: 'Pay {{invoice_number}} to {{business_name}}', body: 'Hi {{customer_name}} <b>now</b>\n{{amount}} by {{due_date}}: {{link}}' });
    const res = await owner.post(url('invoice_reminder', '/send-test'), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent_to: DEMO_USERS.owner });
    const [mail] = await mailbox(t.app);
    expect(mail).toMatchObject({
      to: DEMO_USERS.owner,
      subject: '[Test] Pay INV-000123 to Demo Coffee Roasters',
      text: 'Hi Jamie Tan <b>now</b>\nSGD 125.00 by 15 Nov 2026: https://example.com/sample',
    });
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, '[Test] Pay INV-000123 to Demo Coffee Roasters'));
    expect(row!.html).toContain('Hi Jamie Tan &lt;b&gt;now&lt;/b&gt;<br>');
  });

  it('mails an unsaved draft when one is sent, and checks its variables', async () => {
    const admin = await as(DEMO_USERS.admin);
    const res = await admin.post(url('order_confirmation', '/send-test'), { subject: 'Draft {{order_number}}', body: 'Draft for {{customer_name}} {{unknown}}' });
    expect(res.statusCode).toBe(422);
    expect(res.json().issues[0]).toMatchObject({ path: 'body' });
    const ok = await admin.post(url('order_confirmation', '/send-test'), { subject: 'Draft {{order_number}}', body: 'Draft for {{customer_name}}' });
    expect(ok.json()).toEqual({ sent_to: DEMO_USERS.admin });
    expect((await mailbox(t.app))[0]).toMatchObject({ to: DEMO_USERS.admin, subject: '[Test] Draft #1001', text: 'Draft for Jamie Tan' });
    expect((await admin.post(url('order_confirmation', '/send-test'), { subject: 'Only a subject' })).statusCode).toBe(422);
  });

  it('is rate-limited to 5 test mails per person in 10 minutes', async () => {
    const manyMails = await as(DEMO_USERS.owner);
    // The owner already sent one above.
    for (let i = 0; i < 4; i++) expect((await manyMails.post(url('refund_issued', '/send-test'), {})).statusCode).toBe(200);
    const limited = await manyMails.post(url('refund_issued', '/send-test'), {});
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    t.clock.advance(10 * 60 * 1000 + 1);
    expect((await manyMails.post(url('refund_issued', '/send-test'), {})).statusCode).toBe(200);
  });
});
