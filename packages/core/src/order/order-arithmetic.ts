import { AppError } from '../http/errors';
import { MAX_MINOR_AMOUNT } from '../money/money-schema';
import { apportion, fraction, plus, roundHalfAwayFromZero, sum, times, ZERO, type Fraction } from './fraction';
import { FULL_RATE, OrderInputSchema, type OrderInput, type OrderSettings, type OrderSurcharge, type ValidOrderInput } from './order-schema';

/**
 * The one order arithmetic of every sale (point of sale, the online store, later channels): lines -> discounts ->
 * surcharges -> taxes -> total, in integer minor units. The rules, and why, are in docs/catalogue.md ("The order
 * arithmetic"); amounts are exact fractions (bigint) until the one rounding each rule allows.
 */

/** An input the arithmetic refuses: a 422 whose one issue names the field (`lines.2.quantity`). */
export class OrderInputError extends AppError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super('VALIDATION_FAILED', message, [{ path: field, message }]);
    this.name = 'OrderInputError';
  }
}

export interface TaxPart {
  taxId: string;
  amount: number;
}

export interface LinePart {
  lineId: string;
  amount: number;
}

export interface PricedLine {
  id: string;
  productId: string | null;
  categoryId: string | null;
  quantity: number;
  unitPrice: number;
  addOns: { id?: string; name: string; price: number }[];
  /** One unit with its add-ons. */
  unitAmount: number;
  /** `unitAmount × quantity`, as priced (tax included when prices include tax). */
  gross: number;
  /** Each discount's part of this line, the line's own and its share of the order's. */
  discounts: { discountId: string; amount: number }[];
  discount: number;
  /** `gross − discount`, as priced: what the line sells for. */
  amount: number;
  /** The line before tax: `amount`, or `amount − tax` when prices include tax. */
  net: number;
  taxes: TaxPart[];
  tax: number;
  /** `net + tax`: what the customer pays for the line, surcharges aside. */
  total: number;
}

export interface PricedDiscount {
  id: string;
  name: string;
  applied: boolean;
  /** Why a discount was left out: the minimum spend is not reached, or no line is one it names. */
  notApplied?: 'minimum_spend' | 'no_matching_line';
  amount: number;
  /** The amount per line; the parts add up to `amount`. */
  parts: LinePart[];
}

export interface PricedSurcharge {
  id: string;
  name: string;
  kind: OrderSurcharge['kind'];
  taxable: boolean;
  /** Before tax. */
  amount: number;
  /** The amount spread over the lines in proportion to their amounts before tax (what a refund of a line gives back). */
  parts: LinePart[];
  taxes: TaxPart[];
  tax: number;
  total: number;
}

export interface PricedTax {
  id: string;
  name: string;
  rate: number;
  /** What the tax was computed on, before tax. */
  base: number;
  amount: number;
}

export interface PricedOrder {
  currency: string;
  settings: OrderSettings;
  lines: PricedLine[];
  discounts: PricedDiscount[];
  surcharges: PricedSurcharge[];
  /** The taxes that apply to a line or a surcharge, in the order of the input. */
  taxes: PricedTax[];
  /** The lines' gross amounts. */
  subtotal: number;
  discount: number;
  surcharge: number;
  tax: number;
  total: number;
}

interface WorkLine {
  input: ValidOrderInput['lines'][number];
  unitAmount: bigint;
  gross: bigint;
  discounts: { discountId: string; amount: bigint }[];
  /** Gross less the discounts so far. */
  amount: bigint;
}

const big = (n: number) => BigInt(n);
const num = (n: bigint) => Number(n);
const total = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
const percentOf = (base: Fraction, rate: number) => roundHalfAwayFromZero(times(base, big(rate), big(FULL_RATE)));

function validate(input: OrderInput): ValidOrderInput {
  const parsed = OrderInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0]!;
  throw new OrderInputError(first.path.map(String).join('.'), first.message);
}

