import { AppError, fieldError, originOfKind, type CursorQuery } from '@merchant/core';
import { renderEmail, type EmailTemplateKey } from '@merchant/business';
import {
  amountDue,
  INVOICE_CSV_HEADER,
  invoiceNumberLabel,
  invoicePayableRange,
  invoiceTotals,
  isInvoiceEditable,
  PUBLIC_ID_PREFIXES,
  statusAfterPayment,
  type InvoiceDetail,
  type InvoiceEventKind,
  type InvoiceFields,
  type InvoiceFilters,
} from '@merchant/payments';
import { formatMoneyWithCode } from '@merchant/core';
import type { AppConfig } from '@/config';
import type { Executor } from '@/db/client';
import type { StoredInvoiceLine } from '@/db/schema';
import type { BusinessContext, BusinessRow, RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { csvRow } from '@/lib/csv';
import { decodeCursor, pageFrom, type Cursor } from '@/lib/cursor';
import { newPublicId, newTimeOrderedId } from '@/lib/crypto';
import type { Mailer } from '@/mail/mailer';
import type { EmailTemplatesService } from '@/modules/business/email-templates/email-templates.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { invoiceCsvRow, presentInvoice, publicInvoiceUrl } from './invoices.presenter';
import { invoicesRepository as repo, type InvoiceRow } from './invoices.repository';

/** Rows the CSV export reads per query while it streams. */
const EXPORT_BATCH = 500;

const displayDate = (date: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

const notFound = () => new AppError('INVOICE_NOT_FOUND', 'Invoice not found.');

/**
 * Who creates an invoice and from where: a request's `BusinessContext` is one; a background job (the CSV
 * import) builds one from the person who confirmed it.
 */
export interface InvoiceActor extends RequestMeta {
  user: { id: string | null };
  business: { row: Pick<BusinessRow, 'id' | 'currency'> };
}

/**
 * One-off invoices: drafts created and edited with the package's money rules, the timeline, payments marked
 * by other means, void and duplicate (docs/payments.md, "invoices").
 */
export function createInvoicesService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl' | 'baseDomain'>;
  emailTemplates: EmailTemplatesService;
}) {
  const { db, clock, audit } = deps;
  const invoiceOrigin = originOfKind(deps.config.publicUrl, 'invoice', deps.config.baseDomain);
  const present = (row: Parameters<typeof presentInvoice>[0]) => presentInvoice(row, invoiceOrigin);

  /** What the body becomes once the rules a schema cannot hold are checked: the customer and products are the business's. */
  async function resolve(tx: Executor, ctx: InvoiceActor, body: InvoiceFields) {
    const businessId = ctx.business.row.id;
    if (!(await repo.customerExists(tx, businessId, body.customer_id))) throw fieldError('VALIDATION_FAILED', 'customer_id', 'Choose a customer from the list');
    const productIds = [...new Set(body.lines.flatMap((l) => (l.product_id ? [l.product_id] : [])))];
    const known = await repo.productIds(tx, businessId, productIds);
    const unknown = body.lines.findIndex((l) => l.product_id && !known.has(l.product_id));
    if (unknown >= 0) throw fieldError('VALIDATION_FAILED', `lines.${unknown}.product_id`, 'Choose a product from the list');
    const totals = invoiceTotals(body.lines, body.taxes);
    const lines: StoredInvoiceLine[] = body.lines.map((l, i) => ({ ...l, ...totals.lines[i]! }));
    return {
      customerId: body.customer_id,
      currency: body.currency ?? ctx.business.row.currency,
      issueDate: body.issue_date,
      dueDate: body.due_date,
      lines,
      taxes: body.taxes.map((t, i) => ({ ...t, amount: totals.taxes[i]! })),
      subtotal: totals.subtotal,
      taxTotal: totals.tax_total,
      total: totals.total,
      allowPartial: body.allow_partial,
      notes: body.notes,
      terms: body.terms,
    };
  }

  async function event(tx: Executor, ctx: InvoiceActor, invoiceId: string, kind: InvoiceEventKind, detail: string | null = null) {
    await repo.addEvent(tx, { businessId: ctx.business.row.id, id: newTimeOrderedId(), invoiceId, kind, detail, userId: ctx.user.id, createdAt: clock.now() });
  }

  async function detail(businessId: string, id: string): Promise<InvoiceDetail> {
    const found = await repo.find(db, businessId, id);
    if (!found) throw notFound();
    const timeline = await repo.timeline(db, businessId, id);
    return { ...present(found), timeline: timeline.map((e) => ({ kind: e.kind, detail: e.detail, by: e.by, at: e.at.toISOString() })) };
  }

  async function lock(tx: Executor, ctx: BusinessContext, id: string): Promise<InvoiceRow> {
    const row = await repo.lock(tx, ctx.business.row.id, id);
    if (!row) throw notFound();
    return row;
  }

  function assertEditable(row: InvoiceRow) {
    if (!isInvoiceEditable(row.status)) {
      throw new AppError('INVOICE_NOT_EDITABLE', `${invoiceNumberLabel(row.number)} is ${row.status.replace('_', ' ')} and can no longer be changed.`);
    }
  }

  async function insert(tx: Executor, ctx: InvoiceActor, fields: Awaited<ReturnType<typeof resolve>>, action: string, description: (number: string) => string) {
    const businessId = ctx.business.row.id;
    const now = clock.now();
    const row: InvoiceRow = {
      ...fields,
      businessId,
      id: newTimeOrderedId(now.getTime()),
      publicId: newPublicId(PUBLIC_ID_PREFIXES.invoice),
      number: await repo.nextNumber(tx, businessId),
      status: 'draft',
      amountPaid: 0,
      createdByUserId: ctx.user.id,
      createdAt: now,
      updatedAt: now,
    };
    await repo.insert(tx, row);
    await event(tx, ctx, row.id, 'created');
    const number = invoiceNumberLabel(row.number);
    await audit.record(tx, ctx, {
      action,
      description: description(number),
      actorUserId: ctx.user.id,
      businessId,
      objectType: 'invoice',
      objectId: row.id,
      meta: { total: row.total, currency: row.currency },
    });
    return row;
  }

  /**
   * Mails the customer a template about the invoice, recording it on the timeline and in the audit log in one
   * transaction. Only an invoice that is out (or a draft being sent) and whose customer has an email.
   */
  async function mail(ctx: BusinessContext, id: string, key: EmailTemplateKey, kind: 'sent' | 'reminded'): Promise<InvoiceDetail> {
    const business = ctx.business.row;
    // Read before the transaction: on the embedded database a read outside it would wait for its end.
    const template = await deps.emailTemplates.template(business.id, key);
    const message = await db.transaction(async (tx) => {
      const current = await lock(tx, ctx, id);
      const number = invoiceNumberLabel(current.number);
      const allowed = kind === 'sent' ? ['draft', 'sent', 'overdue', 'partially_paid'] : ['sent', 'overdue', 'partially_paid'];
      if (!allowed.includes(current.status)) {
        throw new AppError(
          'INVOICE_NOT_SENDABLE',
          `${number} is ${current.status.replace('_', ' ')}: there is nothing to ${kind === 'sent' ? 'send' : 'remind of'}.`,
        );
      }
      const found = await repo.find(tx, business.id, id);
      const to = found?.customerEmail;
      if (!to) throw fieldError('INVOICE_NO_EMAIL', 'customer_id', "Add an email to the invoice's customer to send it.");
      const due = amountDue(current.total, current.amountPaid);
      const rendered = renderEmail(template, {
        customer_name: found.customerName ?? to,
        business_name: business.name,
        amount: formatMoneyWithCode(due, current.currency),
        invoice_number: number,
        due_date: displayDate(current.dueDate),
        link: publicInvoiceUrl(invoiceOrigin, current),
      });
      if (current.status === 'draft') await repo.update(tx, business.id, id, { status: 'sent', updatedAt: clock.now() });
      await event(tx, ctx, id, kind, `To ${to}`);
      await audit.record(tx, ctx, {
        action: kind === 'sent' ? 'invoice.sent' : 'invoice.reminded',
        description: `${kind === 'sent' ? 'Mailed' : 'Reminded'} the invoice ${number} to ${to}`,
        actorUserId: ctx.user.id,
        businessId: business.id,
        objectType: 'invoice',
        objectId: id,
      });
      return { to, subject: rendered.subject, text: rendered.text, html: rendered.html };
    });
    await deps.mailer.send(message);
    return detail(business.id, id);
  }

  return {
    send: (ctx: BusinessContext, id: string) => mail(ctx, id, 'invoice_sent', 'sent'),
    remind: (ctx: BusinessContext, id: string) => mail(ctx, id, 'invoice_reminder', 'reminded'),

    async list(businessId: string, query: InvoiceFilters & CursorQuery) {
      const rows = await repo.page(db, businessId, query, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r.invoice);
      return { data: page.rows.map(present), next_cursor: page.nextCursor };
    },

    /** The filtered invoices as CSV, newest first, read in batches while it is sent. */
    exportCsv(business: BusinessRow, filters: InvoiceFilters) {
      async function* lines(): AsyncGenerator<string> {
        yield `\uFEFF${csvRow(INVOICE_CSV_HEADER)}\r\n`;
        let cursor: Cursor | undefined;
        for (;;) {
          const rows = await repo.page(db, business.id, filters, EXPORT_BATCH, cursor);
          const batch = rows.slice(0, EXPORT_BATCH);
          if (batch.length > 0) yield batch.map((r) => `${csvRow(invoiceCsvRow(present(r)))}\r\n`).join('');
          const last = batch[batch.length - 1];
          if (rows.length <= EXPORT_BATCH || !last) return;
          cursor = { createdAt: last.invoice.createdAt, id: last.invoice.id };
        }
      }
      const date = clock.now().toISOString().slice(0, 10);
      return { filename: `invoices-${business.identifier}-${date}.csv`, lines: lines() };
    },

    get: (businessId: string, id: string) => detail(businessId, id),

    /**
     * A draft made inside the caller's transaction (the CSV import records the row's invoice in it): the same
     * checks, numbering, timeline and audit as `create`. Answers the invoice's id and number.
     */
    async createIn(tx: Executor, actor: InvoiceActor, body: InvoiceFields, description: (number: string) => string): Promise<{ id: string; number: string }> {
      const row = await insert(tx, actor, await resolve(tx, actor, body), 'invoice.created', description);
      return { id: row.id, number: invoiceNumberLabel(row.number) };
    },

    async create(ctx: BusinessContext, body: InvoiceFields): Promise<InvoiceDetail> {
      const row = await db.transaction(async (tx) => insert(tx, ctx, await resolve(tx, ctx, body), 'invoice.created', (n) => `Created the draft invoice ${n}`));
      return detail(ctx.business.row.id, row.id);
    },

    async update(ctx: BusinessContext, id: string, body: InvoiceFields): Promise<InvoiceDetail> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const current = await lock(tx, ctx, id);
        assertEditable(current);
        const fields = await resolve(tx, ctx, body);
        await repo.update(tx, businessId, id, { ...fields, updatedAt: clock.now() });
        await audit.record(tx, ctx, {
          action: 'invoice.updated',
          description: `Edited the invoice ${invoiceNumberLabel(current.number)}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'invoice',
          objectId: id,
          meta: { before: { total: current.total, currency: current.currency }, after: { total: fields.total, currency: fields.currency } },
        });
      });
      return detail(businessId, id);
    },

    async markPaid(ctx: BusinessContext, id: string, body: { amount?: number | undefined; note: string | null }): Promise<InvoiceDetail> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const current = await lock(tx, ctx, id);
        const range = invoicePayableRange({ status: current.status, total: current.total, amount_paid: current.amountPaid, allow_partial: true });
        if (!range)
          throw new AppError('INVOICE_NOT_PAYABLE', `${invoiceNumberLabel(current.number)} is ${current.status.replace('_', ' ')}: nothing can be paid on it.`);
        const amount = body.amount ?? range.max;
        if (amount > range.max) {
          throw fieldError('INVOICE_OVERPAYMENT', 'amount', `Only ${formatMoneyWithCode(range.max, current.currency)} is due.`);
        }
        const paid = current.amountPaid + amount;
        await repo.update(tx, businessId, id, { amountPaid: paid, status: statusAfterPayment(current.status, current.total, paid), updatedAt: clock.now() });
        const money = formatMoneyWithCode(amount, current.currency);
        await event(tx, ctx, id, 'paid', body.note ? `${money} by other means: ${body.note}` : `${money} by other means`);
        await audit.record(tx, ctx, {
          action: 'invoice.marked_paid',
          description: `Marked ${money} of the invoice ${invoiceNumberLabel(current.number)} as paid by other means`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'invoice',
          objectId: id,
          meta: { amount, due_after: amountDue(current.total, paid) },
        });
      });
      return detail(businessId, id);
    },

    async void(ctx: BusinessContext, id: string): Promise<InvoiceDetail> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const current = await lock(tx, ctx, id);
        assertEditable(current);
        await repo.update(tx, businessId, id, { status: 'void', updatedAt: clock.now() });
        await event(tx, ctx, id, 'voided');
        await audit.record(tx, ctx, {
          action: 'invoice.voided',
          description: `Voided the invoice ${invoiceNumberLabel(current.number)}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'invoice',
          objectId: id,
        });
      });
      return detail(businessId, id);
    },

    async duplicate(ctx: BusinessContext, id: string): Promise<InvoiceDetail> {
      const businessId = ctx.business.row.id;
      const row = await db.transaction(async (tx) => {
        const source = await lock(tx, ctx, id);
        // Issued today, due after as many days as the original allowed.
        const today = clock.now().toISOString().slice(0, 10);
        const days = Math.round((Date.parse(source.dueDate) - Date.parse(source.issueDate)) / 86_400_000);
        const due = new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);
        const { customerId, currency, lines, taxes, subtotal, taxTotal, total, allowPartial, notes, terms } = source;
        const fields = { customerId, currency, issueDate: today, dueDate: due, lines, taxes, subtotal, taxTotal, total, allowPartial, notes, terms };
        return insert(tx, ctx, fields, 'invoice.duplicated', (n) => `Created the draft invoice ${n} from ${invoiceNumberLabel(source.number)}`);
      });
      return detail(businessId, row.id);
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
