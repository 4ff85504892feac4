import { AppError, minorToMajorString, startOfLocalDay } from '@merchant/core';
import {
  STORE_ORDER_EXPORT_COLUMN_LABELS,
  STORE_ORDERS_EXPORT_ROW_LIMIT as STORE_ORDERS_EXPORT_MAX_ROWS,
  nextFulfilment,
  type StoreMailEvent,
  type StoreOrderExportColumn,
  type StoreOrdersExportQuery,
  type CancelStoreOrderBody,
  type FulfilStoreOrderBody,
  type ListStoreOrdersQuery,
  type RefundStoreOrderBody,
  type StoreOrder,
} from '@merchant/catalogue';
import { checkoutUrl } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext, KeyedContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { csvTable } from '@/lib/csv';
import type { Mailer } from '@/mail/mailer';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { PricingModuleService } from '@/modules/catalogue/pricing/pricing.module';
import type { CouponsService } from '@/modules/store/coupons/coupons.service';
import type { ChargesService, PaymentSourceAdapter } from '@/modules/payments/charges/charges.service';
import { orderEvent, storeOrderInput } from '@/modules/payments/developers/webhook-events.presenter';
import type { WebhooksService } from '@/modules/payments/developers/webhooks.service';
import { merchantMail, orderMail, type OrderMailKind } from './store-mail';
import { storeRepository as repo, type StoreOrderPatch, type StoreOrderRow } from './store.repository';

/** An unpaid order gives back the stock it holds after this long (the checkout's confirm deadline is well within it). */
export const UNPAID_ORDER_HOLD_MS = 2 * 60 * 60_000;

/** A business row's storefront: its shop host, or its custom domain once verified. */
const shopOf = (row: { identifier: string; customDomain: string | null; customDomainVerified: boolean }) => ({
  identifier: row.identifier,
  domain: row.customDomain && row.customDomainVerified ? row.customDomain : null,
});

const notFound = () => new AppError('STORE_ORDER_NOT_FOUND', 'This order does not exist.');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The export's number columns (amounts in major units, counts): written as numbers a spreadsheet sums. */
const NUMBER_COLUMNS: readonly StoreOrderExportColumn[] = ['items', 'subtotal', 'discount', 'shipping', 'tax', 'total', 'refunded'];

function exportCell(column: StoreOrderExportColumn, r: StoreOrderRow): string | null {
  const major = (amount: number) => minorToMajorString(amount, r.currency);
  switch (column) {
    case 'reference':
      return r.reference;
    case 'placed':
      return r.createdAt.toISOString();
    case 'status':
      return r.status;
    case 'fulfilment':
      return r.fulfilment;
    case 'delivery':
      return r.deliveryMethod;
    case 'customer':
      return r.customerName;
    case 'email':
      return r.customerEmail;
    case 'phone':
      return r.customerPhone;
    case 'note':
      return r.note;
    case 'items':
      return String(r.lines.reduce((n, l) => n + l.quantity, 0));
    case 'subtotal':
      return major(r.subtotal);
    case 'discount':
      return major(r.discount);
    case 'shipping':
      return major(r.shipping);
    case 'tax':
      return major(r.tax);
    case 'total':
      return major(r.total);
    case 'refunded':
      return major(r.refundedAmount);
    case 'currency':
      return r.currency.toUpperCase();
    case 'carrier':
      return r.carrier;
    case 'tracking_number':
      return r.trackingNumber;
  }
}

