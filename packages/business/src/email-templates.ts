import { z } from 'zod';
import { DEFAULT_TIME_ZONE, addDays, defineEndpoint, formatDate, formatLocalDate, formatMoney, localDate, text } from '@merchant/core';
import { BusinessParamsSchema } from './business';

/**
 * Customer-facing mails the merchant can word. The renderer below is shared by the server (sending)
 * and the web editor (live preview), so both show exactly the same text.
 */

export const EMAIL_TEMPLATE_VARIABLES = [
  'customer_name',
  'business_name',
  'amount',
  'invoice_number',
  'order_number',
  'due_date',
  'payment_date',
  'link',
  'beneficiary_name',
  'reference',
] as const;
export type EmailTemplateVariable = (typeof EMAIL_TEMPLATE_VARIABLES)[number];

export const EMAIL_VARIABLE_INFO: Record<EmailTemplateVariable, string> = {
  customer_name: 'The customer’s name',
  business_name: 'Your business name',
  amount: 'The amount with its currency, e.g. SGD 125.00',
  invoice_number: 'The invoice number',
  order_number: 'The order number',
  due_date: 'The invoice due date',
  payment_date: 'The date of the payment or refund',
  link: 'The link the customer opens (receipt, invoice or order)',
  beneficiary_name: 'The name on the account the money was sent to',
  reference: 'The reference the sender gave the transfer',
};

export const EMAIL_TEMPLATE_KEYS = [
  'payment_receipt',
  'invoice_sent',
  'invoice_reminder',
  'order_confirmation',
  'order_shipped',
  'refund_issued',
  'transfer_received',
] as const;
export const EmailTemplateKeySchema = z.enum(EMAIL_TEMPLATE_KEYS);
export type EmailTemplateKey = z.infer<typeof EmailTemplateKeySchema>;

export interface EmailTemplateDefinition {
  label: string;
  description: string;
  group: 'Payments and invoices' | 'Online store';
  /** The only variables this mail knows; anything else is refused when saving. */
  variables: readonly EmailTemplateVariable[];
  subject: string;
  body: string;
}

export const EMAIL_TEMPLATES: Record<EmailTemplateKey, EmailTemplateDefinition> = {
  payment_receipt: {
    label: 'Payment receipt',
    description: 'Sent to the customer after a successful payment.',
    group: 'Payments and invoices',
    variables: ['customer_name', 'business_name', 'amount', 'payment_date', 'link'],
    subject: 'Your receipt from {{business_name}}',
    body: 'Hi {{customer_name}},\n\nThank you for your payment of {{amount}} on {{payment_date}}.\n\nView your receipt: {{link}}\n\n{{business_name}}',
  },
  invoice_sent: {
    label: 'Invoice sent',
    description: 'Sent with a new invoice.',
    group: 'Payments and invoices',
    variables: ['customer_name', 'business_name', 'amount', 'invoice_number', 'due_date', 'link'],
    subject: 'Invoice {{invoice_number}} from {{business_name}}',
    body: 'Hi {{customer_name}},\n\n{{business_name}} has sent you invoice {{invoice_number}} for {{amount}}, due on {{due_date}}.\n\nView and pay the invoice: {{link}}',
  },
  invoice_reminder: {
    label: 'Invoice reminder',
    description: 'Sent when an invoice is due soon or overdue.',
    group: 'Payments and invoices',
    variables: ['customer_name', 'business_name', 'amount', 'invoice_number', 'due_date', 'link'],
    subject: 'Reminder: invoice {{invoice_number}} is due on {{due_date}}',
    body: 'Hi {{customer_name}},\n\nThis is a reminder that invoice {{invoice_number}} for {{amount}} from {{business_name}} is due on {{due_date}}.\n\nPay the invoice: {{link}}',
  },
  refund_issued: {
    label: 'Refund issued',
    description: 'Sent when a payment is refunded in full or in part.',
    group: 'Payments and invoices',
    variables: ['customer_name', 'business_name', 'amount', 'payment_date', 'link'],
    subject: 'Your refund from {{business_name}}',
    body: 'Hi {{customer_name}},\n\n{{business_name}} has refunded {{amount}} on {{payment_date}}. It can take 5 to 10 business days to reach your account.\n\nDetails: {{link}}',
  },
  transfer_received: {
    label: 'Money sent to a beneficiary',
    description: 'Sent to a beneficiary with an email when a transfer to them arrives.',
    group: 'Payments and invoices',
    variables: ['beneficiary_name', 'business_name', 'amount', 'payment_date', 'reference'],
    subject: '{{business_name}} sent you {{amount}}',
    body: 'Hi {{beneficiary_name}},\n\n{{business_name}} sent you {{amount}}, which reached your bank account on {{payment_date}}.\n\nReference: {{reference}}\n\n{{business_name}}',
  },
  order_confirmation: {
    label: 'Order confirmation',
    description: 'Sent when the online store receives an order.',
    group: 'Online store',
    variables: ['customer_name', 'business_name', 'amount', 'order_number', 'link'],
    subject: 'Order {{order_number}} confirmed',
    body: 'Hi {{customer_name}},\n\nThank you for your order {{order_number}} of {{amount}} at {{business_name}}. We will let you know when it ships.\n\nYour order: {{link}}',
  },
  order_shipped: {
    label: 'Order shipped',
    description: 'Sent when an online store order is on its way.',
    group: 'Online store',
    variables: ['customer_name', 'business_name', 'order_number', 'link'],
    subject: 'Order {{order_number}} is on its way',
    body: 'Hi {{customer_name}},\n\nGood news: your order {{order_number}} from {{business_name}} has shipped.\n\nTrack your order: {{link}}',
  },
};

