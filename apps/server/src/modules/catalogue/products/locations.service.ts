import { AppError, fieldError } from '@merchant/core';
import {
  type CreateLocationFields,
  type ListLocationsQuery,
  type Location,
  type LocationSettings,
  type LocationStatus,
  type UpdateLocationFields,
} from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { uniqueViolationOf } from '@/db/unique-violation';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { locationsRepository as repo, type LocationRow } from './locations.repository';

export const locationNotFound = () => new AppError('LOCATION_NOT_FOUND', 'Location not found.');
const nameTaken = () => fieldError('VALIDATION_FAILED', 'name', 'Another location has this name');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function presentLocation(row: LocationRow, onlineStoreLocationId: string | null): Location {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    address: row.address,
    phone: row.phone,
    opening_hours: row.openingHours,
    time_zone: row.timeZone,
    receipt_header: row.receiptHeader,
    receipt_footer: row.receiptFooter,
    online_store_default: row.id === onlineStoreLocationId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const encodeCursor = (row: LocationRow) => Buffer.from(JSON.stringify([row.name, row.id])).toString('base64url');
function decodeCursor(cursor: string | undefined): { key: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
    const [key, id] = parsed as unknown[];
    return typeof key === 'string' && typeof id === 'string' && UUID.test(id) ? { key, id } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Locations (docs/catalogue.md): names unique per business whatever their case (a unique index; a change that
 * meets it is the same field error as the check's), archived and brought back, never deleted. The location the
 * online store sells from is a business-wide setting and cannot be archived while it is.
 */
export function createLocationsService(deps: { db: Executor; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

  const recordIn = (tx: Executor, ctx: BusinessContext, objectId: string, action: string, description: string) =>
    audit.record(tx, ctx, { action, description, actorUserId: ctx.user.id, businessId: ctx.business.row.id, objectType: 'location', objectId });

  async function named<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (uniqueViolationOf(error) === 'locations_name_key') throw nameTaken();
      throw error;
    }
  }

  async function getIn(executor: Executor, businessId: string, id: string): Promise<Location> {
    const [row, online] = [await repo.find(executor, businessId, id), await repo.onlineStoreLocation(executor, businessId)];
    if (!row) throw locationNotFound();
    return presentLocation(row, online);
  }

  async function setStatus(ctx: BusinessContext, id: string, status: LocationStatus): Promise<Location> {
    const businessId = ctx.business.row.id;
    return db.transaction(async (tx) => {
      const online = await repo.onlineStoreLocation(tx, businessId, true);
      const row = await repo.find(tx, businessId, id, true);
      if (!row) throw locationNotFound();
      if (row.status !== status) {
        if (status === 'archived' && online === id) {
          throw new AppError('LOCATION_IN_USE', 'The online store sells from this location: choose another in the location settings first.');
        }
        await repo.update(tx, businessId, id, { status, updatedAt: clock.now() });
        await recordIn(
          tx,
          ctx,
          id,
          status === 'archived' ? 'location.archived' : 'location.unarchived',
          `${status === 'archived' ? 'Archived' : 'Brought back'} the location “${row.name}”`,
        );
      }
      return getIn(tx, businessId, id);
    });
  }

  return {
    getIn,

    async list(businessId: string, query: ListLocationsQuery) {
      const filter = { q: query.q, status: query.status === 'all' ? null : query.status };
      const [rows, online] = await Promise.all([
        repo.page(db, businessId, filter, query.limit, decodeCursor(query.cursor)),
        repo.onlineStoreLocation(db, businessId),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return { data: page.map((r) => presentLocation(r, online)), next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null };
    },

    get: (businessId: string, id: string) => getIn(db, businessId, id),

    async create(ctx: BusinessContext, body: CreateLocationFields): Promise<Location> {
      const businessId = ctx.business.row.id;
      const id = newTimeOrderedId(clock.now().getTime());
      return named(() =>
        db.transaction(async (tx) => {
          const now = clock.now();
          await repo.insert(tx, {
            businessId,
            id,
            name: body.name,
            address: body.address,
            phone: body.phone,
            openingHours: body.opening_hours,
            timeZone: body.time_zone ?? ctx.business.row.timeZone,
            receiptHeader: body.receipt_header,
            receiptFooter: body.receipt_footer,
            createdAt: now,
            updatedAt: now,
          });
          await recordIn(tx, ctx, id, 'location.created', `Added the location “${body.name}”`);
          return getIn(tx, businessId, id);
        }),
      );
    },

    async update(ctx: BusinessContext, id: string, body: UpdateLocationFields): Promise<Location> {
      const businessId = ctx.business.row.id;
      return named(() =>
        db.transaction(async (tx) => {
          const row = await repo.find(tx, businessId, id, true);
          if (!row) throw locationNotFound();
          await repo.update(tx, businessId, id, {
            ...(body.name !== undefined && { name: body.name }),
            ...(body.address !== undefined && { address: body.address }),
            ...(body.phone !== undefined && { phone: body.phone }),
            ...(body.opening_hours !== undefined && { openingHours: body.opening_hours }),
            ...(body.time_zone !== undefined && { timeZone: body.time_zone }),
            ...(body.receipt_header !== undefined && { receiptHeader: body.receipt_header }),
            ...(body.receipt_footer !== undefined && { receiptFooter: body.receipt_footer }),
            updatedAt: clock.now(),
          });
          await recordIn(tx, ctx, id, 'location.updated', `Edited the location “${body.name ?? row.name}”`);
          return getIn(tx, businessId, id);
        }),
      );
    },

    archive: (ctx: BusinessContext, id: string) => setStatus(ctx, id, 'archived'),
    unarchive: (ctx: BusinessContext, id: string) => setStatus(ctx, id, 'active'),

    async settings(businessId: string): Promise<LocationSettings> {
      return { online_store_location_id: await repo.onlineStoreLocation(db, businessId) };
    },

    /** Chooses the location the online store sells from: an active location of the business, or none. */
    async saveSettings(ctx: BusinessContext, body: LocationSettings): Promise<LocationSettings> {
      const businessId = ctx.business.row.id;
      const locationId = body.online_store_location_id;
      return db.transaction(async (tx) => {
        const location = locationId ? await repo.find(tx, businessId, locationId, true) : null;
        if (locationId && location?.status !== 'active') {
          throw fieldError('VALIDATION_FAILED', 'online_store_location_id', 'Choose an active location from the list');
        }
        await repo.setOnlineStoreLocation(tx, businessId, locationId, clock.now());
        await recordIn(
          tx,
          ctx,
          locationId ?? businessId,
          'location.settings_saved',
          location ? `The online store sells from “${location.name}”` : 'The online store sells from no location',
        );
        return { online_store_location_id: locationId };
      });
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
