import { AppError, formatMoneyWithCode, type ApiIssue } from '@merchant/core';
import type { RefundOrderBodySchema, TenderKind } from '@merchant/catalogue';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { ordersRepository as repo, type LineRow, type OrderRow, type TenderRow } from './orders.repository';

export type RefundFields = z.output<typeof RefundOrderBodySchema>;

const invalid = (issues: ApiIssue[]) => new AppError('VALIDATION_FAILED', issues[0]!.message, issues);

/** One tender's part of a refund. */
export interface TenderPart {
  tenderId: string;
  kind: TenderKind;
  paymentId: string | null;
  amount: number;
}

/**
 * Each tender's share of `amount` in proportion to what is left on it (largest remainder; ties to the earlier tender),
 * never more than is left on it (docs/pos.md, "Refunds to the tenders").
 */
export function proportionalParts(tenders: { id: string; left: number }[], amount: number): Map<string, number> {
  const open = tenders.filter((t) => t.left > 0);
  const total = open.reduce((sum, t) => sum + t.left, 0);
  const parts = new Map<string, number>();
  if (total === 0 || amount === 0) return parts;
  const exact = open.map((t) => (amount * t.left) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, x) => sum + x, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if (shares[i]! < open[i]!.left) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  open.forEach((t, i) => shares[i]! > 0 && parts.set(t.id, shares[i]!));
  return parts;
}

/**
 * What a refund gives back (docs/pos.md, "Refunds and voids"), read on `db` (the refund's transaction with `lock`, the
 * order's row locked): the lines' units and amounts, the tip, the total, and each tender's part, the merchant's pick
 * (`body.tenders`) or in proportion to what is left on each tender.
 */
export async function planRefund(db: Executor, businessId: string, id: string, body: RefundFields, lock = false) {
  const row = (await repo.find(db, businessId, id, lock)) as OrderRow;
  const lines: LineRow[] = await repo.lines(db, businessId, id);
  const tenders: TenderRow[] = await repo.tenders(db, businessId, id);
  const byId = new Map(lines.map((l) => [l.lineId, l]));
  const issues: ApiIssue[] = [];
  const wanted = body.whole
    ? lines.filter((l) => l.quantity > l.refundedQuantity).map((l) => ({ line_id: l.lineId, quantity: l.quantity - l.refundedQuantity }))
    : body.lines;
  const seen = new Set<string>();
  wanted.forEach((w, i) => {
    const line = byId.get(w.line_id);
    if (!line) issues.push({ path: `lines.${i}.line_id`, message: 'Choose a line of this order' });
    else if (seen.has(w.line_id)) issues.push({ path: `lines.${i}.line_id`, message: 'This line is named twice' });
    else if (w.quantity > line.quantity - line.refundedQuantity)
      issues.push({ path: `lines.${i}.quantity`, message: `Only ${line.quantity - line.refundedQuantity} left to refund` });
    seen.add(w.line_id);
  });
  if (issues.length > 0) throw invalid(issues);
  // Each line gives back its share of its total; its last unit gives what is left, so a whole refund is exact.
  const parts = wanted.map((w) => {
    const line = byId.get(w.line_id)!;
    const after = line.refundedQuantity + w.quantity;
    const amountAfter = after === line.quantity ? line.total : Math.floor((line.total * after) / line.quantity);
    return { line, quantity: w.quantity, after, amount: amountAfter - line.refundedAmount, amountAfter };
  });
  const tip = body.whole ? row.tip - row.tipRefunded : 0;
  const amount = parts.reduce((sum, p) => sum + p.amount, 0) + tip;
  if (parts.length === 0 && tip === 0) throw invalid([{ path: 'whole', message: 'Nothing is left to refund on this order' }]);

  const leftOf = (t: TenderRow) => t.amount - t.refunded;
  let split: Map<string, number>;
  if (body.tenders && body.tenders.length > 0) {
    split = new Map();
    const known = new Map(tenders.map((t) => [t.id, t]));
    body.tenders.forEach((pick, i) => {
      const tender = known.get(pick.tender_id);
      if (!tender) issues.push({ path: `tenders.${i}.tender_id`, message: 'Choose a tender of this order' });
      else if (split.has(tender.id)) issues.push({ path: `tenders.${i}.tender_id`, message: 'This tender is named twice' });
      else if (pick.amount > leftOf(tender))
        issues.push({ path: `tenders.${i}.amount`, message: `At most ${formatMoneyWithCode(leftOf(tender), row.currency)} is left on this tender` });
      else split.set(tender.id, pick.amount);
    });
    const picked = body.tenders.reduce((sum, t) => sum + t.amount, 0);
    if (issues.length === 0 && picked !== amount)
      issues.push({
        path: 'tenders',
        message: `The tenders give back ${formatMoneyWithCode(picked, row.currency)}; the refund is ${formatMoneyWithCode(amount, row.currency)}`,
      });
    if (issues.length > 0) throw invalid(issues);
  } else {
    split = proportionalParts(
      tenders.map((t) => ({ id: t.id, left: leftOf(t) })),
      amount,
    );
    // Refunds made before the tenders kept theirs (cash only) can leave less on the tenders than on the order: cash pays the rest.
    const short = amount - [...split.values()].reduce((sum, x) => sum + x, 0);
    const cash = tenders.find((t) => t.kind === 'cash');
    if (short > 0 && cash) split.set(cash.id, (split.get(cash.id) ?? 0) + short);
    else if (short > 0) throw invalid([{ path: 'tenders', message: 'Nothing is left to refund on the order’s tenders' }]);
  }
  const tenderParts: TenderPart[] = tenders
    .filter((t) => (split.get(t.id) ?? 0) > 0)
    .map((t) => ({ tenderId: t.id, kind: t.kind as TenderKind, paymentId: t.paymentId, amount: split.get(t.id)! }));
  return { row, lines, parts, tip, amount, tenders: tenderParts };
}
