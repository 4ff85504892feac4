import { localTimeOfDayMs, minorToMajorString } from '@merchant/core';
import type { MallFormat } from '@merchant/pos';
import type { MallDayTotals } from '@/db/schema';

/**
 * The files a mall receives (docs/pos.md, "Mall sales reporting"): a day's sales of one location, built from the
 * day's POS orders and refunds. Pure: the same rows always give the same bytes.
 */

/** An order of the day, as the file needs it (minor units). */
export interface MallDayOrder {
  createdAt: Date;
  subtotal: number;
  discount: number;
  tax: number;
  tip: number;
  total: number;
  cash: number;
  card: number;
}

/** A refund made on the day (of an order of the location, whatever day it was sold). */
export interface MallDayRefund {
  createdAt: Date;
  amount: number;
}

export interface MallFileInput {
  format: MallFormat;
  tenantId: string;
  machineId: string;
  /** The business's calendar day (`YYYY-MM-DD`) and its time zone. */
  businessDate: string;
  timeZone: string;
  currency: string;
  orders: readonly MallDayOrder[];
  refunds: readonly MallDayRefund[];
}

export interface MallFile {
  fileName: string;
  content: string;
  totals: MallDayTotals;
}

export function dayTotals(orders: readonly MallDayOrder[], refunds: readonly MallDayRefund[]): MallDayTotals {
  const sum = (pick: (o: MallDayOrder) => number) => orders.reduce((s, o) => s + pick(o), 0);
  return {
    orderCount: orders.length,
    grossSales: sum((o) => o.subtotal),
    discounts: sum((o) => o.discount),
    tax: sum((o) => o.tax),
    tips: sum((o) => o.tip),
    total: sum((o) => o.total),
    refundCount: refunds.length,
    refunds: refunds.reduce((s, r) => s + r.amount, 0),
    cash: sum((o) => o.cash),
    card: sum((o) => o.card),
  };
}

/** The day's net: what the customers paid less what was given back. */
export const netOf = (t: MallDayTotals) => t.total - t.refunds;

const compact = (date: string) => date.replaceAll('-', '');

function genericCsv(input: MallFileInput, t: MallDayTotals, major: (n: number) => string): string {
  const header = [
    'date',
    'tenant_id',
    'machine_id',
    'currency',
    'order_count',
    'gross_sales',
    'discounts',
    'tax',
    'tips',
    'total',
    'refund_count',
    'refunds',
    'net_sales',
    'cash',
    'card',
  ];
  const row = [
    input.businessDate,
    input.tenantId,
    input.machineId,
    input.currency.toUpperCase(),
    String(t.orderCount),
    major(t.grossSales),
    major(t.discounts),
    major(t.tax),
    major(t.tips),
    major(t.total),
    String(t.refundCount),
    major(t.refunds),
    major(netOf(t)),
    major(t.cash),
    major(t.card),
  ];
  return `${header.join(',')}\r\n${row.join(',')}\r\n`;
}

/** Harbour Point: a header, one line per local hour with sales, and a totals line, `|`-separated. */
function harbourPointPipe(input: MallFileInput, t: MallDayTotals, major: (n: number) => string): string {
  const lines = [`H|${input.tenantId}|${input.machineId}|${compact(input.businessDate)}|${input.currency.toUpperCase()}`];
  const hours = new Map<number, { count: number; net: number; tax: number; refunds: number }>();
  const hour = (at: Date) => Math.floor(localTimeOfDayMs(at, input.timeZone) / 3_600_000);
  const bucket = (h: number) => hours.get(h) ?? hours.set(h, { count: 0, net: 0, tax: 0, refunds: 0 }).get(h)!;
  for (const o of input.orders) {
    const b = bucket(hour(o.createdAt));
    b.count += 1;
    b.net += o.total;
    b.tax += o.tax;
  }
  for (const r of input.refunds) bucket(hour(r.createdAt)).refunds += r.amount;
  for (const h of [...hours.keys()].sort((a, b) => a - b)) {
    const b = hours.get(h)!;
    lines.push(`D|${String(h).padStart(2, '0')}|${b.count}|${major(b.net)}|${major(b.tax)}|${major(b.refunds)}`);
  }
  lines.push(
    `T|${t.orderCount}|${major(t.grossSales)}|${major(t.discounts)}|${major(t.tax)}|${major(t.tips)}|${major(t.total)}|${t.refundCount}|${major(t.refunds)}|${major(netOf(t))}|${major(t.cash)}|${major(t.card)}`,
  );
  return `${lines.join('\r\n')}\r\n`;
}

/** Orchid Square: one line, fields of fixed meaning separated by commas, amounts in minor units without a point. */
function orchidSquareFixed(input: MallFileInput, t: MallDayTotals): string {
  const fields = [
    input.machineId,
    compact(input.businessDate),
    input.tenantId,
    t.orderCount,
    t.grossSales,
    t.discounts,
    t.tax,
    t.refunds,
    netOf(t) - t.tax,
    t.cash,
    t.card,
  ];
  return `${fields.join(',')}\r\n`;
}

export function buildMallFile(input: MallFileInput): MallFile {
  const totals = dayTotals(input.orders, input.refunds);
  const major = (n: number) => minorToMajorString(n, input.currency);
  const stem = `${input.tenantId}_${input.machineId}_${compact(input.businessDate)}`;
  switch (input.format) {
    case 'generic_csv':
      return { fileName: `${stem}.csv`, content: genericCsv(input, totals, major), totals };
    case 'harbour_point_pipe':
      return { fileName: `${stem}.txt`, content: harbourPointPipe(input, totals, major), totals };
    case 'orchid_square_fixed':
      return { fileName: `D${stem}.txt`, content: orchidSquareFixed(input, totals), totals };
  }
}
