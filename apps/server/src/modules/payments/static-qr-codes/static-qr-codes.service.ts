import QRCode from 'qrcode';
import { AppError, originOfKind } from '@merchant/core';
import { PUBLIC_ID_PREFIXES, checkoutUrl, type ListStaticQrQuerySchema, type StaticQr, type StaticQrBodySchema, type StaticQrDetail } from '@merchant/payments';
import type { z } from 'zod';
import type { AppConfig } from '@/config';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { newId, newPublicId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { assertAmountWithinLimits, type CheckoutSource, type CheckoutSourceAdapter } from '../checkout-source';
import type { SourcePaymentsService } from '../source-payments/source-payments.service';
import { staticQrRepository as repo, type StaticQrRow } from './static-qr-codes.repository';

/** Who reads or changes QR codes: a signed-in member, or the public API acting as its key's maker (docs/developers.md). */
export type QrWriter = Pick<BusinessContext, 'business' | 'ip' | 'userAgent'> & { user: { id: string } };

/** A code as the public API reads it: with its last change (HitPay answers `updated_at`). */
export type ApiStaticQr = StaticQr & { updated_at: string };

/** Pixels of the downloadable PNG: sharp when printed at about 5 cm. */
const PNG_WIDTH = 1024;

/** Static QR codes: create, edit (the printed URL stays), archive, and the checkout's source adapter for `q/` ids. */
export function createStaticQrService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  config: Pick<AppConfig, 'publicUrl' | 'baseDomain'>;
  sourcePayments: SourcePaymentsService;
}) {
  const { db, clock, audit, sourcePayments } = deps;
  const checkoutOrigin = originOfKind(deps.config.publicUrl, 'checkout', deps.config.baseDomain);

  function present(row: StaticQrRow, paid: { count: number; total: number } | undefined): StaticQr {
    return {
      id: row.id,
      public_id: row.publicId,
      url: checkoutUrl(checkoutOrigin, 'qr', row.publicId),
      name: row.name,
      amount: row.amount,
      currency: row.currency,
      location_label: row.locationLabel,
      status: row.status,
      paid_count: paid?.count ?? 0,
      paid_total: paid?.total ?? 0,
      created_at: row.createdAt.toISOString(),
    };
  }

  async function presentOne(businessId: string, row: StaticQrRow): Promise<StaticQr> {
    const paid = await sourcePayments.paidBySource(businessId, 'static_qr', [row.id]);
    return present(row, paid.get(row.id));
  }

  async function load(executor: Executor, ctx: QrWriter, id: string, lock = false): Promise<StaticQrRow> {
    const row = lock ? await repo.lock(executor, ctx.business.row.id, id) : await repo.find(executor, ctx.business.row.id, id);
    if (!row) throw new AppError('STATIC_QR_NOT_FOUND', 'Static QR code not found.');
    return row;
  }

  async function lockActive(tx: Executor, ctx: QrWriter, id: string): Promise<StaticQrRow> {
    const row = await load(tx, ctx, id, true);
    if (row.status === 'archived') throw new AppError('STATIC_QR_ARCHIVED', 'This QR code is archived and can no longer be changed.');
    return row;
  }

  function fields(ctx: QrWriter, body: z.output<typeof StaticQrBodySchema>) {
    const currency = body.currency ?? ctx.business.row.currency;
    assertAmountWithinLimits(body.amount, currency);
    return { name: body.name, amount: body.amount, currency, locationLabel: body.location_label };
  }

  function toSource(row: StaticQrRow): CheckoutSource {
    return {
      businessId: row.businessId,
      sourceType: 'static_qr',
      sourceId: row.id,
      publicId: row.publicId,
      amount: row.amount,
      currency: row.currency,
      purpose: row.name,
      reference: null,
      collect: { email: true, phone: false, note: false },
      prefill: { email: null, phone: null },
      singleUse: false,
      redirectUrl: null,
      usable: row.status === 'active' ? true : { reason: 'archived' },
    };
  }

  const checkout: CheckoutSourceAdapter = {
    async checkoutSource(tx, publicId) {
      const row = await repo.findByPublicId(tx, publicId);
      return row ? toSource(row) : null;
    },
    async byId(tx, businessId, sourceId) {
      const row = await repo.find(tx, businessId, sourceId);
      return row ? toSource(row) : null;
    },
    async lockForPayment(tx, businessId, sourceId) {
      const row = await repo.lockForPayment(tx, businessId, sourceId);
      return row ? toSource(row) : null;
    },
    // A QR code takes any number of payments: nothing changes.
    onPaymentSucceeded: async () => {},
  };

  const forApi = (row: StaticQrRow, paid: { count: number; total: number } | undefined): ApiStaticQr => ({
    ...present(row, paid),
    updated_at: row.updatedAt.toISOString(),
  });

  return {
    checkout,

    /** The public API's list: the active codes (an archived one is deleted there), newest first, cursor pages. */
    async listForApi(ctx: QrWriter, query: { limit: number; cursor?: string | undefined }) {
      const businessId = ctx.business.row.id;
      const rows = await repo.page(db, businessId, { search: undefined, status: 'active' }, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r);
      const paid = await sourcePayments.paidBySource(
        businessId,
        'static_qr',
        page.rows.map((r) => r.id),
      );
      return { data: page.rows.map((r) => forApi(r, paid.get(r.id))), next_cursor: page.nextCursor };
    },

    /** One code for the public API, without its images. */
    async findForApi(ctx: QrWriter, id: string): Promise<ApiStaticQr> {
      const row = await load(db, ctx, id);
      const paid = await sourcePayments.paidBySource(row.businessId, 'static_qr', [row.id]);
      return forApi(row, paid.get(row.id));
    },

    async list(ctx: QrWriter, query: z.output<typeof ListStaticQrQuerySchema>) {
      const businessId = ctx.business.row.id;
      const rows = await repo.page(db, businessId, { search: query.search, status: query.status }, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r);
      const paid = await sourcePayments.paidBySource(
        businessId,
        'static_qr',
        page.rows.map((r) => r.id),
      );
      return { data: page.rows.map((r) => present(r, paid.get(r.id))), next_cursor: page.nextCursor };
    },

    async get(ctx: QrWriter, id: string): Promise<StaticQrDetail> {
      const qr = await presentOne(ctx.business.row.id, await load(db, ctx, id));
      const [svg, png] = await Promise.all([
        QRCode.toString(qr.url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
        QRCode.toDataURL(qr.url, { type: 'image/png', margin: 2, width: PNG_WIDTH, errorCorrectionLevel: 'M' }),
      ]);
      return { ...qr, qr_svg: svg, qr_png: png };
    },

    async payments(ctx: QrWriter, id: string, query: { limit: number; cursor?: string | undefined }) {
      const row = await load(db, ctx, id);
      return sourcePayments.page(ctx.business.row.id, { type: 'static_qr', id: row.id, label: row.name }, query);
    },

    async create(ctx: QrWriter, body: z.output<typeof StaticQrBodySchema>): Promise<StaticQr> {
      const now = clock.now();
      const businessId = ctx.business.row.id;
      const row: StaticQrRow = {
        ...fields(ctx, body),
        businessId,
        id: newId(),
        publicId: newPublicId(PUBLIC_ID_PREFIXES.qr),
        status: 'active',
        createdAt: now,
        updatedAt: now,
      };
      await db.transaction(async (tx) => {
        await repo.insert(tx, row);
        await audit.record(tx, ctx, {
          action: 'static_qr.created',
          description: `Created the static QR code "${row.name}"`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'static_qr_code',
          objectId: row.id,
          meta: { amount: row.amount, currency: row.currency },
        });
      });
      return present(row, undefined);
    },

    async update(ctx: QrWriter, id: string, body: z.output<typeof StaticQrBodySchema>): Promise<StaticQr> {
      const businessId = ctx.business.row.id;
      const next = fields(ctx, body);
      await db.transaction(async (tx) => {
        await lockActive(tx, ctx, id);
        await repo.update(tx, businessId, id, { ...next, updatedAt: clock.now() });
        await audit.record(tx, ctx, {
          action: 'static_qr.updated',
          description: `Edited the static QR code "${next.name}"`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'static_qr_code',
          objectId: id,
        });
      });
      return presentOne(businessId, await load(db, ctx, id));
    },

    async archive(ctx: QrWriter, id: string): Promise<StaticQr> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const current = await lockActive(tx, ctx, id);
        await repo.update(tx, businessId, id, { status: 'archived', updatedAt: clock.now() });
        await audit.record(tx, ctx, {
          action: 'static_qr.archived',
          description: `Archived the static QR code "${current.name}"`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'static_qr_code',
          objectId: id,
        });
      });
      return presentOne(businessId, await load(db, ctx, id));
    },
  };
}

export type StaticQrService = ReturnType<typeof createStaticQrService>;