function matches(line: WorkLine['input'], scope: ValidOrderInput['discounts'][number]['appliesTo']): boolean {
  if (scope.type === 'order') return true;
  return (
    scope.lineIds.includes(line.id) ||
    (line.productId !== null && scope.productIds.includes(line.productId)) ||
    (line.categoryId !== null && scope.categoryIds.includes(line.categoryId))
  );
}

/** Lines and their discounts: each line's own discounts first, then the order's, spread over the lines. */
function applyDiscounts(order: ValidOrderInput, lines: WorkLine[]): PricedDiscount[] {
  const results = new Map<number, PricedDiscount>();
  // What the order discounts are computed on: the lines after their own discounts (order discounts do not compound).
  let orderBase: bigint | undefined;
  const indexed = order.discounts.map((discount, index) => ({ discount, index }));
  const lineFirst = [...indexed.filter((d) => d.discount.appliesTo.type === 'items'), ...indexed.filter((d) => d.discount.appliesTo.type === 'order')];
  for (const { discount, index } of lineFirst) {
    const field = `discounts.${index}.value.amount`;
    const targets = lines.filter((l) => matches(l.input, discount.appliesTo));
    const result: PricedDiscount = { id: discount.id, name: discount.name, applied: false, amount: 0, parts: [] };
    results.set(index, result);
    if (targets.length === 0) {
      result.notApplied = 'no_matching_line';
      continue;
    }
    if (discount.minimumSpend !== undefined && total(targets.map((l) => l.gross)) < big(discount.minimumSpend)) {
      result.notApplied = 'minimum_spend';
      continue;
    }
    let parts: bigint[];
    if (discount.appliesTo.type === 'items') {
      parts = targets.map((line) => {
        const { value } = discount;
        if (value.type === 'percentage') return percentOf(fraction(line.gross), value.rate);
        if (big(value.amount) > line.unitAmount) throw new OrderInputError(field, `The discount is more than the price of line ${line.input.id}`);
        return big(value.amount) * big(line.input.quantity);
      });
      // Several discounts on one line are each computed on its gross; together they never take it below zero.
      parts = parts.map((part, i) => (part > targets[i]!.amount ? targets[i]!.amount : part));
    } else {
      orderBase ??= total(lines.map((l) => l.amount));
      const { value } = discount;
      let amount = value.type === 'percentage' ? percentOf(fraction(orderBase), value.rate) : big(value.amount);
      if (value.type === 'fixed' && amount > orderBase) throw new OrderInputError(field, 'The discount is more than the order comes to');
      const left = total(lines.map((l) => l.amount));
      if (amount > left) amount = left;
      parts = apportion(
        amount,
        targets.map((l) => ({ key: l.input.id, weight: fraction(l.amount), cap: l.amount })),
      );
    }
    targets.forEach((line, i) => {
      const part = parts[i]!;
      line.amount -= part;
      line.discounts.push({ discountId: discount.id, amount: part });
      result.parts.push({ lineId: line.input.id, amount: num(part) });
    });
    result.applied = true;
    result.amount = num(total(parts));
  }
  return order.discounts.map((_, i) => results.get(i)!);
}

/** A line or a surcharge: what carries taxes. */
interface Taxed {
  key: string;
  /** The exact tax of each tax id on it, before rounding. */
  exact: Map<string, Fraction>;
  /** The most tax it can carry (a line whose price includes its tax), if any. */
  cap?: bigint;
  rounded: Map<string, bigint>;
}

