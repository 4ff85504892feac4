import QRCode from 'qrcode';
import { AppError, fieldError, originOfKind } from '@merchant/core';
import {
  PUBLIC_ID_PREFIXES,
  PaymentLinkBodySchema,
  type CreatePaymentLinkBodySchema,
  type ListPaymentLinksQuerySchema,
  type PaymentLink,
  type PaymentLinkDetail,
} from '@merchant/payments';
import type { z } from 'zod';
import type { AppConfig } from '@/config';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { JobSender } from '@/modules/platform/jobs/jobs.service';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { newId, newPublicId } from '@/lib/crypto';
import type { Mailer } from '@/mail/mailer';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { assertAmountWithinLimits } from '../checkout-source';
import type { SourcePaymentsService, StatusCheckPayment } from '../source-payments/source-payments.service';
import { createPaymentLinkCheckoutSource } from './payment-links.checkout-source';
import { isEditable, linkMail, presentLink, statusAt } from './payment-links.presenter';
import { paymentLinksRepository as repo, type PaymentLinkRow } from './payment-links.repository';
import type { StatusCheckCache, StatusCheckRead } from './status-check-cache';
import type { WebhooksService } from '../developers/webhooks.service';
import type { PlatformPaymentHook, PlatformRefundHook } from '../platform-accounts/platform-fees.service';

type LinkInput = z.output<typeof PaymentLinkBodySchema>;

/** Who writes a link: a signed-in member, or the public API acting as its key's maker (docs/developers.md). */
export type LinkWriter = Pick<BusinessContext, 'business' | 'ip' | 'userAgent'> & { user: { id: string } };

/** What only HitPay's payment requests carry (the public API): the key that made it, the buyer's name, the legacy webhook. */
export interface ApiLinkFields {
  apiKeyId: string;
  /** The plugin integration whose key made it (its payments are tagged with it), else null. */
  integrationId: string | null;
  customerName: string | null;
  webhookUrl: string | null;
}

/** What only a platform's payment request carries (docs/developers.md, "Platform accounts"). */
export interface PlatformLinkFields {
  platformLinkId: string;
  platformFee: number;
}

/** A link as the public API presents it: the link, and the fields only the API writes. */
export interface ApiLink {
  link: PaymentLink;
  customer_name: string | null;
  webhook: string | null;
}

/**
 * Payment links: create, edit (the public URL stays), cancel, mail to the customer; the checkout's source
 * adapter is in payment-links.checkout-source.ts. Status `expired` is read from the time (and stored once the
 * checkout meets it).
 */
