import { AppError, can, formatMoneyWithCode, localDaysSpan, minorToMajorString, startOfLocalDay } from '@merchant/core';
import { ORDERS_EXPORT_MAX_ROWS, type ListOrdersQuery, type Order, type OrderFilters, type OrderFormSettings } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { mayLag } from '@/db/replica';
import { writeTogether, type Write } from '@/db/write-together';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { csvTable } from '@/lib/csv';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { newTimeOrderedId } from '@/lib/crypto';
import type { PricingModuleService } from '@/modules/catalogue/pricing/pricing.module';
import type { StockService } from '@/modules/catalogue/products/stock.service';
import type { LedgerPosting, LedgerService } from '@/modules/payments/ledger/ledger.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { callerLocations, inScope } from '@/modules/location-scope';
import { drawerNotOpen, managesPos } from './drawers.service';
import { drawersRepository } from './drawers.repository';
import { orderEvent, posOrderInput } from '@/modules/payments/developers/webhook-events.presenter';
import type { WebhooksService } from '@/modules/payments/developers/webhooks.service';
import { presentSummary, readOrder } from './order-view';
import { ordersRepository as repo, type OrderListFilter } from './orders.repository';
import type { PinsService } from './pins.service';
import { orderFormOf } from './sales.service';
import { planRefund, type RefundFields } from './refund-plan';
import type { ChargesService } from '@/modules/payments/charges/charges.service';

export const orderNotFound = () => new AppError('POS_ORDER_NOT_FOUND', 'Order not found.');

/** Who reads orders: a member's request, or the public API acting as its key's maker (docs/developers.md). */
export type OrderReader = Pick<BusinessContext, 'business'> & { user: { id: string } };

/** A refund under way for longer than this (its server stopped mid-way) no longer holds the order. */
export const REFUND_UNDER_WAY_MS = 5 * 60_000;
const refundUnderWay = () =>
  new AppError('POS_REFUND_UNDER_WAY', 'Another refund of this order is under way: open the order again in a moment to see what is left.');

const ORDERS_CSV = csvTable(
  ['Number', 'Time (UTC)', 'Kind', 'Status', 'Location', 'Staff', 'Customer', 'Tenders', 'Total', 'Refunded', 'Currency'],
  ['Number', 'Total', 'Refunded'],
);

/**
 * Orders of the register (docs/pos.md): the list with its filters and CSV, an order's detail, refunds and voids,
 * and the order form's settings. A cashier (`pos:use` without `pos:manage`) sees only their own orders and refunds
 * only with a manager's POS PIN.
 */