export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 10_000;

// ---------------------------------------------------------------------------------------------
// The renderer

/** `{{ name }}`: letters, digits and underscores, spaces allowed inside the braces. */
const TOKEN = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The variable names a text uses, once each, in order of appearance. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(TOKEN)].map((m) => m[1]!))];
}

/** Names used in the text that the template does not know. */
export function unknownVariables(text: string, allowed: readonly string[]): string[] {
  return variablesIn(text).filter((name) => !allowed.includes(name));
}

/**
 * Replaces each `{{name}}` that has a value; a variable without a value stays visible as written.
 * One pass: a value that itself looks like `{{x}}` is not expanded again. With `html`, the text and
 * the values are HTML-escaped and line breaks become `<br>`, so the result is safe to embed.
 */
export function renderTemplate(text: string, values: Partial<Record<string, string>>, options: { html?: boolean } = {}): string {
  const esc = options.html ? escapeHtml : (s: string) => s;
  let out = '';
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index;
    const name = match[1]!;
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    out += esc(text.slice(last, index)) + esc(value ?? match[0]);
    last = index + match[0].length;
  }
  out += esc(text.slice(last));
  return options.html ? out.replace(/\r?\n/g, '<br>\n') : out;
}

/** The plain and HTML forms of one mail. */
export function renderEmail(template: { subject: string; body: string }, values: Partial<Record<string, string>>) {
  const body = renderTemplate(template.body, values);
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${renderTemplate(template.body, values, { html: true })}</body></html>`;
  return { subject: renderTemplate(template.subject, values).replace(/[\r\n]+/g, ' '), text: body, html };
}

/** Example values for previews and test mails, taken from the business where they can be. */
export function sampleValues(business: { name: string; currency: string; timeZone?: string }, now: Date): Record<EmailTemplateVariable, string> {
  const zone = business.timeZone ?? DEFAULT_TIME_ZONE;
  return {
    customer_name: 'Jamie Tan',
    business_name: business.name,
    amount: formatMoney(12_500, business.currency),
    invoice_number: 'INV-000123',
    order_number: '#1001',
    due_date: formatDate(addDays(localDate(now, zone), 14)),
    payment_date: formatLocalDate(now, zone),
    link: 'https://example.com/sample',
    beneficiary_name: 'Lim Supplies Pte Ltd',
    reference: 'Invoice 2041',
  };
}

// ---------------------------------------------------------------------------------------------
// Contract

export const EmailTemplateParamsSchema = BusinessParamsSchema.extend({ template: EmailTemplateKeySchema });

const SubjectSchema = text()
  .trim()
  .min(1, 'Enter a subject')
  .max(EMAIL_SUBJECT_MAX, `Keep the subject under ${EMAIL_SUBJECT_MAX + 1} characters`)
  .refine((s) => !/[\r\n]/.test(s), 'A subject is one line');
const BodySchema = text()
  .trim()
  .min(1, 'Enter the message')
  .max(EMAIL_BODY_MAX, `Keep the message under ${EMAIL_BODY_MAX + 1} characters`);

export const SaveEmailTemplateBodySchema = z.object({ subject: SubjectSchema, body: BodySchema });
export type SaveEmailTemplateBody = z.input<typeof SaveEmailTemplateBodySchema>;

/** Without subject and body the saved template is sent; with them, the draft being edited. */
export const SendTestEmailBodySchema = z
  .object({ subject: SubjectSchema.optional(), body: BodySchema.optional() })
  .refine((b) => (b.subject === undefined) === (b.body === undefined), {
    path: ['body'],
    message: 'Send both the subject and the message, or neither',
  });

export const EmailTemplateSchema = z.object({
  key: EmailTemplateKeySchema,
  label: z.string(),
  description: z.string(),
  group: z.string(),
  variables: z.array(z.enum(EMAIL_TEMPLATE_VARIABLES)),
  subject: z.string(),
  body: z.string(),
  /** False while the default wording is used. */
  is_custom: z.boolean(),
  updated_at: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof EmailTemplateSchema>;

export const emailTemplateEndpoints = {
  list: defineEndpoint({
    id: 'emailTemplates.list',
    method: 'GET',
    path: '/v1/business/:business_id/email-templates',
    summary: 'Every customer-facing mail with its current (custom or default) subject and body',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: z.object({ data: z.array(EmailTemplateSchema) }),
  }),
  save: defineEndpoint({
    id: 'emailTemplates.save',
    method: 'PUT',
    path: '/v1/business/:business_id/email-templates/:template',
    summary: 'Save the subject and body of one mail (unknown {{variables}} are refused with 422)',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    errors: ['EMAIL_TEMPLATE_UNKNOWN_VARIABLE'],
    params: EmailTemplateParamsSchema,
    body: SaveEmailTemplateBodySchema,
    response: EmailTemplateSchema,
  }),
  reset: defineEndpoint({
    id: 'emailTemplates.reset',
    method: 'DELETE',
    path: '/v1/business/:business_id/email-templates/:template',
    summary: 'Go back to the default wording of one mail',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: EmailTemplateParamsSchema,
    response: EmailTemplateSchema,
  }),
  sendTest: defineEndpoint({
    id: 'emailTemplates.sendTest',
    method: 'POST',
    path: '/v1/business/:business_id/email-templates/:template/send-test',
    summary: 'Mail the template, rendered with sample values, to the signed-in user (rate-limited)',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    errors: ['EMAIL_TEMPLATE_UNKNOWN_VARIABLE', 'RATE_LIMITED'],
    params: EmailTemplateParamsSchema,
    body: SendTestEmailBodySchema,
    response: z.object({ sent_to: z.string() }),
  }),
} as const;
