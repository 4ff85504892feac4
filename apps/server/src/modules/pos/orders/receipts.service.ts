import { AppError, fieldError, formatDateTime, formatMoneyWithCode } from '@merchant/core';
import { RECEIPT_MAILS_PER_HOUR, TENDER_LABELS, type Order } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { RateLimiter } from '@/lib/rate-limit';
import type { Mailer, MailMessage } from '@/mail/mailer';
import type { LocationsService } from '@/modules/catalogue/products/locations.service';
import type { CustomersService } from '@/modules/payments/customers/customers.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { managesPos } from './drawers.service';
import { readOrder } from './order-view';
import { orderNotFound } from './orders.service';

const HOUR_MS = 60 * 60 * 1000;

/** The receipt as a mail: the location's header, the lines with add-ons, discounts, taxes, tip, total, tenders, change, refunds, the footer. */
export function receiptMail(
  order: Order,
  business: { name: string; timeZone: string },
  location: { receipt_header: string | null; receipt_footer: string | null },
) {
  const m = (x: { amount: number; currency: string }) => formatMoneyWithCode(x.amount, x.currency);
  const rows: string[] = [];
  if (location.receipt_header) rows.push(location.receipt_header, '');
  rows.push(
    `${business.name}: order #${order.number}`,
    `${order.location.name}, ${formatDateTime(order.created_at, business.timeZone)}`,
    `Served by ${order.staff.name}`,
    '',
  );
  for (const line of order.lines) {
    rows.push(`${line.quantity} × ${line.name}: ${m(line.total)}`);
    for (const a of line.add_ons) rows.push(`  + ${a.name} ${m(a.price)}`);
    if (line.discount.amount > 0) rows.push(`  Discount −${m(line.discount)}`);
  }
  rows.push('', `Subtotal: ${m(order.subtotal)}`);
  if (order.discount.amount > 0) rows.push(`Discounts: −${m(order.discount)}`);
  for (const t of order.taxes) rows.push(`${t.name} (${t.rate / 100} %): ${m(t.amount)}`);
  if (order.tip.amount > 0) rows.push(`Tip: ${m(order.tip)}`);
  rows.push(`Total: ${m(order.total)}`, '');
  for (const t of order.order_tenders) rows.push(`${TENDER_LABELS[t.kind]}: ${m(t.tendered ?? t.amount)}`);
  if (order.change.amount > 0) rows.push(`Change: ${m(order.change)}`);
  if (order.refunded.amount > 0) rows.push(`Refunded: ${m(order.refunded)}`);
  if (location.receipt_footer) rows.push('', location.receipt_footer);
  return { subject: `Your receipt from ${business.name} (order #${order.number})`, text: rows.join('\n') };
}

/**
 * Mailed receipts of register orders (docs/pos.md, "Receipts"): to the address typed at the register or on the order,
 * or to the order's customer; through the mail outbox (delivered by its job) in the transaction of the audit entry
 * `pos.order.receipt_mailed`; at most `RECEIPT_MAILS_PER_HOUR` per order in an hour.
 */
export function createReceiptsService(deps: {
  db: Executor;
  audit: AuditService;
  mailer: Mailer;
  limiter: RateLimiter;
  customers: Pick<CustomersService, 'get'>;
  locations: Pick<LocationsService, 'getIn'>;
}) {
  const { db, audit, mailer, limiter } = deps;
  return {
    async mail(ctx: BusinessContext, orderId: string, body: { email?: string | null | undefined }): Promise<{ sent_to: string }> {
      const businessId = ctx.business.row.id;
      const order = await readOrder(db, businessId, orderId);
      if (!order || (!managesPos(ctx) && order.staff.id !== ctx.user.id)) throw orderNotFound();
      let to = body.email ?? null;
      if (!to && order.customer) to = (await deps.customers.get(businessId, order.customer.id).catch(() => null))?.email ?? null;
      if (!to) throw fieldError('VALIDATION_FAILED', 'email', 'Enter an email address: the order has no customer with one');
      if ((await limiter.hit(`pos-receipt:${businessId}:${orderId}`, HOUR_MS)) > RECEIPT_MAILS_PER_HOUR) {
        throw new AppError('POS_RECEIPT_MAIL_LIMITED', `This receipt was mailed ${RECEIPT_MAILS_PER_HOUR} times in the last hour: try again later.`);
      }
      const location = await deps.locations.getIn(db, businessId, order.location.id);
      const message: MailMessage = { to, ...receiptMail(order, { name: ctx.business.row.name, timeZone: ctx.business.row.timeZone }, location) };
      await db.transaction(async (tx) => {
        await mailer.send(tx, message);
        await audit.record(tx, ctx, {
          action: 'pos.order.receipt_mailed',
          description: `Mailed the receipt of order #${order.number} to ${to}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'pos_order',
          objectId: orderId,
          meta: { to },
        });
      });
      return { sent_to: to };
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
