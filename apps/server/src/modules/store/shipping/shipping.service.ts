import { AppError, fieldError } from '@merchant/core';
import {
  postcodeSpecificity,
  type Pickup,
  type PickupFields,
  type RateBand,
  type ShippingRateFields,
  type ShippingZone,
  type ShippingZoneFields,
} from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { uniqueViolationOf } from '@/db/unique-violation';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { LocationsService } from '@/modules/catalogue/products/locations.service';
import { shippingRepository as repo, type PickupRow, type RateInsert, type RateRow, type ZoneRow } from './shipping.repository';

export const zoneNotFound = () => new AppError('SHIPPING_ZONE_NOT_FOUND', 'Shipping zone not found.');
export const pickupNotFound = () => new AppError('PICKUP_NOT_FOUND', 'Pickup point not found.');

/** What the checkout asks: where the order goes, what it weighs (grams, units without a weight count 0) and its subtotal (minor units). */
export interface DeliveryQuestion {
  country: string;
  postcode: string | null | undefined;
  weightGrams: number;
  subtotal: number;
}
export interface DeliveryRate {
  id: string;
  name: string;
  /** Minor units of the business's currency. */
  amount: number;
  estimate: string | null;
}

/** The amount of a band for this measure: the first band whose bound reaches it; null beyond the last. */
export function bandAmount(bands: readonly RateBand[], measure: number): number | null {
  for (const band of bands) if (band.up_to === null || measure <= band.up_to) return band.amount;
  return null;
}

/** A rate's price for an order, or null when the rate does not take it (beyond its last band). */
export function rateAmount(rate: Pick<RateRow, 'kind' | 'amount' | 'bands' | 'freeOver'>, weightGrams: number, subtotal: number): number | null {
  const price = rate.kind === 'flat' ? rate.amount : bandAmount(rate.bands, rate.kind === 'weight' ? weightGrams : subtotal);
  if (price === null) return null;
  return rate.freeOver !== null && subtotal >= rate.freeOver ? 0 : price;
}

/**
 * The zone whose rates an address gets: among the zones naming its country, a zone whose postcode patterns match
 * wins over a zone of the whole country; among matching patterns the more precise (exact, then the fewer postcodes
 * covered); among equals the oldest zone. A zone with patterns none of which match does not apply.
 */
export function winningZone<Z extends Pick<ZoneRow, 'postcodes'>>(zones: readonly Z[], postcode: string | null | undefined): Z | null {
  let best: { zone: Z; score: number } | null = null;
  for (const zone of zones) {
    let score: number | null;
    if (zone.postcodes.length === 0) score = Number.MIN_SAFE_INTEGER;
    else score = postcode ? postcodeSpecificity(zone.postcodes, postcode) : null;
    if (score === null) continue;
    if (!best || score > best.score) best = { zone, score };
  }
  return best?.zone ?? null;
}

function presentRate(row: RateRow): ShippingZone['rates'][number] {
  return { id: row.id, name: row.name, estimate: row.estimate, kind: row.kind, amount: row.amount, bands: row.bands, free_over: row.freeOver };
}

