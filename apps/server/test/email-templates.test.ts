import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EMAIL_TEMPLATES, EMAIL_TEMPLATE_KEYS, emailTemplateEndpoints as endpoints, type EmailTemplateKey } from '@merchant/business';
import { buildPath } from '@merchant/core';
import { auditLogs, mailOutbox } from '../src/db/schema';
import { createBusiness } from './factories';
import { createTestContext, failure, mailbox, type TestContext } from './harness';
import { TEST_MODE_MAIL_LINE } from '../src/mail/test-mode-mark';

/** Email templates: list with defaults, save with variable checks, reset, and a test mail to oneself. */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const of = (businessId: string, template: EmailTemplateKey) => ({ params: { business_id: businessId, template } }) as const;
const auditOf = (businessId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.businessId, businessId), eq(auditLogs.action, action)));

describe('GET /v1/business/:id/email-templates', () => {
  it('answers every template with its default wording and its variables', async () => {
    const { id, people } = await createBusiness(t);
    const { data } = await people.owner.agent.ok(endpoints.list, { params: { business_id: id } });
    expect(data.map((d) => d.key)).toEqual([...EMAIL_TEMPLATE_KEYS]);
    expect(data.find((d) => d.key === 'invoice_sent')).toMatchObject({
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
    const { id, people } = await createBusiness(t);
    const owner = people.owner.agent;
    const saved = await owner.ok(endpoints.save, {
      ...of(id, 'payment_receipt'),
      body: { subject: '  Thanks from {{ business_name }}  ', body: 'Dear {{customer_name}}, we got {{amount}}.' },
    });
    expect(saved).toMatchObject({ subject: 'Thanks from {{ business_name }}', is_custom: true, updated_at: t.clock.now().toISOString() });
    const listed = (await owner.ok(endpoints.list, { params: { business_id: id } })).data.find((d) => d.key === 'payment_receipt');
    expect(listed).toMatchObject({ body: 'Dear {{customer_name}}, we got {{amount}}.', is_custom: true });
    expect(await auditOf(id, 'email_template.updated')).toEqual([expect.objectContaining({ objectType: 'email_template', objectId: 'payment_receipt' })]);

    const reset = await owner.ok(endpoints.reset, of(id, 'payment_receipt'));
    expect(reset).toMatchObject({ subject: EMAIL_TEMPLATES.payment_receipt.subject, is_custom: false });
    expect(await auditOf(id, 'email_template.reset')).toHaveLength(1);
    // Resetting a default is a no-op, not an audit entry.
    await owner.ok(endpoints.reset, of(id, 'payment_receipt'));
    expect(await auditOf(id, 'email_template.reset')).toHaveLength(1);
  });

  it('refuses unknown variables with a 422 naming them on the field', async () => {
    const { id, people } = await createBusiness(t);
    const res = await people.owner.agent.call(endpoints.save, {
      ...of(id, 'order_shipped'),
      body: { subject: 'Order {{order_number}} {{tracking}}', body: 'Hi {{customer_name}}, {{invoice_number}} {{Coupon}}' },
    });
    expect(res).toMatchObject({ status: 422, body: { code: 'EMAIL_TEMPLATE_UNKNOWN_VARIABLE' } });
    const byPath = Object.fromEntries((failure(res).issues ?? []).map((i) => [i.path, i.message]));
    expect(byPath.subject).toContain('{{tracking}}');
    expect(byPath.body).toMatch(/^Unknown variables \{\{invoice_number\}\}, \{\{Coupon\}\}\. This mail knows \{\{customer_name\}\}/);
  });

  it('refuses a subject over 200 characters, a multi-line subject, an empty or 10,001-character body', async () => {
    const { id, people } = await createBusiness(t);
    const owner = people.owner.agent;
    const cases: [{ subject: string; body: string }, string][] = [
      [{ subject: 'x'.repeat(201), body: 'ok' }, 'subject'],
      [{ subject: 'one\ntwo', body: 'ok' }, 'subject'],
      [{ subject: 'ok', body: '   ' }, 'body'],
      [{ subject: 'ok', body: 'x'.repeat(10_001) }, 'body'],
    ];
    for (const [body, path] of cases) {
      const res = await owner.call(endpoints.save, { ...of(id, 'invoice_sent'), body });
      expect(res.status).toBe(422);
      expect(failure(res).issues?.map((i) => i.path)).toContain(path);
    }
    await owner.ok(endpoints.save, { ...of(id, 'invoice_sent'), body: { subject: 's'.repeat(200), body: 'x'.repeat(10_000) } });
    // An unknown template is hostile input: the raw request.
    expect((await owner.put(buildPath(endpoints.save.path, { business_id: id, template: 'no_such_mail' }), { subject: 'a', body: 'b' })).statusCode).toBe(422);
  });

  it('is for owners and admins only, and per business', async () => {
    const { id, people } = await createBusiness(t, { staff: ['manager', 'cashier'] });
    for (const role of ['manager', 'cashier'] as const) {
      const a = people[role].agent;
      expect((await a.call(endpoints.list, { params: { business_id: id } })).status).toBe(403);
      expect((await a.call(endpoints.save, { ...of(id, 'invoice_sent'), body: { subject: 'a', body: 'b' } })).status).toBe(403);
      expect((await a.call(endpoints.sendTest, { ...of(id, 'invoice_sent'), body: {} })).status).toBe(403);
    }
    await people.owner.agent.ok(endpoints.save, { ...of(id, 'invoice_sent'), body: { subject: 'Ours', body: 'Ours' } });
    const other = await createBusiness(t);
    expect(await other.people.owner.agent.call(endpoints.reset, of(id, 'invoice_sent'))).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const theirs = (await other.people.owner.agent.ok(endpoints.list, { params: { business_id: other.id } })).data;
    expect(theirs.find((d) => d.key === 'invoice_sent')).toMatchObject({ is_custom: false });
  });
});

describe('POST /v1/business/:id/email-templates/:template/send-test', () => {
  it('mails the saved template, rendered with sample values of the business, to the signed-in user', async () => {
    const { id, name, people } = await createBusiness(t);
    const owner = people.owner.agent;
    await owner.ok(endpoints.save, {
      ...of(id, 'invoice_reminder'),
      body: { subject: 'Pay {{invoice_number}} to {{business_name}}', body: 'Hi {{customer_name}} <b>now</b>\n{{amount}} by {{due_date}}: {{link}}' },
    });
    expect(await owner.ok(endpoints.sendTest, { ...of(id, 'invoice_reminder'), body: {} })).toEqual({ sent_to: people.owner.email });
    const [mail] = await mailbox(t.app);
    expect(mail).toMatchObject({
      to: people.owner.email,
      subject: `[Test] Pay INV-000123 to ${name}`,
      // The app runs on the test processor: the mail layout puts the Test mode line first.
      text: `${TEST_MODE_MAIL_LINE}\n\nHi Jamie Tan <b>now</b>\nSGD 125.00 by 15 Nov 2026: https://example.com/sample`,
    });
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `[Test] Pay INV-000123 to ${name}`));
    expect(row!.html).toContain('Hi Jamie Tan &lt;b&gt;now&lt;/b&gt;<br>');
  });

  it('mails an unsaved draft when one is sent, and checks its variables', async () => {
    const { id, people } = await createBusiness(t, { staff: ['admin'] });
    const admin = people.admin.agent;
    const res = await admin.call(endpoints.sendTest, {
      ...of(id, 'order_confirmation'),
      body: { subject: 'Draft {{order_number}}', body: 'Draft for {{customer_name}} {{unknown}}' },
    });
    expect(res.status).toBe(422);
    expect(failure(res).issues?.[0]).toMatchObject({ path: 'body' });
    const ok = await admin.ok(endpoints.sendTest, {
      ...of(id, 'order_confirmation'),
      body: { subject: 'Draft {{order_number}}', body: 'Draft for {{customer_name}}' },
    });
    expect(ok).toEqual({ sent_to: people.admin.email });
    expect((await mailbox(t.app))[0]).toMatchObject({
      to: people.admin.email,
      subject: '[Test] Draft #1001',
      text: `${TEST_MODE_MAIL_LINE}\n\nDraft for Jamie Tan`,
    });
    expect((await admin.call(endpoints.sendTest, { ...of(id, 'order_confirmation'), body: { subject: 'Only a subject' } })).status).toBe(422);
  });

  it('is rate-limited to 5 test mails per person in 10 minutes', async () => {
    const { id, people } = await createBusiness(t);
    const owner = people.owner.agent;
    const send = () => owner.call(endpoints.sendTest, { ...of(id, 'refund_issued'), body: {} });
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200);
    expect(await send()).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    t.clock.advance(10 * 60 * 1000 + 1);
    expect((await send()).status).toBe(200);
  });
});
