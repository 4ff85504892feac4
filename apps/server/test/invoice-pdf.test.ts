import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32, deflateSync } from 'node:zlib';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { endpointPath, formatDate, hostOfKind } from '@merchant/core';
import { businessEndpoints } from '@merchant/business';
import {
  checkoutCustomisationEndpoints,
  invoiceEndpoints,
  invoicePdfEndpoints,
  PUBLIC_INVOICE_PDF_LIMIT,
  publicInvoicePdfPath,
  type InvoiceDetail,
} from '@merchant/payments';
import { createMailer, MAIL_DELIVERY_DRAIN } from '../src/mail/mailer';
import type { DrainHandler } from '../src/modules/platform/jobs/jobs.service';
import { createBusiness, createCustomer, createInvoice, unique } from './factories';
import { createTestContext, failure, type Agent, type TestContext } from './harness';
import { readPdf } from './pdf-text';
import { multipart, PNG_BYTES } from './upload-helpers';

/**
 * The invoice as a PDF: the dashboard's download (permission, tenancy, 404s), the invoice host's link by public
 * id (drafts and void invoices are not found), and the PDF attached to the mails that send and remind, through
 * the outbox to SMTP. Every PDF is read back with pdf.js, an independent parser.
 */
let t: TestContext;
let owner: Agent;
let cashier: Agent;
let businessId: string;
let businessName: string;
let customer: { id: string; name: string | null; email: string | null };

beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t, { staff: ['cashier'] });
  owner = business.people.owner.agent;
  cashier = business.people.cashier.agent;
  businessId = business.id;
  businessName = business.name;
  customer = await createCustomer(owner, businessId, { name: unique('Ivy Invoice') });
});
afterAll(() => t.close());

const at = (invoice: { id: string }) => ({ params: { business_id: businessId, invoice_id: invoice.id } });
const pdfUrl = (invoice: { id: string }, business = businessId) =>
  endpointPath(invoicePdfEndpoints.download, { params: { business_id: business, invoice_id: invoice.id } });
const publicPdfUrl = (invoice: { public_id: string }, business = businessId) => publicInvoicePdfPath(business, invoice.public_id);
const onInvoiceHost = (url: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: { host: `${hostOfKind('invoice', t.config.baseDomain)}:3000` } });
/** The mail the dev mailbox lists, with its attachments. */
async function keptMail() {
  const res = await t.app.inject({ method: 'GET', url: '/_dev/mailbox.json' });
  return res.json<{
    data: { id: string; to: string; subject: string; attachments: { filename: string; content_type: string; size: number; url: string }[] }[];
  }>().data;
}

