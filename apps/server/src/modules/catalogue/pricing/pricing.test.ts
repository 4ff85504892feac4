import { describe, expect, it } from 'vitest';
import { priceOrder } from '@merchant/core';
import { fromLocalDateTime, toLocalDateTime } from './pricing.presenter';
import { orderDiscountOf, orderSurchargeOf } from './pricing.service';
import type { DiscountRow, SurchargeRow } from './pricing.repository';

/** The pure parts of pricing: wall-clock schedules in a zone, and rows as the order arithmetic's input. */
const now = new Date('2026-11-01T00:00:00Z');
const discount = (fields: Partial<DiscountRow>): DiscountRow => ({
  businessId: 'b',
  id: 'd1',
  name: 'Ten off',
  status: 'active',
  valueType: 'percentage',
  rate: 1000,
  amount: null,
  appliesTo: 'order',
  productIds: [],
  categoryIds: [],
  minimumSpend: null,
  channels: ['pos'],
  allLocations: true,
  locationIds: [],
  startsAt: null,
  endsAt: null,
  automatic: true,
  createdAt: now,
  updatedAt: now,
  usageLimit: null,
  used: 0,
  ...fields,
});

describe('schedules in the business’s time zone', () => {
  it('reads a wall-clock time in the zone and writes it back, across a daylight-saving change', () => {
    expect(fromLocalDateTime('2026-12-01T09:00', 'Asia/Singapore').toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(toLocalDateTime(new Date('2026-12-01T01:00:00Z'), 'Asia/Singapore')).toBe('2026-12-01T09:00');
    // New York: winter is UTC-5, summer UTC-4.
    expect(fromLocalDateTime('2026-01-15T10:30', 'America/New_York').toISOString()).toBe('2026-01-15T15:30:00.000Z');
    expect(fromLocalDateTime('2026-07-15T10:30', 'America/New_York').toISOString()).toBe('2026-07-15T14:30:00.000Z');
    for (const local of ['2026-03-08T01:59', '2026-03-08T03:00', '2026-11-01T23:45', '2026-12-31T00:00']) {
      expect(toLocalDateTime(fromLocalDateTime(local, 'America/New_York'), 'America/New_York')).toBe(local);
    }
  });
});

describe('rows as the order arithmetic’s input', () => {
  it('turns a percentage, a fixed amount per unit of named items and a minimum spend into order discounts', () => {
    expect(orderDiscountOf(discount({}))).toEqual({ id: 'd1', name: 'Ten off', value: { type: 'percentage', rate: 1000 }, appliesTo: { type: 'order' } });
    expect(orderDiscountOf(discount({ valueType: 'fixed', rate: null, amount: 50, appliesTo: 'items', productIds: ['p1'], minimumSpend: 1000 }))).toEqual({
      id: 'd1',
      name: 'Ten off',
      value: { type: 'fixed', amount: 50 },
      appliesTo: { type: 'items', productIds: ['p1'], categoryIds: [], lineIds: [] },
      minimumSpend: 1000,
    });
  });

  it('prices an order with a surcharge taxed by the lines’ taxes', () => {
    const row: SurchargeRow = {
      businessId: 'b',
      id: 's1',
      name: 'Service',
      status: 'active',
      kind: 'service_charge',
      valueType: 'percentage',
      rate: 1000,
      amount: null,
      taxable: true,
      taxIds: [],
      allLocations: true,
      locationIds: [],
      createdAt: now,
      updatedAt: now,
    };
    const priced = priceOrder({
      currency: 'sgd',
      settings: { pricesIncludeTax: false, rounding: 'line' },
      lines: [{ id: 'l1', unitPrice: 1000, quantity: 1, taxIds: ['gst'] }],
      taxes: [{ id: 'gst', name: 'GST', rate: 900 }],
      discounts: [orderDiscountOf(discount({}))],
      surcharges: [orderSurchargeOf(row)],
    });
    // 10.00 less 10 % = 9.00; service 0.90; GST 9 % of 9.00 and of 0.90 = 0.81 + 0.08.
    expect([priced.discount, priced.surcharge, priced.tax, priced.total]).toEqual([100, 90, 89, 1079]);
  });
});
