import { addDays, AppError, daysFrom, fieldError, formatDate, localDate, originOfKind, type CursorQuery } from '@merchant/core';
import { renderEmail, type EmailTemplateKey } from '@merchant/business';
import {
  amountDue,
  invoiceNumberLabel,
  invoicePayableRange,
  invoiceTotals,
  isInvoiceEditable,
  PUBLIC_ID_PREFIXES,
  reminderOffsetLabel,
  statusAfterPayment,
  type InvoiceDetail,
  type InvoiceContent,
  type InvoiceEventKind,
  type InvoiceFields,
  type InvoiceFilters,
} from '@merchant/payments';
import { formatMoneyWithCode } from '@merchant/core';
import type { AppConfig } from '@/config';
import type { Executor } from '@/db/client';
import { mayLag } from '@/db/replica';
import type { StoredInvoiceLine } from '@/db/schema';
import { UNATTENDED, type ActingContext, type BusinessRow, type RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { createInvoicePdfService } from './invoice-pdf.service';
import type { CheckoutCustomisationService } from '@/modules/payments/checkout-customisation/checkout-customisation.service';
import type { RateLimiter } from '@/lib/rate-limit';
import type { SourcePaymentsService } from '@/modules/payments/source-payments/source-payments.service';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import { decodeCursor, pageFrom, type Cursor } from '@/lib/cursor';
import { newPublicId, newTimeOrderedId } from '@/lib/crypto';
import type { Mailer } from '@/mail/mailer';
import type { EmailTemplatesService } from '@/modules/business/email-templates/email-templates.service';
import type { AuditService, AuditSource } from '@/modules/platform/audit/audit.service';
import { INVOICE_CSV, invoiceCsvRow, presentInvoice, publicInvoiceUrl } from './invoices.presenter';
import { invoicesRepository as repo, type InvoiceRow } from './invoices.repository';
import { invoiceCreated } from '../developers/webhook-events.presenter';
import type { WebhooksService } from '../developers/webhooks.service';

/** Rows the CSV export reads per query while it streams. */
const EXPORT_BATCH = 500;

const notFound = () => new AppError('INVOICE_NOT_FOUND', 'Invoice not found.');

/**
 * Who changes an invoice: a person in the dashboard (from their request context), or the repeating invoices'
 * scheduler (no user; `where` without an address).
 */
export interface InvoiceActor {
  business: Pick<BusinessRow, 'id' | 'name' | 'currency'>;
  userId: string | null;
  /** The request's context (with the person's standing) or, for the scheduler, no address. */
  where: AuditSource;
}

/** What only a platform's invoice carries (docs/developers.md, "Platform accounts"): its link and its fee. */
export interface InvoicePlatformFields {
  platformLinkId: string;
  platformFee: number;
}

/** A platform's invoice is paid once, in full: its fee is taken of that payment. */
export const platformPartial = () =>
  fieldError('VALIDATION_FAILED', 'allow_partial', "A platform's invoice is paid in full: partial payments cannot be allowed.");

const actorOf = (ctx: ActingContext): InvoiceActor => ({ business: ctx.business.row, userId: ctx.user.id, where: ctx });

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
  branding: Pick<CheckoutCustomisationService, 'brandAssets'>;
  limiter: RateLimiter;
  sourcePayments: Pick<SourcePaymentsService, 'page'>;
  /** The catalogue's check of the products an invoice's lines name. */
  products: Pick<CatalogueService['products'], 'existing'>;
  /** Payments run on the test processor: the PDF carries the Test mode mark. */
  testMode?: () => boolean;
  /** HitPay's event webhooks: `invoice.created` is written with the invoice. */
  webhooks?: Pick<WebhooksService, 'emit'> | undefined;
}) {
  const { db, clock, audit } = deps;
  const invoiceOrigin = originOfKind(deps.config.publicUrl, 'invoice', deps.config.baseDomain);
  const present = (row: Parameters<typeof presentInvoice>[0]) => presentInvoice(row, invoiceOrigin);
  const pdf = createInvoicePdfService({ db, limiter: deps.limiter, branding: deps.branding, present, testMode: deps.testMode ?? (() => false) });

  /**
   * What an invoice's content becomes once the rules a schema cannot hold are checked (the customer and
   * products are the business's): the stored lines and taxes with the money rules' amounts.
   */
  async function price(tx: Executor, business: InvoiceActor['business'], body: InvoiceContent) {
    const businessId = business.id;
    if (!(await repo.customerExists(tx, businessId, body.customer_id))) throw fieldError('VALIDATION_FAILED', 'customer_id', 'Choose a customer from the list');
    const productIds = [...new Set(body.lines.flatMap((l) => (l.product_id ? [l.product_id] : [])))];
    const known = await deps.products.existing(businessId, productIds, tx);
    const unknown = body.lines.findIndex((l) => l.product_id && !known.has(l.product_id));
    if (unknown >= 0) throw fieldError('VALIDATION_FAILED', `lines.${unknown}.product_id`, 'Choose a product from the list');
    const totals = invoiceTotals(body.lines, body.taxes);
    const lines: StoredInvoiceLine[] = body.lines.map((l, i) => ({ ...l, ...totals.lines[i]! }));
    return {
      customerId: body.customer_id,
      currency: body.currency ?? business.currency,
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

  /** The body's priced content and its dates. */
  async function resolve(tx: Executor, actor: InvoiceActor, body: InvoiceFields) {
    return { ...(await price(tx, actor.business, body)), issueDate: body.issue_date, dueDate: body.due_date };
  }

  async function event(tx: Executor, actor: InvoiceActor | ActingContext, invoiceId: string, kind: InvoiceEventKind, detail: string | null = null) {
    const { business, userId } = 'userId' in actor ? actor : actorOf(actor);
    await repo.addEvent(tx, { businessId: business.id, id: newTimeOrderedId(), invoiceId, kind, detail, userId, createdAt: clock.now() });
  }

  async function detail(businessId: string, id: string): Promise<InvoiceDetail> {
    const found = await repo.find(db, businessId, id);
    if (!found) throw notFound();
    const timeline = await repo.timeline(db, businessId, id);
    return { ...present(found), timeline: timeline.map((e) => ({ kind: e.kind, detail: e.detail, by: e.by, at: e.at.toISOString() })) };
  }

  async function lock(tx: Executor, actor: InvoiceActor | ActingContext, id: string): Promise<InvoiceRow> {
    const row = await repo.lock(tx, 'userId' in actor ? actor.business.id : actor.business.row.id, id);
    if (!row) throw notFound();
    return row;
  }

  function assertEditable(row: InvoiceRow) {
    if (!isInvoiceEditable(row.status)) {
      throw new AppError('INVOICE_NOT_EDITABLE', `${invoiceNumberLabel(row.number)} is ${row.status.replace('_', ' ')} and can no longer be changed.`);
    }
  }

  async function insert(
    tx: Executor,
    actor: InvoiceActor,
    fields: Awaited<ReturnType<typeof resolve>>,
    action: string,
    description: (number: string) => string,
    meta: Record<string, unknown> = {},
    platform: InvoicePlatformFields | null = null,
  ) {
    const businessId = actor.business.id;
    const now = clock.now();
    const row: InvoiceRow = {
      ...fields,
      platformLinkId: platform?.platformLinkId ?? null,
      platformFee: platform?.platformFee ?? null,
      businessId,
      id: newTimeOrderedId(now.getTime()),
      publicId: newPublicId(PUBLIC_ID_PREFIXES.invoice),
      number: await repo.nextNumber(tx, businessId),
      status: 'draft',
      amountPaid: 0,
      createdByUserId: actor.userId,
      createdAt: now,
      updatedAt: now,
    };
    await repo.insert(tx, row);
    await event(tx, actor, row.id, 'created');
    await deps.webhooks?.emit(tx, businessId, invoiceCreated(row));
    const number = invoiceNumberLabel(row.number);
    await audit.record(tx, actor.where, {
      action,
      description: description(number),
      actorUserId: actor.userId,
      businessId,
      objectType: 'invoice',
      objectId: row.id,
      meta: { total: row.total, currency: row.currency, ...meta },
    });
    return row;
  }

  /**
   * Mails the customer a template about the invoice with its PDF attached, recording it on the timeline and in
   * the audit log in one transaction. Only an invoice that is out (or a draft being sent) and whose customer has
   * an email. The PDF is rendered inside that transaction from the locked invoice, so it shows what the mail
   * says (a failed render records nothing). Answers whether a mail went: `onlyDraft` sends only a draft (of two
   * senders of one draft, the second finds it sent), and an automatic reminder (`automatic`) claims its offset
   * first and sends nothing when it was sent already.
   */
  async function mail(
    actor: InvoiceActor,
    id: string,
    key: EmailTemplateKey,
    kind: 'sent' | 'reminded',
    options: { onlyDraft?: boolean; automatic?: { offsetDays: number } } = {},
  ): Promise<boolean> {
    const { business } = actor;
    // Read before the transaction: on the embedded database a read outside it would wait for its end.
    const template = await deps.emailTemplates.template(business.id, key);
    const brand = await pdf.brandAssets(business.id);
    const sent = await db.transaction(async (tx) => {
      const current = await lock(tx, actor, id);
      // Decided under the invoice's lock.
      if (options.onlyDraft && current.status !== 'draft') return false;
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
      const { automatic } = options;
      if (automatic && !(await repo.claimReminder(tx, business.id, id, automatic.offsetDays, clock.now()))) return false;
      const due = amountDue(current.total, current.amountPaid);
      const rendered = renderEmail(template, {
        customer_name: found.customerName ?? to,
        business_name: business.name,
        amount: formatMoneyWithCode(due, current.currency),
        invoice_number: number,
        due_date: formatDate(current.dueDate),
        link: publicInvoiceUrl(invoiceOrigin, current),
      });
      const status = current.status === 'draft' ? 'sent' : current.status;
      if (status !== current.status) await repo.update(tx, business.id, id, { status, updatedAt: clock.now() });
      const attachment = await pdf.attachment(present({ ...found, invoice: { ...current, status } }), brand);
      const when = automatic ? `, ${reminderOffsetLabel(automatic.offsetDays)}` : '';
      await event(tx, actor, id, kind, `To ${to}${when}`);
      await audit.record(tx, actor.where, {
        action: kind === 'sent' ? 'invoice.sent' : automatic ? 'invoice.reminded_automatically' : 'invoice.reminded',
        description: `${kind === 'sent' ? 'Mailed' : automatic ? 'Automatically reminded' : 'Reminded'} the invoice ${number} to ${to}${when}`,
        actorUserId: actor.userId,
        businessId: business.id,
        objectType: 'invoice',
        objectId: id,
      });
      // The mail commits with the timeline event and the audit entry that say it left (the outbox).
      await deps.mailer.send(tx, { to, subject: rendered.subject, text: rendered.text, html: rendered.html, attachments: [attachment] });
      return true;
    });
    return sent ?? false;
  }

  /** A mail a member asked for, answered with the invoice as it now stands. */
  async function mailNow(actor: InvoiceActor, id: string, key: EmailTemplateKey, kind: 'sent' | 'reminded', options: { onlyDraft?: boolean } = {}) {
    await mail(actor, id, key, kind, options);
    return detail(actor.business.id, id);
  }

  return {
    /** The invoice as a PDF: the dashboard's download and the invoice host's link. */
    pdf: { forBusiness: pdf.forBusiness, forCustomer: pdf.forCustomer },
    send: (ctx: ActingContext, id: string) => mailNow(actorOf(ctx), id, 'invoice_sent', 'sent'),
    remind: (ctx: ActingContext, id: string) => mailNow(actorOf(ctx), id, 'invoice_reminder', 'reminded'),

    /**
     * The reminder schedule's reminder of an unpaid invoice, `offsetDays` from its due date: sent at most once
     * per offset (answers whether this call sent it).
     */
    remindAutomatically: (business: BusinessRow, id: string, offsetDays: number): Promise<boolean> =>
      mail({ business, userId: null, where: UNATTENDED }, id, 'invoice_reminder', 'reminded', { automatic: { offsetDays } }),

    /** Sent invoices whose due date is before `today` (UTC) become overdue, each with its timeline entry. */
    /** Sent invoices due before their business's today become overdue, each with its timeline entry. */
    async markOverdue(now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const marked = await repo.markOverdue(tx, now);
        for (const row of marked) {
          await repo.addEvent(tx, {
            businessId: row.businessId,
            id: newTimeOrderedId(),
            invoiceId: row.id,
            kind: 'overdue',
            detail: `Due ${formatDate(row.dueDate)}`,
            userId: null,
            createdAt: clock.now(),
          });
        }
        return marked.length;
      });
    },

    /** The actor of work no request carries (a repeating invoice's run, a CSV import's row) in a business. */
    async actorFor(tx: Executor, businessId: string, userId: string | null, where: RequestMeta): Promise<InvoiceActor> {
      const business = await repo.business(tx, businessId);
      if (!business) throw new Error(`business ${businessId} not found`);
      return { business, userId, where };
    },

    /** Checks and prices what an invoice would say (a repeating invoice's template) without making one. */
    price,

    /**
     * Sends a draft on behalf of `actor` (the repeating invoices' auto-send) as the send endpoint does; an
     * invoice that is no longer a draft (sent by someone already, or void) is left as it is, unmailed.
     */
    sendDraftAs: (actor: InvoiceActor, id: string) => mailNow(actor, id, 'invoice_sent', 'sent', { onlyDraft: true }),

    /**
     * Issues a draft without a mail (the public API's invoice made without `send_email`): it is out, its page and its
     * PDF open to the customer, as a sent one. An invoice that is no longer a draft is left as it is.
     */
    async issueAs(actor: InvoiceActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await lock(tx, actor, id);
        if (current.status !== 'draft') return;
        await repo.update(tx, actor.business.id, id, { status: 'sent', updatedAt: clock.now() });
        await event(tx, actor, id, 'sent', 'Issued without a mail');
        await audit.record(tx, actor.where, {
          action: 'invoice.issued',
          description: `Issued the invoice ${invoiceNumberLabel(current.number)} without a mail`,
          actorUserId: actor.userId,
          businessId: actor.business.id,
          objectType: 'invoice',
          objectId: id,
        });
      });
    },

    /** The public API's page (offset, newest first, with the count) and one invoice, each with its last change. */
    async pageForApi(businessId: string, filter: Parameters<typeof repo.offsetPage>[2], limit: number, offset: number) {
      const { rows, total } = await repo.offsetPage(db, businessId, filter, limit, offset);
      return { data: rows.map((r) => ({ ...present(r), updated_at: r.invoice.updatedAt.toISOString() })), total };
    },
    async getForApi(businessId: string, id: string) {
      const found = await repo.find(db, businessId, id);
      if (!found) throw notFound();
      return { ...present(found), updated_at: found.invoice.updatedAt.toISOString(), platform_link_id: found.invoice.platformLinkId };
    },

    async list(businessId: string, query: InvoiceFilters & CursorQuery) {
      const rows = await repo.page(mayLag(db), businessId, query, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r.invoice);
      return { data: page.rows.map(present), next_cursor: page.nextCursor };
    },

    /** The filtered invoices as CSV, newest first, read in batches while it is sent. */
    exportCsv(business: BusinessRow, filters: InvoiceFilters) {
      async function* lines(): AsyncGenerator<string> {
        yield INVOICE_CSV.head();
        let cursor: Cursor | undefined;
        for (;;) {
          const rows = await repo.page(mayLag(db), business.id, filters, EXPORT_BATCH, cursor);
          const batch = rows.slice(0, EXPORT_BATCH);
          if (batch.length > 0) yield batch.map((r) => INVOICE_CSV.line(invoiceCsvRow(present(r)))).join('');
          const last = batch[batch.length - 1];
          if (rows.length <= EXPORT_BATCH || !last) return;
          cursor = { createdAt: last.invoice.createdAt, id: last.invoice.id };
        }
      }
      const date = localDate(clock.now(), business.timeZone);
      return { filename: `invoices-${business.identifier}-${date}.csv`, lines: lines() };
    },

    get: (businessId: string, id: string) => detail(businessId, id),

    /** The checkout payments of the invoice (its payment source), as payment links and QR codes list theirs. */
    async payments(businessId: string, id: string, query: { limit: number; cursor?: string | undefined }) {
      const found = await repo.find(db, businessId, id);
      if (!found) throw notFound();
      return deps.sourcePayments.page(businessId, { type: 'invoice', id, label: invoiceNumberLabel(found.invoice.number) }, query);
    },

    /**
     * A draft made inside the caller's transaction (a repeating invoice's run, a CSV import's row, each recording
     * the invoice in it): the same checks, numbering, timeline and audit as `create`. Answers its id and number.
     */
    async createIn(
      tx: Executor,
      actor: InvoiceActor,
      body: InvoiceFields,
      description: (number: string) => string,
      meta: Record<string, unknown> = {},
      platform: InvoicePlatformFields | null = null,
    ): Promise<{ id: string; number: string }> {
      const row = await insert(tx, actor, await resolve(tx, actor, body), 'invoice.created', description, meta, platform);
      return { id: row.id, number: invoiceNumberLabel(row.number) };
    },

    async create(ctx: ActingContext, body: InvoiceFields): Promise<InvoiceDetail> {
      const actor = actorOf(ctx);
      const row = await db.transaction(async (tx) =>
        insert(tx, actor, await resolve(tx, actor, body), 'invoice.created', (n) => `Created the draft invoice ${n}`),
      );
      return detail(ctx.business.row.id, row.id);
    },

    async update(ctx: ActingContext, id: string, body: InvoiceFields): Promise<InvoiceDetail> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const current = await lock(tx, ctx, id);
        assertEditable(current);
        const fields = await resolve(tx, actorOf(ctx), body);
        if (current.platformLinkId !== null && fields.allowPartial) throw platformPartial();
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

    async markPaid(ctx: ActingContext, id: string, body: { amount?: number | undefined; note: string | null }): Promise<InvoiceDetail> {
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

    async void(ctx: ActingContext, id: string): Promise<InvoiceDetail> {
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

    async duplicate(ctx: ActingContext, id: string): Promise<InvoiceDetail> {
      const businessId = ctx.business.row.id;
      const row = await db.transaction(async (tx) => {
        const source = await lock(tx, ctx, id);
        // Issued on the business's today, due after as many days as the original allowed.
        const today = localDate(clock.now(), ctx.business.row.timeZone);
        const due = addDays(today, daysFrom(source.issueDate, source.dueDate));
        const { customerId, currency, lines, taxes, subtotal, taxTotal, total, allowPartial, notes, terms } = source;
        const fields = { customerId, currency, issueDate: today, dueDate: due, lines, taxes, subtotal, taxTotal, total, allowPartial, notes, terms };
        return insert(tx, actorOf(ctx), fields, 'invoice.duplicated', (n) => `Created the draft invoice ${n} from ${invoiceNumberLabel(source.number)}`);
      });
      return detail(businessId, row.id);
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
