import { AppError, fieldError } from '@merchant/core';
import {
  READER_MODEL_LABELS,
  TERMINAL_ORDER_NEXT,
  TERMINAL_ORDER_STATUS_LABELS,
  readerUnitPrice,
  type TerminalOrder,
  type TerminalOrderDetail,
  type TerminalOrderStatus,
} from '@merchant/pos';
import type { Executor } from '@/db/client';
import type { ShippingAddress, TerminalOrderLine } from '@/db/schema';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { auditOf, orderNotFound, testModeOnly } from './terminals.shared';
import { terminalsRepository as repo, type TerminalOrderEventRow, type TerminalOrderRow } from './terminals.repository';

export const orderNumber = (id: string) => `TO-${id.replace(/-/g, '').slice(-8).toUpperCase()}`;

function presentOrder(row: TerminalOrderRow): TerminalOrder {
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    id: row.id,
    number: orderNumber(row.id),
    status: row.status,
    items: row.lines.map((l) => ({
      model: l.model,
      name: READER_MODEL_LABELS[l.model],
      quantity: l.quantity,
      unit_price: money(l.unitPrice),
      amount: money(l.unitPrice * l.quantity),
    })),
    reader_count: row.lines.reduce((n, l) => n + l.quantity, 0),
    total: money(row.total),
    shipping: row.shipping,
    tracking_number: row.trackingNumber,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const presentDetail = (row: TerminalOrderRow, events: TerminalOrderEventRow[]): TerminalOrderDetail => ({
  ...presentOrder(row),
  timeline: events.map((e) => ({ status: e.status, tracking_number: e.trackingNumber, at: e.at.toISOString() })),
});

/**
 * Orders of readers (docs/pos.md, "Card terminals"): lines priced in the business's currency when ordered, a
 * shipping address, and a timeline placed -> processing -> shipped (tracking) -> delivered, or cancelled while placed.
 * In test mode the dashboard plays the supplier's part (`advance`).
 */
export function createTerminalOrdersService(deps: { db: Executor; clock: Clock; audit: AuditService; testMode: () => boolean }) {
  const { db, clock } = deps;
  const record = auditOf(deps.audit);

  async function detailIn(executor: Executor, businessId: string, id: string): Promise<TerminalOrderDetail> {
    const row = await repo.findOrder(executor, businessId, id);
    if (!row) throw orderNotFound();
    return presentDetail(row, await repo.orderEvents(executor, businessId, id));
  }

  async function move(ctx: BusinessContext, id: string, to: TerminalOrderStatus, trackingNumber: string | null): Promise<TerminalOrderDetail> {
    const businessId = ctx.business.row.id;
    return db.transaction(async (tx) => {
      const row = await repo.findOrder(tx, businessId, id, true);
      if (!row) throw orderNotFound();
      if (!TERMINAL_ORDER_NEXT[row.status].includes(to)) {
        const why = to === 'cancelled' ? 'An order can be cancelled only while it is placed.' : `An order that is ${row.status} cannot become ${to}.`;
        throw new AppError('TERMINAL_ORDER_NOT_CHANGEABLE', why);
      }
      const now = clock.now();
      await repo.updateOrder(tx, businessId, id, { status: to, updatedAt: now, ...(trackingNumber ? { trackingNumber } : {}) });
      await repo.insertOrderEvent(tx, { businessId, id: newTimeOrderedId(now.getTime()), orderId: id, status: to, trackingNumber, at: now });
      const tracking = trackingNumber ? ` (tracking ${trackingNumber})` : '';
      await record(
        tx,
        ctx,
        'terminal_order',
        id,
        `terminal_order.${to}`,
        `Order ${orderNumber(id)}: ${TERMINAL_ORDER_STATUS_LABELS[to].toLowerCase()}${tracking}`,
      );
      return detailIn(tx, businessId, id);
    });
  }

  return {
    async list(businessId: string, query: { cursor?: string | undefined; limit: number }) {
      const rows = await repo.orderPage(db, businessId, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r);
      return { data: page.rows.map(presentOrder), next_cursor: page.nextCursor };
    },

    get: (businessId: string, id: string) => detailIn(db, businessId, id),

    async create(
      ctx: BusinessContext,
      body: { items: { model: TerminalOrderLine['model']; quantity: number }[]; shipping: ShippingAddress },
    ): Promise<TerminalOrderDetail> {
      const businessId = ctx.business.row.id;
      const currency = ctx.business.row.currency;
      const lines: TerminalOrderLine[] = body.items.map((item, i) => {
        const unitPrice = readerUnitPrice(item.model, currency);
        if (unitPrice === null) throw fieldError('VALIDATION_FAILED', `items.${i}.model`, `Readers cannot be ordered in ${currency.toUpperCase()} yet`);
        return { model: item.model, quantity: item.quantity, unitPrice };
      });
      const total = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const id = newTimeOrderedId(now.getTime());
        await repo.insertOrder(tx, {
          businessId,
          id,
          status: 'placed',
          currency,
          lines,
          total,
          shipping: body.shipping,
          createdBy: ctx.user.id,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertOrderEvent(tx, { businessId, id: newTimeOrderedId(now.getTime()), orderId: id, status: 'placed', trackingNumber: null, at: now });
        const count = lines.reduce((n, l) => n + l.quantity, 0);
        await record(
          tx,
          ctx,
          'terminal_order',
          id,
          'terminal_order.placed',
          `Ordered ${count} card reader${count === 1 ? '' : 's'} (order ${orderNumber(id)})`,
        );
        return detailIn(tx, businessId, id);
      });
    },

    cancel: (ctx: BusinessContext, id: string) => move(ctx, id, 'cancelled', null),

    /** Test mode: what the supplier does next. */
    async advance(ctx: BusinessContext, id: string, body: { status: 'processing' | 'shipped' | 'delivered'; tracking_number: string | null }) {
      if (!deps.testMode()) throw testModeOnly();
      return move(ctx, id, body.status, body.status === 'shipped' ? body.tracking_number : null);
    },
  };
}

export type TerminalOrdersService = ReturnType<typeof createTerminalOrdersService>;