export function createPaymentLinksService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl' | 'baseDomain'>;
  sourcePayments: SourcePaymentsService;
  jobs: JobSender;
  tagIntegration?: (tx: Executor, businessId: string, paymentId: string, integrationId: string) => Promise<void>;
  /** HitPay's event webhooks: `payment_request.completed` is written with the payment's success. */
  webhooks?: Pick<WebhooksService, 'emit'>;
  /** The public API's status checks kept in the process (status-check-cache.ts); none: every check reads the database. */
  statusChecks?: StatusCheckCache;
  /** A platform's payment request paid (platform-accounts/platform-fees.service.ts). */
  onPlatformPayment?: PlatformPaymentHook;
  /** A refund of a platform's payment (its charge.updated to the platform). */
  onPlatformRefund?: PlatformRefundHook;
}) {
  const { db, clock, audit, sourcePayments } = deps;
  const checkoutOrigin = originOfKind(deps.config.publicUrl, 'checkout', deps.config.baseDomain);

  async function present(businessId: string, row: PaymentLinkRow, productName: string | null): Promise<PaymentLink> {
    const paid = await sourcePayments.paidBySource(businessId, 'payment_link', [row.id]);
    return presentLink(row, { productName, paid: paid.get(row.id), checkoutOrigin, now: clock.now() });
  }

  /** The rules a schema cannot hold: the currency default, amount limits, expiry in the future, the product. */
  async function resolve(executor: Executor, ctx: LinkWriter, body: LinkInput) {
    const currency = body.currency ?? ctx.business.row.currency;
    assertAmountWithinLimits(body.amount, currency);
    const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
    if (expiresAt && expiresAt <= clock.now()) throw fieldError('VALIDATION_FAILED', 'expires_at', 'Choose a time in the future');
    let productName: string | null = null;
    if (body.product_id) {
      const product = await repo.findProduct(executor, ctx.business.row.id, body.product_id);
      if (!product || product.status !== 'active' || !product.channels.includes('payments'))
        throw fieldError('VALIDATION_FAILED', 'product_id', 'Choose a product from the list');
      productName = product.name;
    }
    const fields = {
      amount: body.amount,
      currency,
      purpose: body.purpose,
      reference: body.reference,
      productId: body.product_id,
      customerEmail: body.customer_email,
      customerPhone: body.customer_phone,
      collectEmail: body.collect_email,
      collectPhone: body.collect_phone,
      collectNote: body.collect_note,
      singleUse: body.single_use,
      redirectUrl: body.redirect_url,
      expiresAt,
    };
    return { fields, productName };
  }

  /** A status check's reads, kept by the cache when it may (then from the primary: status-check-cache.ts). */
  async function readStatusCheck(businessId: string, id: string, limit: number): Promise<StatusCheckRead | undefined> {
    const cache = deps.statusChecks;
    const mark = cache?.mark() ?? 0;
    const keeping = cache?.live() === true;
    const [found, check] = await Promise.all([
      repo.find(db, businessId, id),
      sourcePayments.statusCheck(businessId, 'payment_link', id, limit, { primary: keeping }),
    ]);
    if (!found) return undefined;
    const read: StatusCheckRead = { businessId, link: found.link, productName: found.productName, payments: check.payments, paid: check.paid, limit };
    return keeping && cache ? cache.keep(mark, read) : read;
  }

  async function load(ctx: Pick<BusinessContext, 'business'>, id: string) {
    const found = await repo.find(db, ctx.business.row.id, id);
    if (!found) throw new AppError('PAYMENT_LINK_NOT_FOUND', 'Payment link not found.');
    return found;
  }

  async function lockEditable(tx: Executor, ctx: LinkWriter, id: string): Promise<PaymentLinkRow> {
    const row = await repo.lock(tx, ctx.business.row.id, id);
    if (!row) throw new AppError('PAYMENT_LINK_NOT_FOUND', 'Payment link not found.');
    const status = statusAt(row, clock.now());
    if (!isEditable(status)) throw new AppError('PAYMENT_LINK_NOT_EDITABLE', `This payment link is ${status} and can no longer be changed.`);
    return row;
  }

  /** In the transaction that records the sending (the outbox). */
  async function mailLink(tx: Executor, ctx: LinkWriter, row: PaymentLinkRow): Promise<string> {
    if (!row.customerEmail) throw fieldError('PAYMENT_LINK_NO_EMAIL', 'customer_email', 'Add the customer email to send the link.');
    const url = presentLink(row, { productName: null, paid: undefined, checkoutOrigin, now: clock.now() }).url;
    await deps.mailer.send(tx, { to: row.customerEmail, ...linkMail(ctx.business.row.name, row, url) });
    return row.customerEmail;
  }

  return {
    checkout: createPaymentLinkCheckoutSource({
      clock,
      jobs: deps.jobs,
      webhooks: deps.webhooks,
      onPlatformPayment: deps.onPlatformPayment,
      onPlatformRefund: deps.onPlatformRefund,
      ...(deps.tagIntegration ? { tagIntegration: deps.tagIntegration } : {}),
    }),

    /** Read with the business alone: the public API reads links for an API key (docs/developers.md). */
    async list(ctx: Pick<BusinessContext, 'business'>, query: z.output<typeof ListPaymentLinksQuerySchema>) {
      const businessId = ctx.business.row.id;
      const now = clock.now();
      const rows = await repo.page(db, businessId, { search: query.search, status: query.status, now }, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r.link);
      const paid = await sourcePayments.paidBySource(
        businessId,
        'payment_link',
        page.rows.map((r) => r.link.id),
      );
      return {
        data: page.rows.map((r) => presentLink(r.link, { productName: r.productName, paid: paid.get(r.link.id), checkoutOrigin, now })),
        next_cursor: page.nextCursor,
      };
    },

    async get(ctx: Pick<BusinessContext, 'business'>, id: string): Promise<PaymentLinkDetail> {
      const found = await load(ctx, id);
      const link = await present(ctx.business.row.id, found.link, found.productName);
      return { ...link, qr_svg: await QRCode.toString(link.url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }) };
    },

    /** The public API's list: links with the fields only the API writes. */
    async listForApi(ctx: Pick<BusinessContext, 'business'>, query: { limit: number; cursor?: string | undefined }) {
      const businessId = ctx.business.row.id;
      const now = clock.now();
      const rows = await repo.page(db, businessId, { now }, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r.link);
      const ids = page.rows.map((r) => r.link.id);
      const paid = await sourcePayments.paidBySource(businessId, 'payment_link', ids);
      const data: ApiLink[] = page.rows.map((r) => ({
        link: presentLink(r.link, { productName: r.productName, paid: paid.get(r.link.id), checkoutOrigin, now }),
        customer_name: r.link.customerName,
        webhook: r.link.webhookUrl,
      }));
      return { data, next_cursor: page.nextCursor };
    },

    /** The public API's read of one link. */
    async getForApi(ctx: Pick<BusinessContext, 'business'>, id: string): Promise<ApiLink> {
      const found = await load(ctx, id);
      return {
        link: await present(ctx.business.row.id, found.link, found.productName),
        customer_name: found.link.customerName,
        webhook: found.link.webhookUrl,
      };
    },

    /**
     * The public API's status check: the link as HitPay's payment request, and its latest `limit` payments as
     * Transactions lists them: kept in the process (status-check-cache.ts), else two statements sent together (the
     * link's, and the payments' with the paid sum).
     */
    async statusCheckForApi(
      ctx: Pick<BusinessContext, 'business'>,
      id: string,
      limit: number,
    ): Promise<{ request: ApiLink; payments: readonly StatusCheckPayment[] }> {
      const businessId = ctx.business.row.id;
      const read = deps.statusChecks?.get(id, limit) ?? (await readStatusCheck(businessId, id, limit));
      // A link kept for another business is not this caller's: the same answer as the database's.
      if (!read || read.businessId !== businessId) throw new AppError('PAYMENT_LINK_NOT_FOUND', 'Payment link not found.');
      const link = presentLink(read.link, { productName: read.productName, paid: read.paid, checkoutOrigin, now: clock.now() });
      return { request: { link, customer_name: read.link.customerName, webhook: read.link.webhookUrl }, payments: read.payments };
    },

    async payments(ctx: BusinessContext, id: string, query: { limit: number; cursor?: string | undefined }) {
      const { link } = await load(ctx, id);
      return sourcePayments.page(ctx.business.row.id, { type: 'payment_link', id: link.id, label: link.purpose }, query);
    },

    async products(ctx: BusinessContext) {
      return { data: await repo.activeProducts(db, ctx.business.row.id) };
    },

    async create(
      ctx: LinkWriter,
      body: z.output<typeof CreatePaymentLinkBodySchema>,
      api?: ApiLinkFields,
      platform?: PlatformLinkFields,
    ): Promise<PaymentLink> {
      if (body.send_email && !body.customer_email) {
        throw fieldError('PAYMENT_LINK_NO_EMAIL', 'customer_email', 'Add the customer email to send the link.');
      }
      const now = clock.now();
      const businessId = ctx.business.row.id;
      const { row, productName } = await db.transaction(async (tx) => {
        const { fields, productName } = await resolve(tx, ctx, body);
        const row: PaymentLinkRow = {
          ...fields,
          apiKeyId: api?.apiKeyId ?? null,
          integrationId: api?.integrationId ?? null,
          customerName: api?.customerName ?? null,
          webhookUrl: api?.webhookUrl ?? null,
          platformLinkId: platform?.platformLinkId ?? null,
          platformFee: platform?.platformFee ?? null,
          businessId,
          id: newId(),
          publicId: newPublicId(PUBLIC_ID_PREFIXES.link),
          customerId: null,
          status: 'active',
          createdByUserId: ctx.user.id,
          createdAt: now,
          updatedAt: now,
        };
        await repo.insert(tx, row);
        await audit.record(tx, ctx, {
          action: 'payment_link.created',
          description: `Created the payment link "${row.purpose}"`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'payment_link',
          objectId: row.id,
          meta: { amount: row.amount, currency: row.currency, single_use: row.singleUse },
        });
        if (body.send_email) {
          await audit.record(tx, ctx, {
            action: 'payment_link.sent',
            description: `Mailed the payment link "${row.purpose}" to ${row.customerEmail}`,
            actorUserId: ctx.user.id,
            businessId,
            objectType: 'payment_link',
            objectId: row.id,
          });
          await mailLink(tx, ctx, row);
        }
        return { row, productName };
      });
      return presentLink(row, { productName, paid: undefined, checkoutOrigin, now });
    },

    async update(ctx: LinkWriter, id: string, body: LinkInput, api?: ApiLinkFields): Promise<PaymentLink> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const current = await lockEditable(tx, ctx, id);
        const { fields } = await resolve(tx, ctx, body);
        // A new expiry (or none) revives a link that had expired; the public id never changes.
        await repo.update(tx, businessId, id, {
          ...fields,
          ...(api
            ? {
                customerName: api.customerName,
                webhookUrl: api.webhookUrl,
                apiKeyId: current.apiKeyId ?? api.apiKeyId,
                // The key that made a request keeps it; so does its integration.
                integrationId: current.apiKeyId ? current.integrationId : api.integrationId,
              }
            : {}),
          status: 'active',
          updatedAt: clock.now(),
        });
        await audit.record(tx, ctx, {
          action: 'payment_link.updated',
          description: `Edited the payment link "${fields.purpose}"`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'payment_link',
          objectId: id,
          meta: { before: { amount: current.amount, currency: current.currency }, after: { amount: fields.amount, currency: fields.currency } },
        });
      });
      const found = await load(ctx, id);
      return present(businessId, found.link, found.productName);
    },

    async cancel(ctx: LinkWriter, id: string): Promise<PaymentLink> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const current = await lockEditable(tx, ctx, id);
        await repo.update(tx, businessId, id, { status: 'cancelled', updatedAt: clock.now() });
        await audit.record(tx, ctx, {
          action: 'payment_link.cancelled',
          description: `Cancelled the payment link "${current.purpose}"`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'payment_link',
          objectId: id,
        });
      });
      const found = await load(ctx, id);
      return present(businessId, found.link, found.productName);
    },

    async send(ctx: BusinessContext, id: string): Promise<{ ok: true; to: string }> {
      const businessId = ctx.business.row.id;
      const to = await db.transaction(async (tx) => {
        const current = await lockEditable(tx, ctx, id);
        if (statusAt(current, clock.now()) !== 'active') {
          throw new AppError('PAYMENT_LINK_NOT_EDITABLE', 'This payment link has expired: give it a new expiry before sending it.');
        }
        if (!current.customerEmail) throw fieldError('PAYMENT_LINK_NO_EMAIL', 'customer_email', 'Add the customer email to send the link.');
        await audit.record(tx, ctx, {
          action: 'payment_link.sent',
          description: `Mailed the payment link "${current.purpose}" to ${current.customerEmail}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'payment_link',
          objectId: id,
        });
        return mailLink(tx, ctx, current);
      });
      return { ok: true, to };
    },
  };
}

export type PaymentLinksService = ReturnType<typeof createPaymentLinksService>;
