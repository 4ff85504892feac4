import { AppError, fieldError, formatMoneyWithCode, priceOrder, type ApiIssue, type OrderInput, type OrderLine, type PricedOrder } from '@merchant/core';
import {
  DEFAULT_ORDER_FORM,
  cashierDiscounts,
  type CashierDiscount,
  type CreateSaleFields,
  type Order,
  type OrderFormSettings,
  type PricingContext,
} from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { writeTogether } from '@/db/write-together';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId, sha256 } from '@/lib/crypto';
import { saleItems } from '@/modules/catalogue/products/sale-items.read-model';
import type { StockService } from '@/modules/catalogue/products/stock.service';
import type { ChargesService } from '@/modules/payments/charges/charges.service';
import type { CustomersService } from '@/modules/payments/customers/customers.service';
import type { LedgerPosting, LedgerService } from '@/modules/payments/ledger/ledger.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { drawerNotOpen } from './drawers.service';
import { assertLocationsAllowed } from '@/modules/location-scope';
import { drawersRepository } from './drawers.repository';
import { devicesRepository } from './devices.repository';
import { orderEvent, posOrderInput } from '@/modules/payments/developers/webhook-events.presenter';
import type { WebhooksService } from '@/modules/payments/developers/webhooks.service';
import { draftAlreadyPaid } from './draft-orders.service';
import { draftOrdersRepository } from './draft-orders.repository';
import { presentOrder, readOrder, readOrderRows } from './order-view';
import { ordersRepository as repo, type LineInsert, type TenderInsert } from './orders.repository';
import type { PricingModuleService } from '@/modules/catalogue/pricing/pricing.module';
import type { LocationsService } from '@/modules/catalogue/products/locations.service';

/** How far ahead of the server's clock a register's clock may run. */
const CLOCK_DRIFT_MS = 5 * 60_000;

const keyReused = () =>
  new AppError('POS_SALE_KEY_REUSED', 'This idempotency key was already used for a different sale: use a new key.', [
    { path: 'idempotency_key', message: 'Already used for a different sale' },
  ]);
const invalid = (issues: ApiIssue[]) => new AppError('VALIDATION_FAILED', issues[0]!.message, issues);

/** The payments (card and PayNow) the sale's tenders name. */
const paymentIdsOf = (body: CreateSaleFields) => body.tenders.flatMap((t) => (t.kind === 'cash' ? [] : [t.payment_id]));

/** Thrown inside the sale's transaction when a concurrent sale with the same key committed first: the caller answers that one. */
class KeyTaken extends Error {}

/**
 * What each line of the sale stands for, surcharges included (what a refund of the line gives back): its total, its
 * parts of the surcharges before tax, and the surcharges' tax spread in proportion to those (largest remainder), so
 * the lines add up to the order's total exactly.
 */
