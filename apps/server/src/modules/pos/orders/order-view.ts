import { formatMoneyWithCode } from '@merchant/core';
import { TENDER_LABELS, type Order, type OrderSummary, type TenderKind } from '@merchant/catalogue';

/** "in cash", "to the card", "in cash and to the card" (a refund of before the tenders were kept: in cash). */
function refundedBy(tenders: { kind: string }[]): string {
  const kinds = [...new Set(tenders.map((t) => t.kind))];
  if (kinds.length === 0) return 'in cash';
  return kinds.map((k) => (k === 'cash' ? 'in cash' : `to the ${TENDER_LABELS[k as TenderKind] === 'Card' ? 'card' : 'PayNow payment'}`)).join(' and ');
}
import type { Executor } from '@/db/client';
import { committedNumber, ordersRepository as repo, type OrderListRow, type OrderRow, type OrderSummaryRow } from './orders.repository';

/** How a sale taken offline came in, for its timeline. */
function offlineNote(o: Pick<OrderRow, 'offlineTakenAt' | 'offlineAllowed'>): string {
  if (!o.offlineTakenAt) return '';
  return o.offlineAllowed ? ', taken offline and sent later' : ', taken offline on a device not allowed to sell offline';
}

export const presentSummary = (row: OrderListRow): OrderSummary => summaryOf(row, committedNumber(row.order));

/** `number`: the order's own, or a sale's for the order it read before its transaction numbered it (`presentOrder`). */
function summaryOf(row: OrderListRow, number: number): OrderSummary {
  const o = row.order;
  const money = (amount: number) => ({ amount, currency: o.currency });
  return {
    id: o.id,
    number,
    kind: o.kind,
    status: o.status,
    location: { id: o.locationId, name: row.locationName },
    staff: { id: o.staffId, name: row.staffName },
    customer: o.customerId ? { id: o.customerId, name: row.customerName ?? 'Customer' } : null,
    tenders: [...new Set(o.tenderKinds)] as OrderSummary['tenders'],
    total: money(o.total),
    refunded: money(o.refundedAmount),
    offline_sale: o.offlineTakenAt ? (o.offlineAllowed ? 'allowed' : 'flagged') : null,
    created_at: o.createdAt.toISOString(),
  };
}

/** An order's rows as `presentOrder` shows them. */
export interface OrderRows {
  row: OrderSummaryRow;
  lines: Awaited<ReturnType<typeof repo.lines>>;
  tenders: Awaited<ReturnType<typeof repo.tenders>>;
  refunds: Awaited<ReturnType<typeof repo.refunds>>;
}

/**
 * An order's rows with its lines, tenders and refunds, read through `db` (a transaction's handle inside one).
 * `made`: the order was made in this transaction (a sale reading back its order), so it has no refund to read.
 */
export async function readOrderRows(db: Executor, businessId: string, id: string, { made = false } = {}): Promise<OrderRows | null> {
  const row = await repo.summary(db, businessId, id);
  if (!row) return null;
  const [lines, tenders] = [await repo.lines(db, businessId, id), await repo.tenders(db, businessId, id)];
  return { row, lines, tenders, refunds: made ? [] : await repo.refunds(db, businessId, id) };
}

/** An order with its lines, tenders, refunds and timeline, read through `db` (a transaction's handle inside one). */
export async function readOrder(db: Executor, businessId: string, id: string): Promise<Order | null> {
  const rows = await readOrderRows(db, businessId, id);
  return rows && presentOrder(rows);
}

/**
 * The order as the API answers it. `number`: a sale reads its order before its transaction takes the number, last
 * (sales.service.ts; docs/pos.md, "Numbers"), and gives it here; any other order has its own.
 */
export function presentOrder({ row, lines, tenders, refunds }: OrderRows, number = committedNumber(row.order)): Order {
  const o = row.order;
  const money = (amount: number) => ({ amount, currency: o.currency });
  const cash = tenders.filter((t) => t.kind === 'cash');
  const tendered = tenders.reduce((sum, t) => sum + (t.tendered ?? t.amount), 0);
  const change = cash.reduce((sum, t) => sum + (t.change ?? 0), 0);
  const { offline_sale: _listFlag, ...summary } = summaryOf(row, number);
  return {
    ...summary,
    drawer_id: o.sessionId,
    offline:
      o.offlineDeviceId && o.offlineTakenAt
        ? { device_id: o.offlineDeviceId, taken_at: o.offlineTakenAt.toISOString(), allowed: o.offlineAllowed ?? false }
        : null,
    table_number: o.tableNumber,
    note: o.note,
    description: o.description,
    lines: lines.map((l) => ({
      id: l.lineId,
      product_id: l.productId,
      variant_id: l.variantId,
      name: l.name,
      quantity: l.quantity,
      refunded_quantity: l.refundedQuantity,
      unit_price: money(l.unitPrice),
      add_ons: l.addOns.map((a) => ({ id: a.id, name: a.name, price: money(a.price) })),
      gross: money(l.gross),
      discount: money(l.discount),
      tax: money(l.tax),
      total: money(l.total),
    })),
    discounts: o.discounts.map((d) => ({ id: d.id, name: d.name, amount: money(d.amount) })),
    taxes: o.taxes.map((t) => ({ id: t.id, name: t.name, rate: t.rate, amount: money(t.amount) })),
    subtotal: money(o.subtotal),
    discount: money(o.discount),
    tax: money(o.tax),
    tip: money(o.tip),
    tendered: money(tendered),
    change: money(change),
    order_tenders: tenders.map((t) => ({
      id: t.id,
      kind: t.kind,
      amount: money(t.amount),
      tendered: t.tendered === null ? null : money(t.tendered),
      change: t.change === null ? null : money(t.change),
      payment_id: t.paymentId,
      refunded: money(t.refunded),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: money(r.amount),
      reason: r.reason,
      lines: r.lines.map((l) => ({ line_id: l.line_id, quantity: l.quantity, amount: money(l.amount) })),
      tenders: r.tenders.map((t) => ({
        tender_id: t.tender_id,
        kind: t.kind as TenderKind,
        amount: money(t.amount),
        payment_refund_id: t.payment_refund_id,
      })),
      tip: money(r.tip),
      staff: { id: r.staffId, name: r.staffName },
      approved_by: r.approvedBy ? { id: r.approvedBy, name: r.approverName ?? 'Manager' } : null,
      created_at: r.createdAt.toISOString(),
    })),
    timeline: [
      {
        at: o.createdAt.toISOString(),
        kind: 'sold' as const,
        text: `Sold by ${row.staffName} for ${formatMoneyWithCode(o.total, o.currency)}${offlineNote(o)}`,
      },
      ...refunds.map((r) => ({
        at: r.createdAt.toISOString(),
        kind: 'refunded' as const,
        text: `${formatMoneyWithCode(r.amount, o.currency)} refunded ${refundedBy(r.tenders)} by ${r.staffName}${r.approverName ? `, approved by ${r.approverName}` : ''}: ${r.reason}`,
      })),
    ],
  };
}
