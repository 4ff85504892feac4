import { AppError } from '@merchant/core';
import type { Executor } from '@/db/client';
import { locationScopeOf } from '@/modules/business/staff/staff-locations.read-model';

/**
 * Staff limited to locations (docs/roles.md, "Locations"). Something of another location that the caller reads (an
 * order, a drawer) is 404, as if it were not there (a cashier's view of another's order is the same); an action the
 * caller asks for at another location (open a drawer, sell, adjust stock, pair or move a reader) is 403
 * `LOCATION_NOT_ALLOWED`.
 */
export const locationNotAllowed = () =>
  new AppError('LOCATION_NOT_ALLOWED', 'You work at other locations: a manager can add this one to your locations on your staff page.');

/** Who asks: a request's context, or the person a job acts for (a product import's rows). */
type Caller = { user: { id: string }; business: { row: { id: string }; locationIds?: readonly string[] | null } };

/**
 * The caller's locations, null when every one: as the request's access check read them with the role (no statement;
 * the locations the caller had when the request began, as the role is, including inside a transaction), else read
 * through `db`.
 */
export const callerLocations = async (db: Executor, ctx: Caller): Promise<readonly string[] | null> =>
  ctx.business.locationIds !== undefined ? ctx.business.locationIds : locationScopeOf(db, ctx.business.row.id, ctx.user.id);

/** Whether a scope (null: every location) takes in the location. */
export const inScope = (scope: readonly string[] | null, locationId: string): boolean => scope === null || scope.includes(locationId);

/** Refuses an action at locations the caller does not work at (403 `LOCATION_NOT_ALLOWED`). */
export async function assertLocationsAllowed(db: Executor, ctx: Caller, locationIds: readonly string[]): Promise<void> {
  if (locationIds.length === 0) return;
  const scope = await callerLocations(db, ctx);
  if (!locationIds.every((id) => inScope(scope, id))) throw locationNotAllowed();
}