/** A w x h RGBA PNG with transparency, as logos are. */
function pngOf(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows.set([30, 120, 200, 255 - y], y * (width * 4 + 1) + 1 + x * 4);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

async function uploadLogo(bytes: Buffer) {
  await owner.token();
  const { payload, contentType } = multipart({ name: 'logo.png', type: 'image/png', bytes });
  return t.app.inject({
    method: 'POST',
    url: endpointPath(checkoutCustomisationEndpoints.uploadLogo, { params: { business_id: businessId } }),
    remoteAddress: owner.ip,
    headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': owner.csrf ?? '', 'content-type': contentType },
    payload,
  });
}

async function sentInvoice(): Promise<InvoiceDetail> {
  const draft = await createInvoice(owner, businessId, customer.id, {
    currency: 'sgd',
    lines: [
      { description: 'Espresso beans, 1 kg', quantity: 2, unit_price: 1250 },
      { description: 'Grinder service', quantity: 1, unit_price: 1000, discount_bps: 1000 },
    ],
    taxes: [{ name: 'GST', rate_bps: 900 }],
    notes: 'Thank you for your order.',
    terms: 'Payment within 30 days.',
  });
  return owner.ok(invoiceEndpoints.send, at(draft));
}

describe('the dashboard download', () => {
  it('answers a PDF with its file name whose text is the invoice: number, parties, lines, totals, notes', async () => {
    const invoice = await sentInvoice();
    // 2 x 12.50 + (10.00 - 10 %) = 34.00; GST 9 % = 3.06; total 37.06.
    expect(invoice.total).toBe(3706);
    const res = await owner.get(pdfUrl(invoice));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pdf = await readPdf(res.rawPayload);
    expect(pdf.title).toBe(`Invoice ${invoice.number}`);
    expect(pdf.pages).toHaveLength(1);
    for (const text of [
      businessName,
      'INVOICE',
      invoice.number,
      customer.name!,
      customer.email!,
      'Issued 1 Nov 2026',
      'Due 30 Nov 2026',
      'Espresso beans, 1 kg',
      'SGD 12.50',
      'SGD 25.00',
      '10 %',
      'SGD 9.00',
      'Subtotal',
      'SGD 34.00',
      'GST (9 %)',
      'SGD 3.06',
      'Total',
      'SGD 37.06',
      'Amount paid',
      'SGD 0.00',
      'Amount due',
      invoice.url,
      'Thank you for your order.',
      'Payment within 30 days.',
    ]) {
      expect(pdf.text, text).toContain(text);
    }
    // The page's order of sections: header, parties, lines, totals, notes.
    const order = [invoice.number, customer.name!, 'Espresso beans, 1 kg', 'Subtotal', 'Amount due', 'Thank you for your order.'].map((s) =>
      pdf.text.indexOf(s),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("says the invoice's state in the customer's words, as the invoice page does, and carries the Test mode mark", async () => {
    const invoice = await sentInvoice();
    const pdf = await readPdf((await owner.get(pdfUrl(invoice))).rawPayload);
    // The header's pill follows the number: "Due 30 Nov 2026", never the dashboard's "SENT".
    const header = pdf.text.slice(pdf.text.indexOf(invoice.number), pdf.text.indexOf(customer.name!));
    expect(header).toContain('Due 30 Nov 2026');
    expect(pdf.text).not.toMatch(/\bSENT\b/);
    // The app's processor is the test one: a band under the header and the mark in the footer.
    expect(pdf.text).toContain('TEST MODE: this invoice was issued in test mode. No real money moves.');
    expect(pdf.text).toContain(`TEST MODE · ${businessName} · ${invoice.number} · Page 1 of 1`);
  });

  it("prints the seller's address and tax number from the business details, on the dashboard's PDF and the customer's", async () => {
    const seller = await createBusiness(t);
    const boss = seller.people.owner.agent;
    const saved = await boss.ok(businessEndpoints.update, {
      params: { business_id: seller.id },
      body: { address: { line1: '12 Coffee Lane', line2: '#03-04', city: 'Singapore', state: null, postal_code: '049315' }, tax_number: 'M2-1234567-8' },
    });
    expect(saved.tax_number).toBe('M2-1234567-8');
    const buyer = await createCustomer(boss, seller.id, { name: unique('Buyer') });
    const draft = await createInvoice(boss, seller.id, buyer.id);
    const sent = await boss.ok(invoiceEndpoints.send, { params: { business_id: seller.id, invoice_id: draft.id } });
    const dashboard = await readPdf(
      (await boss.get(endpointPath(invoicePdfEndpoints.download, { params: { business_id: seller.id, invoice_id: sent.id } }))).rawPayload,
    );
    const customers = await readPdf((await onInvoiceHost(publicInvoicePdfPath(seller.id, sent.public_id))).rawPayload);
    for (const pdf of [dashboard, customers]) {
      for (const text of ['12 Coffee Lane', '#03-04', 'Singapore 049315', 'Tax number M2-1234567-8']) expect(pdf.text, text).toContain(text);
      // The seller's lines come before the customer's.
      expect(pdf.text.indexOf('12 Coffee Lane')).toBeLessThan(pdf.text.indexOf(buyer.name!));
    }
    // Without them, nothing is printed in their place.
    const bare = await readPdf((await owner.get(pdfUrl(await sentInvoice()))).rawPayload);
    expect(bare.text).not.toContain('Tax number');
    // The tax number is checked like any text of the details.
    const bad = await boss.call(businessEndpoints.update, { params: { business_id: seller.id }, body: { tax_number: 'x'.repeat(41) } });
    expect([bad.status, failure(bad).issues?.[0]?.path]).toEqual([422, 'tax_number']);
    const cleared = await boss.ok(businessEndpoints.update, { params: { business_id: seller.id }, body: { tax_number: '' } });
    expect(cleared.tax_number).toBeNull();
  });

  it("writes when it was created on the business's clock and names the zone (a business at UTC+8)", async () => {
    const before = t.clock.now();
    t.clock.set(new Date('2026-01-15T03:00:00Z'));
    const singapore = await createBusiness(t, { country: 'sg', timeZone: 'country' });
    const payer = await createCustomer(singapore.people.owner.agent, singapore.id);
    const invoice = await createInvoice(singapore.people.owner.agent, singapore.id, payer.id, { currency: 'sgd' });
    const pdf = await readPdf((await singapore.people.owner.agent.get(pdfUrl(invoice, singapore.id))).rawPayload);
    expect(pdf.text).toContain('Created 15 Jan 2026, 11:00');
    expect(pdf.text).toContain('Times are Singapore time (GMT+8)');
    t.clock.set(before);
  });

  it('shows what has been paid and what is still due, and a draft or void invoice says so', async () => {
    const invoice = await sentInvoice();
    await owner.ok(invoiceEndpoints.markPaid, { ...at(invoice), body: { amount: 2000, note: 'Bank transfer' } });
    const partial = await readPdf((await owner.get(pdfUrl(invoice))).rawPayload);
    expect(partial.text).toContain('Part paid · due 30 Nov 2026');
    expect(partial.text).toContain('SGD 20.00');
    expect(partial.text).toContain('SGD 17.06');

    const draft = await createInvoice(owner, businessId, customer.id);
    const drafted = await readPdf((await owner.get(pdfUrl(draft))).rawPayload);
    expect(drafted.text).toContain('Draft');
    // A draft has no page on the invoice host yet: its address is not printed.
    expect(drafted.text).not.toContain(draft.public_id);
    await owner.ok(invoiceEndpoints.void, at(draft));
    expect((await readPdf((await owner.get(pdfUrl(draft))).rawPayload)).text).toContain('Void');
  });

  it('draws names the standard fonts cannot hold without garbling them: accents dropped, other scripts as "?"', async () => {
    const foreign = await createCustomer(owner, businessId, { name: 'Nguyễn Łódź 咖啡' });
    const invoice = await createInvoice(owner, businessId, foreign.id, { lines: [{ description: 'Cà phê sữa đá', quantity: 1, unit_price: 500 }] });
    const pdf = await readPdf((await owner.get(pdfUrl(invoice))).rawPayload);
    expect(pdf.text).toContain('Nguyen Lódz ??');
    expect(pdf.text).toContain('Cà phê sua dá');
  });

  it('carries the business logo, leaves out one it cannot read, and puts a long invoice on several pages', async () => {
    const lines = Array.from({ length: 45 }, (_, i) => ({ description: `Line number ${i + 1}`, quantity: 1, unit_price: 100 }));
    const long = await createInvoice(owner, businessId, customer.id, { lines });

    // The 1 x 1 PNG of the upload tests has a damaged checksum: browsers show it, the PDF leaves it out.
    expect((await uploadLogo(PNG_BYTES)).statusCode).toBe(201);
    expect((await readPdf((await owner.get(pdfUrl(long))).rawPayload)).images).toBe(0);

    expect((await uploadLogo(pngOf(120, 40))).statusCode).toBe(201);
    const pdf = await readPdf((await owner.get(pdfUrl(long))).rawPayload);
    expect(pdf.images).toBe(1);
    expect(pdf.pages.length).toBeGreaterThan(1);
    for (let i = 1; i <= 45; i++) expect(pdf.text).toContain(`Line number ${i} `);
    expect(pdf.pages.at(-1)).toContain('SGD 45.00');
    expect(pdf.pages[0]).toContain(`Page 1 of ${pdf.pages.length}`);
  });

  it('is for members who may view invoices: every role, not another business, not a signed-out visitor', async () => {
    const invoice = await createInvoice(owner, businessId, customer.id);
    expect((await cashier.get(pdfUrl(invoice))).statusCode).toBe(200);

    const other = await createBusiness(t);
    const outsider = other.people.owner.agent;
    expect(failure(await outsider.call(invoicePdfEndpoints.download, at(invoice)))).toMatchObject({ code: 'NOT_FOUND' });
    // Its own business's path with this business's invoice: not found either.
    const crossed = await outsider.call(invoicePdfEndpoints.download, { params: { business_id: other.id, invoice_id: invoice.id } });
    expect(crossed.status).toBe(404);
    expect(failure(crossed).code).toBe('INVOICE_NOT_FOUND');

    const visitor = await t.app.inject({ method: 'GET', url: pdfUrl(invoice) });
    expect(visitor.statusCode).toBe(401);
  });

  it('answers 404 for an unknown invoice and 422 for an id that is not one', async () => {
    const unknown = await owner.call(invoicePdfEndpoints.download, { params: { business_id: businessId, invoice_id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(404);
    expect(failure(unknown).code).toBe('INVOICE_NOT_FOUND');
    expect((await owner.get(endpointPath(invoicePdfEndpoints.download, { params: { business_id: businessId, invoice_id: 'not-an-id' } }))).statusCode).toBe(
      422,
    );
  });
});

describe('the invoice host', () => {
  it("serves a sent invoice's PDF by its public id, to anyone with the link", async () => {
    const invoice = await sentInvoice();
    const res = await onInvoiceHost(publicPdfUrl(invoice));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect((await readPdf(res.rawPayload)).text).toContain(invoice.number);
    // Only on the invoice host.
    expect((await t.app.inject({ method: 'GET', url: publicPdfUrl(invoice) })).statusCode).toBe(404);
  });

  it('answers 404 for a draft, a void invoice, an unknown public id and another business in the path', async () => {
    const draft = await createInvoice(owner, businessId, customer.id);
    const draftRes = await onInvoiceHost(publicPdfUrl(draft));
    expect(draftRes.statusCode).toBe(404);
    expect(draftRes.json()).toMatchObject({ code: 'INVOICE_NOT_FOUND' });

    const voided = await sentInvoice();
    await owner.ok(invoiceEndpoints.void, at(voided));
    expect((await onInvoiceHost(publicPdfUrl(voided))).statusCode).toBe(404);

    expect((await onInvoiceHost(publicPdfUrl({ public_id: 'inv_0000000000000000000000' }))).statusCode).toBe(404);
    const live = await sentInvoice();
    const other = await createBusiness(t);
    expect((await onInvoiceHost(publicPdfUrl(live, other.id))).statusCode).toBe(404);
    expect(
      (await onInvoiceHost(endpointPath(invoicePdfEndpoints.publicPdf, { params: { business_id: businessId, invoice: 'inv_<script>' } }))).statusCode,
    ).toBe(422);
  });

  it('answers an address that keeps asking with 429, unknown ids counted too, while others are served', async () => {
    const invoice = await sentInvoice();
    const { max } = PUBLIC_INVOICE_PDF_LIMIT;
    for (let i = 0; i < max; i++) expect((await onInvoiceHost(publicPdfUrl({ public_id: `inv_unknown${i}` }), '10.9.9.9')).statusCode).toBe(404);
    const refused = await onInvoiceHost(publicPdfUrl(invoice), '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await onInvoiceHost(publicPdfUrl(invoice), '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('the mails', () => {
  it('attach the PDF when sending and reminding; the dev mailbox lists it by name and serves it', async () => {
    const invoice = await sentInvoice();
    const [sent] = await keptMail();
    expect(sent).toMatchObject({ to: customer.email, attachments: [{ filename: `${invoice.number}.pdf`, content_type: 'application/pdf' }] });
    const file = await t.app.inject({ method: 'GET', url: sent!.attachments[0]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(sent!.attachments[0]!.size).toBe(file.rawPayload.length);
    const attached = await readPdf(file.rawPayload);
    expect(attached.text).toContain(invoice.number);
    expect(attached.text).toContain('SGD 37.06');
    // Rendered as the mail describes the invoice: sent ("Due ..."), not the draft it was when Send was pressed.
    expect(attached.text).toMatch(new RegExp(`${invoice.number}\\s+Due ${formatDate(invoice.due_date)}`));
    expect(attached.text).not.toContain('Draft');

    await owner.ok(invoiceEndpoints.remind, at(invoice));
    const [reminder] = await keptMail();
    expect(reminder!.subject).toContain('Reminder');
    expect(reminder!.attachments).toMatchObject([{ filename: `${invoice.number}.pdf`, content_type: 'application/pdf' }]);

    const page = await t.app.inject({ method: 'GET', url: '/_dev/mailbox' });
    expect(page.body).toContain(`href="${reminder!.attachments[0]!.url}" download>${invoice.number}.pdf</a>`);
    expect((await t.app.inject({ method: 'GET', url: `/_dev/mailbox/${reminder!.id}/attachments/7` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/_dev/mailbox/${reminder!.id}/attachments/x` })).statusCode).toBe(404);
  });

  it('a refused send keeps no mail and no attachment', async () => {
    const silent = await createCustomer(owner, businessId, { email: null });
    const draft = await createInvoice(owner, businessId, silent.id);
    const before = (await keptMail()).length;
    expect((await owner.call(invoiceEndpoints.send, at(draft))).status).toBe(422);
    expect((await keptMail()).length).toBe(before);
  });

  it('are delivered over SMTP with the attachment (nodemailer writes it into the message)', async () => {
    const drains = new Map<string, DrainHandler>();
    const nudges: string[] = [];
    const raw: string[] = [];
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const mailer = createMailer({
      db: t.database.db,
      clock: t.clock,
      logger: pino({ level: 'silent' }),
      jobs: { nudge: (name) => void nudges.push(name) },
      from: t.config.mailFrom,
      transport: {
        sendMail: async (message: nodemailer.SendMailOptions) => {
          const info = await stream.sendMail(message);
          raw.push((info.message as Buffer).toString('utf8'));
          return info;
        },
      },
    });
    mailer.registerJobs({ work: () => undefined, schedule: () => undefined, drain: (name, handler) => void drains.set(name, handler) });
    const content = Buffer.from('%PDF-1.7 a test file');
    // The mail kept so far leaves through the app's own deliverer: this one's drain finds only the mail below.
    await t.app.jobs.runDue();
    await mailer.send(t.database.db, {
      to: 'ann@example.test',
      subject: 'Your invoice',
      text: 'Attached.',
      attachments: [{ filename: 'INV-000001.pdf', contentType: 'application/pdf', content }],
    });
    expect(nudges).toEqual([MAIL_DELIVERY_DRAIN]);
    expect(await drains.get(MAIL_DELIVERY_DRAIN)!()).toHaveLength(1);
    expect(raw).toHaveLength(1);
    expect(raw[0]).toContain('Content-Type: application/pdf; name=INV-000001.pdf');
    expect(raw[0]).toContain('Content-Disposition: attachment; filename=INV-000001.pdf');
    expect(raw[0]).toContain(content.toString('base64'));
  });
});