export function createOrdersService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  ledger: LedgerService;
  stock: Pick<StockService, 'restock'>;
  pins: Pick<PinsService, 'verifyOverride'>;
  charges: Pick<ChargesService, 'refund'>;
  pricing: Pick<PricingModuleService, 'releaseDiscounts'>;
  /** `order.updated` (a refund) to the business's webhooks, in the refund's transaction (the outbox rule). */
  webhooks?: Pick<WebhooksService, 'emit'> | undefined;
}) {
  const { db, clock, audit, ledger } = deps;

  function filterOf(ctx: OrderReader, f: OrderFilters, locationIds: readonly string[] | null): OrderListFilter {
    const zone = ctx.business.row.timeZone;
    const span = f.from && f.to ? localDaysSpan(f.from, f.to, zone) : null;
    const q = f.q?.replace(/^#/, '');
    const number = q && /^\d{1,9}$/.test(q) ? Number(q) : undefined;
    return {
      // "#12" is order 12 only; "12" is order 12 or a customer whose name or email has it.
      q: number !== undefined && f.q?.startsWith('#') ? undefined : q,
      number,
      start: span?.start ?? (f.from ? startOfLocalDay(f.from, zone) : undefined),
      end: span?.end ?? (f.to ? startOfLocalDay(f.to, zone, 1) : undefined),
      locationId: f.location_id,
      // A cashier sees their own sales only, whatever the filter says.
      staffId: managesPos(ctx) ? f.staff_id : ctx.user.id,
      tender: f.tender,
      status: f.status,
      offline: f.offline,
      // A member limited to locations sees the orders of their locations only.
      locationIds,
    };
  }

  async function visible(executor: Executor, ctx: OrderReader, id: string): Promise<Order> {
    const order = await readOrder(executor, ctx.business.row.id, id);
    if (!order || (!managesPos(ctx) && order.staff.id !== ctx.user.id)) throw orderNotFound();
    if (!inScope(await callerLocations(executor, ctx), order.location.id)) throw orderNotFound();
    return order;
  }

  /**
   * A refund reserved on the order (`before`, planned under its lock): the card and PayNow parts refunded through their
   * payments, then the order's transaction records it (the cash part from the refunder's open drawer).
   */
  async function refundMarked(
    ctx: BusinessContext,
    id: string,
    body: RefundFields,
    before: Awaited<ReturnType<typeof planRefund>>,
    approver: { id: string; name: string } | null,
  ): Promise<Order> {
    const businessId = ctx.business.row.id;
    const actor = {
      ...ctx,
      idempotency: undefined,
      business: { ...ctx.business, role: approver || !can(ctx.business, 'payments:refund') ? ('manager' as const) : ctx.business.role },
    };
    const paymentRefunds = new Map<string, string>();
    for (const part of before.tenders) {
      if (part.kind === 'cash' || !part.paymentId) continue;
      const done = await deps.charges.refund(actor, part.paymentId, {
        amount: part.amount,
        reason: 'requested_by_customer',
        note: `Register order #${before.row.number}: ${body.reason}`.slice(0, 500),
      });
      paymentRefunds.set(part.tenderId, done.refund.id);
    }
    return db.transaction(async (tx) => {
      const { row, lines, parts, tip, amount, tenders: tenderParts } = await planRefund(tx, businessId, id, body, true);
      // The order changed between the two reads (it cannot while marked, unless the mark was stale and taken over).
      if (amount !== before.amount || tenderParts.some((t, i) => t.tenderId !== before.tenders[i]?.tenderId || t.amount !== before.tenders[i]?.amount)) {
        throw new AppError('POS_ORDER_CHANGED', 'The order was refunded meanwhile: open it again to see what is left.');
      }
      const cashBack = tenderParts.reduce((sum, t) => sum + (t.kind === 'cash' ? t.amount : 0), 0);
      // The cash part leaves the refunder's open drawer; a refund without one needs no drawer.
      const drawer = cashBack > 0 ? await drawersRepository.openOf(tx, businessId, ctx.user.id, true) : null;
      if (cashBack > 0 && !drawer) throw drawerNotOpen();
      for (const t of tenderParts) await repo.addTenderRefund(tx, businessId, t.tenderId, t.amount);

      const now = clock.now();
      for (const p of parts) await repo.setLineRefunds(tx, businessId, id, p.line.lineId, p.after, p.amountAfter);
      const allBack = lines.every((l) => (parts.find((p) => p.line.lineId === l.lineId)?.after ?? l.refundedQuantity) === l.quantity);
      const tipRefunded = row.tipRefunded + tip;
      const status = allBack && tipRefunded === row.tip ? 'refunded' : 'partially_refunded';
      await repo.setOrderRefunds(tx, businessId, id, { refundedAmount: row.refundedAmount + amount, tipRefunded, status });
      // Wholly refunded (or voided): the uses of usage-limited discounts go back, once (the order's row is locked and
      // its redemptions deleted by the refund that gives them back). A partial refund gives nothing back.
      const discountsReleased = status === 'refunded' ? await deps.pricing.releaseDiscounts(tx, businessId, { type: 'pos_order', id }) : [];
      await deps.stock.restock(
        tx,
        businessId,
        parts.flatMap((p) => (p.line.variantId ? [{ variantId: p.line.variantId, locationId: row.locationId, quantity: p.quantity }] : [])),
        { actorUserId: ctx.user.id },
      );
      const refundId = newTimeOrderedId(now.getTime());
      const currency = row.currency;
      // The cash part leaves the drawer here; the card and PayNow parts posted with their payments' refunds.
      const postings: LedgerPosting[] =
        cashBack > 0
          ? [
              {
                kind: 'pos_refund',
                reference: { type: 'pos_order', id },
                description: `Refund of register order #${row.number} (cash)`,
                entries: [
                  { account: 'cash_in_drawers', currency, amount: -cashBack },
                  { account: 'customer_funds', currency, amount: cashBack },
                ],
              },
            ]
          : [];
      const how =
        [...new Set(tenderParts.map((t) => (t.kind === 'cash' ? 'in cash' : t.kind === 'card' ? 'to the card' : 'to the PayNow payment')))].join(' and ') ||
        'in cash';
      const words = `${formatMoneyWithCode(amount, currency)} of order #${row.number}`;
      const writes: Write[] = [
        repo.refundWrite(tx, {
          businessId,
          id: refundId,
          orderId: id,
          sessionId: drawer?.id ?? null,
          amount,
          tip,
          reason: body.reason,
          lines: parts.map((p) => ({ line_id: p.line.lineId, quantity: p.quantity, amount: p.amount })),
          tenders: tenderParts.map((t) => ({
            tender_id: t.tenderId,
            kind: t.kind,
            amount: t.amount,
            payment_refund_id: paymentRefunds.get(t.tenderId) ?? null,
          })),
          staffId: ctx.user.id,
          approvedBy: approver?.id ?? null,
          createdAt: now,
        }),
        ...drawersRepository.movementWrite(
          tx,
          cashBack > 0
            ? [
                {
                  businessId,
                  id: newTimeOrderedId(now.getTime()),
                  sessionId: drawer!.id,
                  kind: 'refund',
                  amount: -cashBack,
                  reason: body.reason,
                  orderId: id,
                  actorUserId: ctx.user.id,
                  createdAt: now,
                },
              ]
            : [],
        ),
        ...(await ledger.postingWrites(tx, businessId, postings)),
        await audit.write(tx, ctx, {
          action: 'pos.order.refunded',
          description: `Refunded ${words} ${how}${approver ? `, approved by ${approver.name}` : ''} (${body.reason})`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'pos_order',
          objectId: id,
          meta: {
            refund_id: refundId,
            amount,
            approved_by: approver?.id ?? null,
            discounts_released: discountsReleased,
            tenders: tenderParts.map((t) => ({ kind: t.kind, amount: t.amount, payment_refund_id: paymentRefunds.get(t.tenderId) ?? null })),
          },
        }),
        ...(approver
          ? [
              await audit.write(tx, ctx, {
                action: 'pos.override.approved',
                description: `${approver.name} approved with their POS PIN a refund of ${words} by ${ctx.user.name}`,
                actorUserId: ctx.user.id,
                subjectUserId: approver.id,
                businessId,
                objectType: 'pos_order',
                objectId: id,
                meta: { refund_id: refundId, approved_by: approver.id, action: 'refund' },
              }),
            ]
          : []),
      ];
      await writeTogether(tx, writes);
      const order = (await readOrder(tx, businessId, id))!;
      await deps.webhooks?.emit(tx, businessId, orderEvent('order.updated', posOrderInput(order, businessId, now)));
      return order;
    });
  }

  return {
    async list(ctx: BusinessContext, query: ListOrdersQuery) {
      const rows = await repo.page(
        mayLag(db),
        ctx.business.row.id,
        filterOf(ctx, query, await callerLocations(db, ctx)),
        query.limit,
        decodeCursor(query.cursor),
      );
      const page = pageFrom(rows, query.limit, (r) => ({ createdAt: r.order.createdAt, id: r.order.id }));
      return { data: page.rows.map(presentSummary), next_cursor: page.nextCursor };
    },

    async exportCsv(ctx: BusinessContext, filters: OrderFilters) {
      const rows = await repo.page(mayLag(db), ctx.business.row.id, filterOf(ctx, filters, await callerLocations(db, ctx)), ORDERS_EXPORT_MAX_ROWS);
      const shown = rows.slice(0, ORDERS_EXPORT_MAX_ROWS).map(presentSummary);
      const csv = ORDERS_CSV.document(
        shown.map((o) => [
          o.number,
          o.created_at,
          o.kind,
          o.status,
          o.location.name,
          o.staff.name,
          o.customer?.name ?? null,
          o.tenders.join(' '),
          minorToMajorString(o.total.amount, o.total.currency),
          minorToMajorString(o.refunded.amount, o.refunded.currency),
          o.total.currency.toUpperCase(),
        ]),
      );
      const date = clock.now().toISOString().slice(0, 10);
      return { csv, filename: `orders-${ctx.business.row.identifier}-${date}.csv`, truncated: rows.length > ORDERS_EXPORT_MAX_ROWS };
    },

    get: (ctx: OrderReader, id: string) => visible(db, ctx, id),

    /**
     * The public API's list (HitPay's numbered Laravel pages, docs/developers.md): the orders the caller sees on the
     * orders screen (a cashier their own, a member limited to locations theirs), newest first, with the total.
     */
    async pageForApi(ctx: OrderReader, filters: OrderFilters, page: number, perPage: number): Promise<{ data: Order[]; total: number }> {
      const businessId = ctx.business.row.id;
      const filter = filterOf(ctx, filters, await callerLocations(db, ctx));
      const total = await repo.count(db, businessId, filter);
      const rows = total > (page - 1) * perPage ? await repo.numberedPage(db, businessId, filter, perPage, (page - 1) * perPage) : [];
      const data: Order[] = [];
      for (const r of rows) data.push((await readOrder(db, businessId, r.order.id))!);
      return { data, total };
    },

    async refund(ctx: BusinessContext, id: string, body: RefundFields): Promise<Order> {
      const businessId = ctx.business.row.id;
      await visible(db, ctx, id);
      let approver: { id: string; name: string } | null = null;
      if (!managesPos(ctx)) {
        if (!body.override) {
          throw new AppError('POS_OVERRIDE_REQUIRED', 'A refund needs a manager’s approval: ask a manager to enter their POS PIN.', [
            { path: 'override', message: 'A manager’s PIN is needed' },
          ]);
        }
        approver = await deps.pins.verifyOverride(ctx, body.override);
      }
      // What goes back and through which tender, checked and reserved under the order's lock before any payment is
      // refunded: the order is marked with a refund under way, so a second refund of it waits for the lock and is
      // refused (docs/pos.md, "One refund at a time"). The card and PayNow parts are then refunded through their
      // payments (each a processor call between two transactions of its own) before the order's transaction.
      const startedAt = clock.now();
      const before = await db.transaction(async (tx) => {
        const plan = await planRefund(tx, businessId, id, body, true);
        const started = plan.row.refundStartedAt;
        if (started && startedAt.getTime() - started.getTime() < REFUND_UNDER_WAY_MS) throw refundUnderWay();
        // Only a cash part leaves the refunder's drawer: a refund wholly to the card or PayNow needs none.
        if (plan.tenders.some((t) => t.kind === 'cash') && !(await drawersRepository.openOf(tx, businessId, ctx.user.id))) throw drawerNotOpen();
        await repo.markRefund(tx, businessId, id, startedAt);
        return plan;
      });
      try {
        return await refundMarked(ctx, id, body, before, approver);
      } catch (error) {
        // The refund did not complete: the order takes another one (what the payments gave back stays on them).
        await repo.markRefund(db, businessId, id, null, startedAt);
        throw error;
      }
    },
    orderForm: (ctx: Pick<BusinessContext, 'business'>) => orderFormOf(db, ctx.business.row.id),

    async saveOrderForm(ctx: BusinessContext, fields: OrderFormSettings): Promise<OrderFormSettings> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        await repo.saveOrderForm(tx, businessId, fields, clock.now());
        await audit.record(tx, ctx, {
          action: 'pos.order_form.saved',
          description: `Changed the register’s order form (customer ${fields.customer}, table number ${fields.table_number}, note ${fields.note})`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'pos_order_form',
          objectId: businessId,
        });
      });
      return fields;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