/** Which store setting's mail event an order mail is (the others are always sent to the customer). */
const MAIL_EVENT: Partial<Record<OrderMailKind, StoreMailEvent>> = {
  paid: 'order_placed',
  shipped: 'shipped',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

/**
 * Store orders (docs/online-store.md, "Store orders"): the order as a source of checkout payments (paid in the
 * payment's transaction, once), the dashboard's list, detail, fulfilment, refunds, cancel with restock and export,
 * each step mailed to the customer through the outbox in its transaction.
 */
export function createStoreOrdersService(deps: {
  db: Executor;
  clock: Clock;
  mailer: Mailer;
  audit: AuditService;
  charges: ChargesService;
  catalogue: Pick<CatalogueService, 'stock'>;
  coupons: Pick<CouponsService, 'releaseCoupon'>;
  pricing: Pick<PricingModuleService, 'releaseDiscounts'>;
  checkoutOrigin: string;
  /** The storefront's address: its verified custom domain, else its shop host. */
  storeOrigin: (business: { identifier: string; domain: string | null }) => string;
  /** The dashboard's address (the staff's order mails link to the order). */
  dashboardOrigin: string;
  /** Who hears of store orders (notification settings, "New order"), read in the step's transaction. */
  recipients: (businessId: string, event: 'new_order', executor: Executor) => Promise<string[]>;
  /** After a change of stock (a cancel's restock): the storefront's products are purged. */
  onStockChanged: (businessId: string) => Promise<void>;
  /** `order.updated` to the business's webhooks, in the change's transaction (the outbox rule). */
  webhooks?: Pick<WebhooksService, 'emit'> | undefined;
}) {
  const { db, clock, mailer, charges } = deps;

  /** Every change of an order (paid, refunded, fulfilled, cancelled) tells the webhooks in its transaction. */
  async function changeOrder(tx: Executor, businessId: string, id: string, patch: StoreOrderPatch): Promise<StoreOrderRow> {
    const row = await repo.updateOrder(tx, businessId, id, patch);
    await deps.webhooks?.emit(tx, businessId, orderEvent('order.updated', storeOrderInput(row)));
    return row;
  }
  const statusUrl = (business: { identifier: string; domain: string | null }, order: { token: string }) =>
    `${deps.storeOrigin(business)}/orders/${order.token}`;

  /**
   * A cancelled order gives back the uses it took: its coupon's and its usage-limited discounts' (each once: the
   * order's redemption rows are deleted by the transaction that gives them back).
   */
  async function releaseUses(tx: Executor, businessId: string, orderId: string): Promise<{ coupon: boolean; discounts: string[] }> {
    const { released } = await deps.coupons.releaseCoupon(tx, businessId, orderId);
    const discounts = await deps.pricing.releaseDiscounts(tx, businessId, { type: 'store_order', id: orderId });
    return { coupon: released, discounts };
  }

  /**
   * The order's mail of a step, in the step's transaction: to the customer unless the store settings turned that
   * event off, and to the staff who hear of store orders (the "New order" notification's recipients) when the
   * settings ask for it. Packed for pickup is the "ready for pickup" event.
   */
  async function mail(tx: Executor, kind: OrderMailKind, order: StoreOrderRow, extra?: { amount?: number }): Promise<void> {
    const business = await repo.businessById(tx, order.businessId);
    if (!business) return;
    const event = kind === 'packed' && order.deliveryMethod === 'pickup' ? 'ready_for_pickup' : MAIL_EVENT[kind];
    const store = { name: business.settings.store_name ?? business.name };
    const message = orderMail(kind, order, store, statusUrl(business, order), extra);
    if (!event || business.settings.customer_mails.includes(event)) await mailer.send(tx, message);
    if (event && business.settings.merchant_mails.includes(event)) {
      const to = await deps.recipients(order.businessId, 'new_order', tx);
      for (const address of to) {
        await mailer.send(
          tx,
          merchantMail(event, order, store, `${deps.dashboardOrigin}/business/${order.businessId}/online-store/orders/${order.id}`, address),
        );
      }
    }
  }

  function present(shop: { identifier: string; domain: string | null }, row: StoreOrderRow): StoreOrder {
    const m = (amount: number) => ({ amount, currency: row.currency });
    return {
      id: row.id,
      reference: row.reference,
      status: row.status,
      fulfilment: row.fulfilment,
      delivery_method: row.deliveryMethod,
      customer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
      note: row.note,
      shipping_address: row.shippingAddress,
      delivery_choice: row.deliveryChoice ?? null,
      lines: row.lines.map((l) => ({
        id: l.id,
        product_id: l.product_id,
        variant_id: l.variant_id,
        name: l.name,
        variant: l.variant,
        quantity: l.quantity,
        unit_price: m(l.unit_price),
        add_ons: l.add_ons.map((a) => ({ name: a.name, price: m(a.price) })),
        total: m(l.total),
      })),
      subtotal: m(row.subtotal),
      discount: m(row.discount),
      shipping: m(row.shipping),
      tax: m(row.tax),
      total: m(row.total),
      refunded: m(row.refundedAmount),
      coupon_code: row.couponCode,
      carrier: row.carrier,
      tracking_number: row.trackingNumber,
      cancel_reason: row.cancelReason,
      payment_id: row.paymentPublicId,
      status_url: statusUrl(shop, row),
      next_fulfilment: row.status === 'paid' ? nextFulfilment(row.deliveryMethod, row.fulfilment) : [],
      created_at: row.createdAt.toISOString(),
      paid_at: iso(row.paidAt),
      packed_at: iso(row.packedAt),
      shipped_at: iso(row.shippedAt),
      delivered_at: iso(row.deliveredAt),
      cancelled_at: iso(row.cancelledAt),
    };
  }

  async function found(businessId: string, id: string, tx: Executor = db, lock = false): Promise<StoreOrderRow> {
    const row = await repo.order(tx, businessId, id, lock);
    if (!row) throw notFound();
    return row;
  }

  /** Puts an order's tracked units back on the stock of its location. */
  async function restock(tx: Executor, order: StoreOrderRow, actorUserId: string | null): Promise<boolean> {
    const lines = order.lines.filter((l) => l.stocked).map((l) => ({ variantId: l.variant_id, locationId: order.locationId, quantity: l.quantity }));
    if (lines.length === 0) return false;
    await deps.catalogue.stock.restock(tx, order.businessId, lines, { actorUserId, note: `Order ${order.reference} cancelled` });
    return true;
  }

  const paymentSource: PaymentSourceAdapter = {
    type: 'store_order',
    async lockForPayment(tx, businessId, sourceId, _now, amount, inFlight) {
      const order = await repo.order(tx, businessId, sourceId, true);
      if (!order) return 'This order no longer exists.';
      if (order.status === 'paid') return 'This order has been paid already.';
      if (order.status === 'cancelled') return 'This order was cancelled. Place it again from the store.';
      if (amount !== order.total) return 'This order changed. Go back to the order and pay again.';
      if ((await inFlight()) > 0) return 'Another payment of this order is being processed. Try again in a moment.';
      return null;
    },
    /** Paid once: a repeated notice of the same success (or of another payment) changes nothing and mails nobody. */
    async paymentSucceeded(tx, businessId, sourceId, payment) {
      const order = await repo.order(tx, businessId, sourceId, true);
      if (!order || order.status === 'paid') return;
      const now = clock.now();
      const paid = await changeOrder(tx, businessId, sourceId, {
        status: 'paid',
        paidAt: now,
        paymentId: payment.id,
        paymentPublicId: payment.publicId,
        // An order its hold ran out on (cancelled, stock given back) that is paid after all is paid; its units are not
        // taken again (the merchant sees it paid and cancelled-then-paid in the log).
        cancelledAt: null,
        cancelReason: null,
        updatedAt: now,
      });
      await mail(tx, 'paid', paid);
    },
    async paymentRefunded(tx, businessId, sourceId, payment, refund) {
      const order = await repo.order(tx, businessId, sourceId, true);
      if (!order) return;
      const updated = await changeOrder(tx, businessId, sourceId, { refundedAmount: payment.refundedAmount, updatedAt: clock.now() });
      await mail(tx, 'refunded', updated, { amount: refund.amount });
    },
    async checkoutPage(executor, businessId, sourceId) {
      const order = await repo.order(executor, businessId, sourceId);
      const business = order && (await repo.businessById(executor, businessId));
      if (!order || !business) return null;
      const url = statusUrl(business, order);
      return { publicId: order.token, redirectUrl: url, backUrl: url };
    },
  };

  return {
    paymentSource,

    /** Starts a payment of an unpaid order on the hosted checkout and answers its page's URL. */
    async startPayment(order: StoreOrderRow): Promise<string> {
      const payment = await charges.start({
        businessId: order.businessId,
        source: { type: 'store_order', id: order.id },
        amount: order.total,
        currency: order.currency,
        customer: { name: order.customerName, email: order.customerEmail },
        reference: order.reference,
        description: `Online store order ${order.reference}`,
      });
      return checkoutUrl(deps.checkoutOrigin, 'payment', payment.publicId);
    },

    byToken: (token: string) => repo.orderByToken(db, token),

    /** Gives back the stock of an order that could not start its payment (the store cannot take payments now). */
    async releaseUnstarted(order: StoreOrderRow, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.order(tx, order.businessId, order.id, true);
        if (!row || row.status !== 'pending_payment') return;
        await changeOrder(tx, order.businessId, order.id, { status: 'cancelled', cancelReason: reason, cancelledAt: clock.now(), updatedAt: clock.now() });
        await releaseUses(tx, order.businessId, order.id);
        await restock(tx, row, null);
      });
      await deps.onStockChanged(order.businessId);
    },

    /** Unpaid orders placed more than the hold ago are cancelled and give their stock back (a schedule). */
    async releaseExpired(): Promise<number> {
      const due = await repo.unpaidBefore(db, new Date(clock.now().getTime() - UNPAID_ORDER_HOLD_MS), 100);
      let released = 0;
      for (const { businessId, id } of due) {
        const changed = await db.transaction(async (tx) => {
          const row = await repo.order(tx, businessId, id, true);
          if (!row || row.status !== 'pending_payment') return false;
          const now = clock.now();
          await changeOrder(tx, businessId, id, { status: 'cancelled', cancelReason: 'Not paid in time', cancelledAt: now, updatedAt: now });
          await releaseUses(tx, businessId, id);
          return restock(tx, row, null);
        });
        if (changed) await deps.onStockChanged(businessId);
        released++;
      }
      return released;
    },

    async list(ctx: BusinessContext, query: ListStoreOrdersQuery): Promise<{ data: StoreOrder[]; next_cursor: string | null }> {
      const cursor = decodeCursor(query.cursor);
      const rows = await repo.page(db, ctx.business.row.id, query, query.limit, cursor);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map((r) => present(shopOf(ctx.business.row), r)),
        next_cursor: rows.length > query.limit && last ? Buffer.from(JSON.stringify([last.createdAt.toISOString(), last.id])).toString('base64url') : null,
      };
    },

    async get(ctx: BusinessContext, id: string): Promise<StoreOrder> {
      return present(shopOf(ctx.business.row), await found(ctx.business.row.id, id));
    },

    /** The filtered orders of a period (the business's days, both included) with the chosen columns, as CSV. */
    async exportCsv(ctx: BusinessContext, query: StoreOrdersExportQuery) {
      const zone = ctx.business.row.timeZone;
      const filters = {
        ...(query.q ? { q: query.q } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.fulfilment ? { fulfilment: query.fulfilment } : {}),
        ...(query.from ? { since: startOfLocalDay(query.from, zone) } : {}),
        ...(query.to ? { until: startOfLocalDay(query.to, zone, 1) } : {}),
      };
      const rows = await repo.page(db, ctx.business.row.id, filters, STORE_ORDERS_EXPORT_MAX_ROWS);
      const columns = query.columns;
      const table = csvTable(
        columns.map((c) => STORE_ORDER_EXPORT_COLUMN_LABELS[c]),
        columns.filter((c) => NUMBER_COLUMNS.includes(c)).map((c) => STORE_ORDER_EXPORT_COLUMN_LABELS[c]),
      );
      const lines = rows.slice(0, STORE_ORDERS_EXPORT_MAX_ROWS).map((r) => columns.map((c) => exportCell(c, r)));
      const date = clock.now().toISOString().slice(0, 10);
      return {
        csv: table.document(lines),
        filename: `store-orders-${ctx.business.row.identifier}-${date}.csv`,
        truncated: rows.length > STORE_ORDERS_EXPORT_MAX_ROWS,
      };
    },

    /** The next fulfilment step of a paid order; any other step is refused (409) and says which are possible. */
    async fulfil(ctx: BusinessContext, id: string, body: FulfilStoreOrderBody): Promise<StoreOrder> {
      const businessId = ctx.business.row.id;
      const row = await db.transaction(async (tx) => {
        const order = await found(businessId, id, tx, true);
        if (order.status !== 'paid')
          throw new AppError('STORE_ORDER_STATE', order.status === 'cancelled' ? 'This order was cancelled.' : 'This order is not paid yet.');
        const allowed = nextFulfilment(order.deliveryMethod, order.fulfilment);
        if (!allowed.includes(body.step)) {
          throw new AppError(
            'STORE_ORDER_STATE',
            allowed.length === 0 ? 'This order is fulfilled already.' : `This order can be marked ${allowed.map((s) => s.replace('_', ' ')).join(' or ')} now.`,
          );
        }
        const now = clock.now();
        const patch: StoreOrderPatch = { fulfilment: body.step, updatedAt: now };
        if (body.step === 'packed') patch.packedAt = now;
        if (body.step === 'shipped') Object.assign(patch, { shippedAt: now, carrier: body.carrier, trackingNumber: body.tracking_number });
        if (body.step === 'delivered' || body.step === 'picked_up') patch.deliveredAt = now;
        const updated = await changeOrder(tx, businessId, id, patch);
        await deps.audit.record(tx, ctx, {
          action: 'store_order.fulfilled',
          description: `Marked order ${order.reference} ${body.step.replace('_', ' ')}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'store_order',
          objectId: id,
          meta: { step: body.step, ...(body.tracking_number ? { carrier: body.carrier, tracking_number: body.tracking_number } : {}) },
        });
        await mail(tx, body.step, updated);
        return updated;
      });
      return present(shopOf(ctx.business.row), row);
    },

    /** Part or all of a paid order back to the customer, through its payment's refund (which records it on the order). */
    async refund(ctx: BusinessContext & KeyedContext, id: string, body: RefundStoreOrderBody): Promise<StoreOrder> {
      const order = await found(ctx.business.row.id, id);
      if (order.status !== 'paid' || !order.paymentId) throw new AppError('STORE_ORDER_STATE', 'Only a paid order can be refunded.');
      let answer: StoreOrder | undefined;
      await charges.refund(
        ctx,
        order.paymentId,
        { amount: body.amount, reason: 'requested_by_customer', ...(body.reason ? { note: body.reason } : {}) },
        async (tx) => {
          // The refund's outcome has recorded it on the order (the source's hook, same transaction): that is the answer.
          answer = present(shopOf(ctx.business.row), await found(ctx.business.row.id, id, tx));
          await ctx.idempotency?.answerIn(tx, answer);
        },
      );
      return answer ?? present(shopOf(ctx.business.row), await found(ctx.business.row.id, id));
    },

    /**
     * Cancels an order not yet shipped or picked up: what is left of its payment is refunded first (when asked), then, in
     * one transaction, the order is cancelled, its units go back on stock (when asked) and the customer is mailed.
     */
    async cancel(ctx: BusinessContext & KeyedContext, id: string, body: CancelStoreOrderBody): Promise<StoreOrder> {
      const businessId = ctx.business.row.id;
      const check = (order: StoreOrderRow) => {
        if (order.status === 'cancelled') throw new AppError('STORE_ORDER_STATE', 'This order is cancelled already.');
        if (['shipped', 'delivered', 'picked_up'].includes(order.fulfilment)) {
          throw new AppError('STORE_ORDER_STATE', 'This order has left the store: refund it instead.');
        }
      };
      const before = await found(businessId, id);
      check(before);
      const left = before.total - before.refundedAmount;
      if (body.refund && before.status === 'paid' && before.paymentId && left > 0) {
        await charges.refund(ctx, before.paymentId, { amount: left, reason: 'requested_by_customer', note: `Order ${before.reference} cancelled` });
      }
      let restocked = false;
      const row = await db.transaction(async (tx) => {
        const order = await found(businessId, id, tx, true);
        check(order);
        const now = clock.now();
        const updated = await changeOrder(tx, businessId, id, { status: 'cancelled', cancelReason: body.reason, cancelledAt: now, updatedAt: now });
        const released = await releaseUses(tx, businessId, id);
        if (body.restock) restocked = await restock(tx, order, ctx.user.id);
        await deps.audit.record(tx, ctx, {
          action: 'store_order.cancelled',
          description: `Cancelled order ${order.reference}: ${body.reason}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'store_order',
          objectId: id,
          meta: { restock: body.restock, refunded: updated.refundedAmount, coupon_released: released.coupon, discounts_released: released.discounts },
        });
        await mail(tx, 'cancelled', updated);
        await ctx.idempotency?.answerIn(tx, present(shopOf(ctx.business.row), updated));
        return updated;
      });
      if (restocked) await deps.onStockChanged(businessId);
      return present(shopOf(ctx.business.row), row);
    },
  };
}

export type StoreOrdersService = ReturnType<typeof createStoreOrdersService>;

function decodeCursor(cursor: string | undefined): { key: Date; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const key = new Date(at);
    return Number.isNaN(key.getTime()) || typeof id !== 'string' ? undefined : { key, id };
  } catch {
    return undefined;
  }
}