/** Rounds the taxes of a group of lines or surcharges as the business's setting says. */
function roundTaxes(items: Taxed[], taxIds: readonly string[], rounding: OrderSettings['rounding']): void {
  for (const taxId of taxIds) {
    const carrying = items.filter((item) => item.exact.has(taxId)).sort((a, b) => (a.key < b.key ? -1 : 1));
    if (rounding === 'line') {
      for (const item of carrying) item.rounded.set(taxId, roundHalfAwayFromZero(item.exact.get(taxId)!));
      continue;
    }
    // Per order: the tax is rounded once over the group, then spread back in proportion to the exact amounts.
    const whole = roundHalfAwayFromZero(sum(carrying.map((item) => item.exact.get(taxId)!)));
    const parts = apportion(
      whole,
      carrying.map((item) => ({
        key: item.key,
        weight: item.exact.get(taxId)!,
        ...(item.cap === undefined ? {} : { cap: item.cap - total([...item.rounded.values()]) }),
      })),
    );
    carrying.forEach((item, i) => item.rounded.set(taxId, parts[i]!));
  }
}

/** Prices an order: every amount of its lines, discounts, surcharges and taxes, in integer minor units. */
export function priceOrder(input: OrderInput): PricedOrder {
  const order = validate(input);
  const inclusive = order.settings.pricesIncludeTax;
  const rates = new Map(order.taxes.map((t) => [t.id, t.rate]));
  const taxOrder = [...order.taxes.map((t) => t.id)].sort();

  const lines: WorkLine[] = order.lines.map((line, i) => {
    const unitAmount = big(line.unitPrice) + total(line.addOns.map((a) => big(a.price)));
    const gross = unitAmount * big(line.quantity);
    if (gross > big(MAX_MINOR_AMOUNT)) throw new OrderInputError(`lines.${i}.quantity`, 'The line comes to more than one sale may carry');
    return { input: line, unitAmount, gross, discounts: [], amount: gross };
  });
  const discounts = applyDiscounts(order, lines);

  // Each line's taxes, exact: added on top of its amount, or extracted from it as amount × rate / (1 + all its rates).
  const lineTaxes: Taxed[] = lines.map((line) => {
    const taxIds = [...new Set(line.input.taxIds)];
    const combined = big(FULL_RATE) + total(taxIds.map((id) => big(rates.get(id)!)));
    const exact = new Map(taxIds.map((id) => [id, times(fraction(line.amount), big(rates.get(id)!), inclusive ? combined : big(FULL_RATE))]));
    return { key: line.input.id, exact, rounded: new Map(), ...(inclusive ? { cap: line.amount } : {}) };
  });
  const beforeTax = lines.map((line, i) =>
    inclusive ? fraction(line.amount * big(FULL_RATE), big(FULL_RATE) + sumRates(lineTaxes[i]!, rates)) : fraction(line.amount),
  );
  const orderBeforeTax = sum(beforeTax);

  const surcharges = order.surcharges.map((surcharge) => {
    const amount = surcharge.value.type === 'percentage' ? percentOf(orderBeforeTax, surcharge.value.rate) : big(surcharge.value.amount);
    const parts = apportion(
      amount,
      lines.map((line, i) => ({ key: line.input.id, weight: beforeTax[i]! })),
    );
    const exact = new Map<string, Fraction>();
    const addTax = (taxId: string, on: bigint) => exact.set(taxId, plus(exact.get(taxId) ?? ZERO, times(fraction(on), big(rates.get(taxId)!), big(FULL_RATE))));
    if (surcharge.taxable && surcharge.taxIds.length > 0) for (const taxId of new Set(surcharge.taxIds)) addTax(taxId, amount);
    if (surcharge.taxable && surcharge.taxIds.length === 0) lines.forEach((line, i) => new Set(line.input.taxIds).forEach((taxId) => addTax(taxId, parts[i]!)));
    return { surcharge, amount, parts, taxed: { key: surcharge.id, exact, rounded: new Map() } as Taxed };
  });

  roundTaxes(lineTaxes, taxOrder, order.settings.rounding);
  roundTaxes(
    surcharges.map((s) => s.taxed),
    taxOrder,
    order.settings.rounding,
  );

  const taxPartsOf = (taxed: Taxed): TaxPart[] =>
    order.taxes.filter((t) => taxed.rounded.has(t.id)).map((t) => ({ taxId: t.id, amount: num(taxed.rounded.get(t.id)!) }));
  const pricedLines: PricedLine[] = lines.map((line, i) => {
    const tax = total([...lineTaxes[i]!.rounded.values()]);
    const net = inclusive ? line.amount - tax : line.amount;
    return {
      id: line.input.id,
      productId: line.input.productId,
      categoryId: line.input.categoryId,
      quantity: line.input.quantity,
      unitPrice: line.input.unitPrice,
      addOns: line.input.addOns.map((a) => ({ ...a })),
      unitAmount: num(line.unitAmount),
      gross: num(line.gross),
      discounts: line.discounts.map((d) => ({ discountId: d.discountId, amount: num(d.amount) })),
      discount: num(line.gross - line.amount),
      amount: num(line.amount),
      net: num(net),
      taxes: taxPartsOf(lineTaxes[i]!),
      tax: num(tax),
      total: num(net + tax),
    };
  });
  const pricedSurcharges: PricedSurcharge[] = surcharges.map(({ surcharge, amount, parts, taxed }) => {
    const tax = total([...taxed.rounded.values()]);
    return {
      id: surcharge.id,
      name: surcharge.name,
      kind: surcharge.kind,
      taxable: surcharge.taxable,
      amount: num(amount),
      parts: lines.map((line, i) => ({ lineId: line.input.id, amount: num(parts[i]!) })),
      taxes: taxPartsOf(taxed),
      tax: num(tax),
      total: num(amount + tax),
    };
  });

  const grandTotal = total([...pricedLines.map((l) => big(l.total)), ...pricedSurcharges.map((s) => big(s.total))]);
  if (grandTotal > big(MAX_MINOR_AMOUNT)) throw new OrderInputError('lines', 'The order comes to more than one sale may carry');

  return {
    currency: order.currency,
    settings: { ...order.settings },
    lines: pricedLines,
    discounts,
    surcharges: pricedSurcharges,
    taxes: summarizeTaxes(order, pricedLines, surcharges),
    subtotal: num(total(lines.map((l) => l.gross))),
    discount: num(total(lines.map((l) => l.gross - l.amount))),
    surcharge: num(total(surcharges.map((s) => s.amount))),
    tax: num(total([...pricedLines.map((l) => big(l.tax)), ...pricedSurcharges.map((s) => big(s.tax))])),
    total: num(grandTotal),
  };
}

