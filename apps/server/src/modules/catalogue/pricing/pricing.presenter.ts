import { atLocalTime, localDate, localTimeOfDayMs } from '@merchant/core';
import type { AdjustmentValue, AdjustmentValueBody, Discount, Surcharge, Tax } from '@merchant/catalogue';
import type { DiscountRow, SurchargeRow, TaxRow } from './pricing.repository';

/** Answers of taxes, discounts and surcharges, and the discount schedule's wall-clock times of the business's zone. */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall-clock time of the zone (`2026-12-24T18:00`) as an instant. */
export function fromLocalDateTime(value: string, zone: string): Date {
  const [date, time] = value.split('T') as [string, string];
  const [h, m] = time.split(':').map(Number) as [number, number];
  return atLocalTime(date, h * HOUR_MS + m * MINUTE_MS, zone);
}

/** An instant as the zone's wall-clock time, to the minute. */
export function toLocalDateTime(instant: Date, zone: string): string {
  const ms = localTimeOfDayMs(instant, zone);
  return `${localDate(instant, zone)}T${pad(Math.floor(ms / HOUR_MS))}:${pad(Math.floor((ms % HOUR_MS) / MINUTE_MS))}`;
}

export type ValueColumns = { valueType: 'percentage' | 'fixed'; rate: number | null; amount: number | null };
export const valueColumns = (value: AdjustmentValueBody): ValueColumns =>
  value.type === 'percentage' ? { valueType: 'percentage', rate: value.rate, amount: null } : { valueType: 'fixed', rate: null, amount: value.amount };
export const valueBody = (row: ValueColumns): AdjustmentValueBody =>
  row.valueType === 'percentage' ? { type: 'percentage', rate: row.rate ?? 0 } : { type: 'fixed', amount: row.amount ?? 0 };
const presentValue = (row: ValueColumns, currency: string): AdjustmentValue =>
  row.valueType === 'percentage' ? { type: 'percentage', rate: row.rate ?? 0 } : { type: 'fixed', amount: { amount: row.amount ?? 0, currency } };

export function presentTax(row: TaxRow): Tax {
  return {
    id: row.id,
    name: row.name,
    rate: row.rate,
    status: row.status,
    all_locations: row.allLocations,
    location_ids: row.locationIds,
    applies_to: row.appliesTo,
    product_ids: row.productIds,
    category_ids: row.categoryIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentDiscount(row: DiscountRow, business: { currency: string; timeZone: string }): Discount {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    value: presentValue(row, business.currency),
    applies_to: row.appliesTo,
    product_ids: row.productIds,
    category_ids: row.categoryIds,
    minimum_spend: row.minimumSpend === null ? null : { amount: row.minimumSpend, currency: business.currency },
    channels: row.channels,
    all_locations: row.allLocations,
    location_ids: row.locationIds,
    starts_at: row.startsAt ? toLocalDateTime(row.startsAt, business.timeZone) : null,
    ends_at: row.endsAt ? toLocalDateTime(row.endsAt, business.timeZone) : null,
    automatic: row.automatic,
    usage_limit: row.usageLimit,
    times_used: Number(row.used),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentSurcharge(row: SurchargeRow, currency: string): Surcharge {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    kind: row.kind,
    value: presentValue(row, currency),
    taxable: row.taxable,
    tax_ids: row.taxIds,
    all_locations: row.allLocations,
    location_ids: row.locationIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