function lineTotalsWithSurcharges(priced: PricedOrder): number[] {
  const totals = priced.lines.map((l) => l.total);
  const index = new Map(priced.lines.map((l, i) => [l.id, i]));
  for (const surcharge of priced.surcharges) for (const part of surcharge.parts) totals[index.get(part.lineId)!]! += part.amount;
  const tax = priced.surcharges.reduce((sum, s) => sum + s.tax, 0);
  const weight = totals.reduce((sum, x) => sum + x, 0);
  if (tax === 0 || weight === 0) return totals;
  const exact = totals.map((x) => (x * tax) / weight);
  const shares = exact.map(Math.floor);
  let left = tax - shares.reduce((sum, x) => sum + x, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return totals.map((x, i) => x + shares[i]!);
}

/** A sale's line as the register sends it, with the catalogue's price and add-ons already read. */
interface PricingLine {
  id: string;
  productId: string | null;
  categoryId: string | null;
  unitPrice: number;
  quantity: number;
  addOns: { id: string | null; name: string; price: number }[];
  discount: CashierDiscount | null;
}

const orderLineOf = (l: PricingLine): OrderLine => ({
  id: l.id,
  productId: l.productId,
  categoryId: l.categoryId,
  unitPrice: l.unitPrice,
  quantity: l.quantity,
  addOns: l.addOns.map((a) => ({ ...(a.id ? { id: a.id } : {}), name: a.name, price: a.price })),
  taxIds: [],
});

/** The fields the order form asks for, as its settings say. */
export const orderFormOf = async (db: Executor, businessId: string): Promise<OrderFormSettings> => (await repo.orderForm(db, businessId)) ?? DEFAULT_ORDER_FORM;

/**
 * Register sales (docs/pos.md). The sale is priced on the server (`pricing.prepareOrder` with the cashier's discounts ->
 * `priceOrder`; a quick sale: its amount and the cashier's discounts only), its tenders must
 * add up to its total, and in one transaction it takes its number, claims its idempotency key, takes tracked stock
 * off at its location, writes its lines and tenders, the cash into the seller's drawer, the ledger posting of the
 * cash and the audit entry. A replay of the key answers the first sale.
 */
export function createSalesService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  ledger: LedgerService;
  stock: Pick<StockService, 'takeOff'>;
  charges: Pick<ChargesService, 'byId'>;
  customers: Pick<CustomersService, 'get'>;
  pricing: Pick<PricingModuleService, 'prepareOrder' | 'redeemDiscounts' | 'loadPricingContext'>;
  locations: Pick<LocationsService, 'getIn'>;
  /** `order.created` to the business's webhooks, in the sale's transaction (the outbox rule). */
  webhooks?: Pick<WebhooksService, 'emitLater'> | undefined;
}) {
  const { db, clock, audit, ledger } = deps;

  async function replayOf(businessId: string, key: string, hash: string): Promise<Order | null> {
    const existing = await repo.byKey(db, businessId, key);
    if (!existing) return null;
    if (existing.requestHash !== hash) throw keyReused();
    return readOrder(db, businessId, existing.id);
  }

  /** Field errors of the order form's required fields, of a customer that is not the business's and of card tenders. */
  async function checkBeforeSale(ctx: BusinessContext, body: CreateSaleFields, form: OrderFormSettings): Promise<ApiIssue[]> {
    const businessId = ctx.business.row.id;
    const issues: ApiIssue[] = [];
    if (form.customer === 'required' && !body.customer_id) issues.push({ path: 'customer_id', message: 'Choose the customer' });
    if (form.table_number === 'required' && !body.table_number) issues.push({ path: 'table_number', message: 'Enter the table number' });
    if (form.note === 'required' && !body.note) issues.push({ path: 'note', message: 'Enter a note' });
    if (body.customer_id) {
      const found = await deps.customers.get(businessId, body.customer_id).catch(() => null);
      if (!found) issues.push({ path: 'customer_id', message: 'Choose a customer from the list' });
    }
    for (const [i, tender] of body.tenders.entries()) {
      if (tender.kind === 'cash') continue;
      // A card tender names a reader's card payment; a PayNow tender the register's QR payment, paid.
      const payment = await deps.charges.byId(businessId, tender.payment_id);
      const what = tender.kind === 'card' ? 'card' : 'PayNow';
      const method = tender.kind === 'card' ? 'card' : 'paynow';
      if (!payment || payment.status !== 'succeeded' || payment.method !== method || payment.sourceType !== 'pos')
        issues.push({ path: `tenders.${i}.payment_id`, message: `Name a succeeded ${what} payment of this business` });
      else if (payment.amount !== tender.amount || payment.currency !== ctx.business.row.currency)
        issues.push({ path: `tenders.${i}.amount`, message: `The ${what} payment was for ${formatMoneyWithCode(payment.amount, payment.currency)}` });
    }
    const paid = paymentIdsOf(body);
    if (new Set(paid).size !== paid.length) issues.push({ path: 'tenders', message: 'A payment pays one tender' });
    return issues;
  }

  /**
   * Whether a sale taken offline came from a device allowed to sell offline then (docs/pos.md, "Offline allowance"):
   * a device of the business whose allowance is on, or was switched off only after the sale was taken. A time to come
   * (beyond a few minutes of clock drift) is a field error.
   */
  async function offlineStanding(tx: Executor, businessId: string, offline: { device_id: string; taken_at: string }, now: Date) {
    const takenAt = new Date(offline.taken_at);
    if (takenAt.getTime() > now.getTime() + CLOCK_DRIFT_MS) throw fieldError('VALIDATION_FAILED', 'offline.taken_at', 'The sale cannot be taken in the future');
    const device = await devicesRepository.find(tx, businessId, offline.device_id);
    const allowed = device !== null && (device.offlineAllowed || (device.offlineChangedAt !== null && device.offlineChangedAt > takenAt));
    return { deviceId: offline.device_id, deviceName: device?.name ?? null, takenAt, allowed };
  }

  /** Marks the draft paid by the sale (in its transaction); else why not: gone or another location's (422), paid (409). */
  async function payDraft(tx: Executor, businessId: string, draftId: string, paid: { orderId: string; locationId: string; at: Date }): Promise<number> {
    const number = await draftOrdersRepository.markPaid(tx, businessId, draftId, paid);
    if (number !== null) return number;
    const draft = await draftOrdersRepository.lock(tx, businessId, draftId);
    if (draft?.paidOrderId) throw draftAlreadyPaid(draft.number);
    throw fieldError('VALIDATION_FAILED', 'draft_id', draft ? 'This draft order is kept for another location' : 'Choose a draft order from the list');
  }

  /** The sale in its transaction; `form` is the order form as `checkBeforeSale` read it (read once per sale). */
  async function sell(ctx: BusinessContext, body: CreateSaleFields, hash: string, form: OrderFormSettings): Promise<Order> {
    const businessId = ctx.business.row.id;
    const currency = ctx.business.row.currency;
    return db.transaction(async (tx) => {
      const drawer = await drawersRepository.openOf(tx, businessId, ctx.user.id, true);
      if (!drawer) throw drawerNotOpen();
      if (drawer.locationId !== body.location_id) throw fieldError('VALIDATION_FAILED', 'location_id', 'Sell at the location of your open drawer');
      // A member limited to locations sells only at theirs (their drawer may have been opened before the limit).
      await assertLocationsAllowed(tx, ctx, [drawer.locationId]);

      // The lines from the catalogue's prices (or the quick sale's amount), then priced.
      const items = await saleItems(
        tx,
        businessId,
        body.lines.map((l) => l.variant_id),
      );
      const issues: ApiIssue[] = [];
      const pricing: (PricingLine & { name: string; variantId: string | null })[] = body.quick_sale
        ? [
            {
              id: 'l1',
              productId: null,
              categoryId: null,
              unitPrice: body.quick_sale.amount,
              quantity: 1,
              addOns: [],
              discount: null,
              name: body.quick_sale.description,
              variantId: null,
            },
          ]
        : body.lines.map((line, i) => {
            const item = items.get(line.variant_id);
            if (!item || item.status !== 'active' || !item.channels.includes('pos') || item.currency !== currency) {
              issues.push({ path: `lines.${i}.variant_id`, message: 'Choose a product the register sells' });
            }
            const addOns = line.add_on_ids.flatMap((id, j) => {
              const choice = item?.addOns.get(id);
              if (!choice) issues.push({ path: `lines.${i}.add_on_ids.${j}`, message: 'Choose an add-on this product offers' });
              return choice ? [choice] : [];
            });
            return {
              id: `l${i + 1}`,
              productId: item?.productId ?? null,
              categoryId: item?.categoryId ?? null,
              unitPrice: item?.price ?? 0,
              quantity: line.quantity,
              addOns,
              discount: line.discount ?? null,
              name: item?.name ?? '',
              variantId: line.variant_id,
            };
          });
      if (issues.length > 0) throw invalid(issues);
      // The catalogue's taxes, surcharges (the card surcharge only when a card pays) and automatic discounts at the
      // drawer's location, then the cashier's; a quick sale is its amount and the cashier's discounts only.
      const extraDiscounts = cashierDiscounts(pricing, body.order_discount ?? null);
      const input: OrderInput = body.quick_sale
        ? { currency, settings: { pricesIncludeTax: false, rounding: 'line' }, lines: pricing.map(orderLineOf), discounts: extraDiscounts }
        : await deps.pricing.prepareOrder(tx, businessId, {
            channel: 'pos',
            locationId: drawer.locationId,
            at: clock.now(),
            currency,
            lines: pricing.map(orderLineOf),
            extraDiscounts,
            surchargeKinds: body.tenders.some((t) => t.kind === 'card') ? ['service_charge', 'card_surcharge'] : ['service_charge'],
          });
      const priced = priceOrder(input);
      const total = priced.total + body.tip;
      const paid = body.tenders.reduce((sum, t) => sum + t.amount, 0);
      if (paid !== total) {
        throw fieldError(
          'VALIDATION_FAILED',
          'tenders',
          `The tenders come to ${formatMoneyWithCode(paid, currency)}; the total is ${formatMoneyWithCode(total, currency)}`,
        );
      }

      const now = clock.now();
      const offline = body.offline ? await offlineStanding(tx, businessId, body.offline, now) : null;
      const id = newTimeOrderedId(now.getTime());
      // The draft it pays is paid with it, once: a second sale of it (another register at once) waits on its row, then
      // finds it paid and rolls back with a 409 (docs/pos.md, "Draft orders on the register").
      const draftNumber = body.draft_id ? await payDraft(tx, businessId, body.draft_id, { orderId: id, locationId: drawer.locationId, at: now }) : null;
      await deps.pricing.redeemDiscounts(tx, businessId, priced, { type: 'pos_order', id });

      // A payment pays one order (the tenders' partial unique index holds it against a race too).
      if ((await repo.attachedPayments(tx, businessId, paymentIdsOf(body))).length > 0)
        throw fieldError('VALIDATION_FAILED', 'tenders', 'This payment already pays another order');
      const stocked = pricing.flatMap((l) => (l.variantId ? [{ variantId: l.variantId, locationId: drawer.locationId, quantity: l.quantity }] : []));
      const stock = await deps.stock.takeOff(tx, businessId, stocked, { actorUserId: ctx.user.id }, items);

      // The order without its number (taken last, below). A retry racing the first sale with its key meets the unique
      // index here and rolls all of this back.
      const claimed = await repo.claim(tx, {
        businessId,
        id,
        number: null,
        idempotencyKey: body.idempotency_key,
        requestHash: hash,
        kind: body.quick_sale ? 'quick_sale' : 'sale',
        sessionId: drawer.id,
        locationId: drawer.locationId,
        staffId: ctx.user.id,
        customerId: form.customer === 'off' ? null : (body.customer_id ?? null),
        tableNumber: form.table_number === 'off' ? null : body.table_number,
        note: form.note === 'off' ? null : body.note,
        description: body.quick_sale?.description ?? null,
        currency,
        subtotal: priced.subtotal,
        discount: priced.discount,
        tax: priced.tax,
        tip: body.tip,
        total,
        discounts: priced.discounts.filter((d) => d.applied).map((d) => ({ id: d.id, name: d.name, amount: d.amount })),
        taxes: priced.taxes.map((t) => ({ id: t.id, name: t.name, rate: t.rate, amount: t.amount })),
        tenderKinds: [...new Set(body.tenders.map((t) => t.kind))],
        offlineDeviceId: offline?.deviceId ?? null,
        offlineTakenAt: offline?.takenAt ?? null,
        offlineAllowed: offline?.allowed ?? null,
        createdAt: now,
      });
      if (!claimed) throw new KeyTaken();

      const lineTotals = lineTotalsWithSurcharges(priced);
      const lines: LineInsert[] = priced.lines.map((l, i) => ({
        businessId,
        orderId: id,
        lineId: l.id,
        position: i,
        productId: pricing[i]!.productId,
        variantId: pricing[i]!.variantId,
        name: pricing[i]!.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        addOns: pricing[i]!.addOns.map((a) => ({ id: a.id, name: a.name, price: a.price })),
        gross: l.gross,
        discount: l.discount,
        tax: l.tax,
        total: lineTotals[i]!,
      }));
      const tenders: TenderInsert[] = body.tenders.map((t) => ({
        businessId,
        id: newTimeOrderedId(now.getTime()),
        orderId: id,
        kind: t.kind,
        amount: t.amount,
        tendered: t.kind === 'cash' ? (t.tendered ?? t.amount) : null,
        change: t.kind === 'cash' ? (t.tendered ?? t.amount) - t.amount : null,
        paymentId: t.kind === 'cash' ? null : t.payment_id,
      }));
      const cash = body.tenders.reduce((sum, t) => sum + (t.kind === 'cash' ? t.amount : 0), 0);
      await writeTogether(tx, [
        ...stock.writes,
        ...repo.lineWrites(tx, lines),
        ...repo.tenderWrites(tx, tenders),
        ...drawersRepository.movementWrite(
          tx,
          cash > 0
            ? [
                {
                  businessId,
                  id: newTimeOrderedId(now.getTime()),
                  sessionId: drawer.id,
                  kind: 'sale',
                  amount: cash,
                  reason: null,
                  orderId: id,
                  actorUserId: ctx.user.id,
                  createdAt: now,
                },
              ]
            : [],
        ),
      ]);
      const rows = (await readOrderRows(tx, businessId, id, { made: true }))!;
      const eventWrites = deps.webhooks
        ? await deps.webhooks.emitLater(tx, businessId, { type: 'order.created', objectType: 'order', objectId: id })
        : () => [];

      // The number last: the business's counter row stays locked until commit, so the business's sales take turns on
      // it only over this statement, the one after it and the commit (docs/pos.md, "Numbers"). What names the number
      // (the ledger's and the audit log's descriptions, the webhook event) is written with it.
      const number = await repo.takeNumber(tx, businessId, id);
      const order = presentOrder(rows, number);
      const postings: LedgerPosting[] =
        cash > 0
          ? [
              {
                kind: 'pos_sale',
                reference: { type: 'pos_order', id },
                description: `Register sale #${number} (cash)`,
                entries: [
                  { account: 'customer_funds', currency, amount: -cash },
                  { account: 'cash_in_drawers', currency, amount: cash },
                ],
              },
            ]
          : [];
      await writeTogether(tx, [
        ...(await ledger.postingWrites(tx, businessId, postings)),
        await audit.write(tx, ctx, {
          action: 'pos.order.created',
          description: `Sold order #${number} for ${formatMoneyWithCode(total, currency)}${draftNumber !== null ? `, paying draft order #${draftNumber}` : ''}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'pos_order',
          objectId: id,
          ...(body.draft_id && { meta: { draft_id: body.draft_id } }),
        }),
        // Taken offline on a device not allowed to: recorded (the cash was taken), and flagged for a manager.
        ...(offline && !offline.allowed
          ? [
              await audit.write(tx, ctx, {
                action: 'pos.order.offline_unallowed',
                description: `Order #${number} was taken offline on ${offline.deviceName ? `the register device “${offline.deviceName}”` : 'a register device the business does not know'}, which was not allowed to sell offline`,
                actorUserId: ctx.user.id,
                businessId,
                objectType: 'pos_order',
                objectId: id,
                meta: { device_id: offline.deviceId, taken_at: offline.takenAt.toISOString(), known_device: offline.deviceName !== null },
              }),
            ]
          : []),
        ...eventWrites(orderEvent('order.created', posOrderInput(order, businessId, now)).object),
      ]);
      return order;
    });
  }

  return {
    /**
     * What the register at this location prices a sale with, now, on the `pos` channel (`assembleOrder` in the
     * register reads it; the sale is priced on the server from the same context loaded in its transaction).
     */
    async pricingContext(ctx: BusinessContext, locationId: string): Promise<PricingContext> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        await deps.locations.getIn(tx, businessId, locationId);
        return deps.pricing.loadPricingContext(tx, businessId, { channel: 'pos', locationId, at: clock.now() });
      });
    },

    async createSale(ctx: BusinessContext, body: CreateSaleFields): Promise<Order> {
      const businessId = ctx.business.row.id;
      // The hash is of the sale, not of how it came: a sale first sent online, its answer lost, then sent from the
      // offline queue (with `offline`) is the same sale.
      const hash = sha256(JSON.stringify({ ...body, offline: undefined }));
      const replay = await replayOf(businessId, body.idempotency_key, hash);
      if (replay) return replay;
      const form = await orderFormOf(db, businessId);
      const issues = await checkBeforeSale(ctx, body, form);
      if (issues.length > 0) throw invalid(issues);
      try {
        return await sell(ctx, body, hash, form);
      } catch (error) {
        // A retry racing its first sale meets the key, or the draft that sale paid: it answers that sale.
        if (!(error instanceof KeyTaken) && !(error instanceof AppError && error.code === 'POS_DRAFT_ALREADY_PAID')) throw error;
        const first = await replayOf(businessId, body.idempotency_key, hash);
        if (!first) throw error;
        return first;
      }
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