function sumRates(taxed: Taxed, rates: ReadonlyMap<string, number>): bigint {
  return total([...taxed.exact.keys()].map((id) => big(rates.get(id)!)));
}

/** Each tax with what it was computed on: the lines' amounts before tax and the surcharge amounts it taxes. */
function summarizeTaxes(
  order: ValidOrderInput,
  lines: readonly PricedLine[],
  surcharges: readonly { surcharge: OrderSurcharge; amount: bigint; parts: bigint[]; taxed: Taxed }[],
): PricedTax[] {
  return order.taxes.flatMap((tax) => {
    let base = 0n;
    let amount = 0n;
    let applies = false;
    order.lines.forEach((line, i) => {
      if (!line.taxIds.includes(tax.id)) return;
      applies = true;
      base += big(lines[i]!.net);
      amount += big(lines[i]!.taxes.find((t) => t.taxId === tax.id)!.amount);
    });
    for (const { surcharge, amount: charged, parts, taxed } of surcharges) {
      if (!taxed.rounded.has(tax.id)) continue;
      applies = true;
      base += surcharge.taxIds.length > 0 ? charged : total(parts.filter((_, i) => order.lines[i]!.taxIds.includes(tax.id)));
      amount += taxed.rounded.get(tax.id)!;
    }
    return applies ? [{ id: tax.id, name: tax.name, rate: tax.rate, base: num(base), amount: num(amount) }] : [];
  });
}