function presentZone(row: ZoneRow, rates: RateRow[]): ShippingZone {
  return {
    id: row.id,
    name: row.name,
    countries: row.countries,
    postcodes: row.postcodes,
    currency: row.currency,
    rates: rates.filter((r) => r.zoneId === row.id).map(presentRate),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const rateRow = (businessId: string, zoneId: string, rate: ShippingRateFields, position: number, id: string): RateInsert => ({
  businessId,
  id,
  zoneId,
  position,
  name: rate.name,
  estimate: rate.estimate,
  kind: rate.kind,
  amount: rate.kind === 'flat' ? rate.amount : null,
  bands: rate.kind === 'flat' ? [] : rate.bands,
  freeOver: rate.free_over,
});

/**
 * Shipping zones and their rates, and pickup points (docs/online-store.md, "Shipping and coupons"). Zone names are
 * unique per business whatever their case. The checkout calls `quoteDelivery` and `listPickups` in its transaction.
 */
export function createShippingService(deps: { db: Executor; clock: Clock; audit: AuditService; locations: Pick<LocationsService, 'getIn'> }) {
  const { db, clock, audit, locations } = deps;

  const recordIn = (tx: Executor, ctx: BusinessContext, objectType: string, objectId: string, action: string, description: string) =>
    audit.record(tx, ctx, { action, description, actorUserId: ctx.user.id, businessId: ctx.business.row.id, objectType, objectId });

  async function named<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (uniqueViolationOf(error) === 'shipping_zones_name_key') throw fieldError('VALIDATION_FAILED', 'name', 'Another shipping zone has this name');
      throw error;
    }
  }

  async function zoneIn(executor: Executor, businessId: string, id: string): Promise<ShippingZone> {
    const row = await repo.findZone(executor, businessId, id);
    if (!row) throw zoneNotFound();
    return presentZone(row, await repo.ratesOf(executor, businessId, [id]));
  }

  async function presentPickups(executor: Executor, businessId: string, rows: PickupRow[], onlyOpenLocations = false): Promise<Pickup[]> {
    const places = new Map<string, Pickup['location']>();
    for (const id of new Set(rows.map((r) => r.locationId))) {
      const location = await locations.getIn(executor, businessId, id);
      if (!onlyOpenLocations || location.status === 'active') places.set(id, { id, name: location.name, address: location.address });
    }
    return rows
      .filter((row) => places.has(row.locationId))
      .map((row) => ({
        id: row.id,
        name: row.name,
        location: places.get(row.locationId)!,
        hours: row.hours,
        instructions: row.instructions,
        active: row.active,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      }));
  }

  async function pickupIn(executor: Executor, businessId: string, id: string): Promise<Pickup> {
    const row = await repo.findPickup(executor, businessId, id);
    if (!row) throw pickupNotFound();
    const [pickup] = await presentPickups(executor, businessId, [row]);
    return pickup!;
  }

  /** The location of a pickup: an active location of the business. */
  async function checkLocation(tx: Executor, businessId: string, locationId: string) {
    const location = await locations.getIn(tx, businessId, locationId).catch(() => null);
    if (location?.status !== 'active') throw fieldError('VALIDATION_FAILED', 'location_id', 'Choose an active location from the list');
    return location;
  }

  return {
    async listZones(businessId: string, q: string | undefined) {
      const zones = await repo.zones(db, businessId, q);
      const rates = await repo.ratesOf(
        db,
        businessId,
        zones.map((z) => z.id),
      );
      return { data: zones.map((z) => presentZone(z, rates)) };
    },

    getZone: (businessId: string, id: string) => zoneIn(db, businessId, id),

    async createZone(ctx: BusinessContext, body: ShippingZoneFields): Promise<ShippingZone> {
      const businessId = ctx.business.row.id;
      const now = clock.now();
      const id = newTimeOrderedId(now.getTime());
      return named(() =>
        db.transaction(async (tx) => {
          await repo.insertZone(tx, {
            businessId,
            id,
            name: body.name,
            countries: body.countries,
            postcodes: body.postcodes,
            currency: ctx.business.row.currency,
            createdAt: now,
            updatedAt: now,
          });
          await repo.replaceRates(
            tx,
            businessId,
            id,
            body.rates.map((r, i) => rateRow(businessId, id, r, i, newTimeOrderedId(now.getTime()))),
          );
          await recordIn(tx, ctx, 'shipping_zone', id, 'shipping_zone.created', `Added the shipping zone “${body.name}” with ${body.rates.length} rate(s)`);
          return zoneIn(tx, businessId, id);
        }),
      );
    },

    async updateZone(ctx: BusinessContext, id: string, body: ShippingZoneFields): Promise<ShippingZone> {
      const businessId = ctx.business.row.id;
      return named(() =>
        db.transaction(async (tx) => {
          const row = await repo.findZone(tx, businessId, id, true);
          if (!row) throw zoneNotFound();
          const now = clock.now();
          const kept = new Set((await repo.ratesOf(tx, businessId, [id])).map((r) => r.id));
          await repo.updateZone(tx, businessId, id, { name: body.name, countries: body.countries, postcodes: body.postcodes, updatedAt: now });
          await repo.replaceRates(
            tx,
            businessId,
            id,
            body.rates.map((r, i) => rateRow(businessId, id, r, i, r.id && kept.has(r.id) ? r.id : newTimeOrderedId(now.getTime()))),
          );
          await recordIn(tx, ctx, 'shipping_zone', id, 'shipping_zone.updated', `Edited the shipping zone “${body.name}”`);
          return zoneIn(tx, businessId, id);
        }),
      );
    },

    async removeZone(ctx: BusinessContext, id: string): Promise<{ removed: true }> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const row = await repo.findZone(tx, businessId, id, true);
        if (!row) throw zoneNotFound();
        await repo.removeZone(tx, businessId, id);
        await recordIn(tx, ctx, 'shipping_zone', id, 'shipping_zone.removed', `Deleted the shipping zone “${row.name}”`);
        return { removed: true as const };
      });
    },

    async listPickupsPage(businessId: string, filter: { q?: string | undefined; status: 'active' | 'inactive' | 'all' }) {
      const rows = await repo.pickups(db, businessId, { q: filter.q, active: filter.status === 'all' ? null : filter.status === 'active' });
      return { data: await presentPickups(db, businessId, rows) };
    },

    getPickup: (businessId: string, id: string) => pickupIn(db, businessId, id),

    async createPickup(ctx: BusinessContext, body: PickupFields): Promise<Pickup> {
      const businessId = ctx.business.row.id;
      const now = clock.now();
      const id = newTimeOrderedId(now.getTime());
      return db.transaction(async (tx) => {
        const location = await checkLocation(tx, businessId, body.location_id);
        await repo.insertPickup(tx, {
          businessId,
          id,
          locationId: body.location_id,
          name: body.name,
          hours: body.hours,
          instructions: body.instructions,
          active: body.active,
          createdAt: now,
          updatedAt: now,
        });
        await recordIn(tx, ctx, 'pickup', id, 'pickup.created', `Added the pickup point “${body.name}” at “${location.name}”`);
        return pickupIn(tx, businessId, id);
      });
    },

    async updatePickup(ctx: BusinessContext, id: string, body: PickupFields): Promise<Pickup> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const row = await repo.findPickup(tx, businessId, id, true);
        if (!row) throw pickupNotFound();
        // A pickup may stay at the location it has even when that location was archived since; a new one must be active.
        if (body.location_id !== row.locationId) await checkLocation(tx, businessId, body.location_id);
        await repo.updatePickup(tx, businessId, id, {
          locationId: body.location_id,
          name: body.name,
          hours: body.hours,
          instructions: body.instructions,
          active: body.active,
          updatedAt: clock.now(),
        });
        const what = row.active !== body.active ? (body.active ? ' and turned it on' : ' and turned it off') : '';
        await recordIn(tx, ctx, 'pickup', id, 'pickup.updated', `Edited the pickup point “${body.name}”${what}`);
        return pickupIn(tx, businessId, id);
      });
    },

    /**
     * The rates the checkout offers for an address (docs/online-store.md): the rates of the winning zone that take
     * the order, cheapest first (then in the zone's order); none when no zone covers the address.
     */
    async quoteDelivery(tx: Executor, businessId: string, question: DeliveryQuestion): Promise<{ rates: DeliveryRate[] }> {
      const zones = await repo.zonesOfCountry(tx, businessId, question.country.trim().toLowerCase());
      const zone = winningZone(zones, question.postcode);
      if (!zone) return { rates: [] };
      const rates = (await repo.ratesOf(tx, businessId, [zone.id]))
        .map((rate) => ({ rate, amount: rateAmount(rate, question.weightGrams, question.subtotal) }))
        .filter((r): r is { rate: RateRow; amount: number } => r.amount !== null)
        .sort((a, b) => a.amount - b.amount || a.rate.position - b.rate.position);
      return { rates: rates.map(({ rate, amount }) => ({ id: rate.id, name: rate.name, amount, estimate: rate.estimate })) };
    },

    /** The active pickup points at active locations, by name, for the checkout. */
    async listPickups(tx: Executor, businessId: string): Promise<Pickup[]> {
      return presentPickups(tx, businessId, await repo.pickups(tx, businessId, { active: true, q: undefined }), true);
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
