import { AppError } from '@merchant/core';
import type { RegisterDevice } from '@merchant/pos';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { LocationsService } from '@/modules/catalogue/products/locations.service';
import { devicesRepository as repo, type DeviceRow } from './devices.repository';

const deviceNotFound = () => new AppError('POS_DEVICE_NOT_FOUND', 'Register device not found.');

const present = (row: DeviceRow): RegisterDevice => ({
  id: row.id,
  name: row.name,
  location: row.locationId ? { id: row.locationId, name: row.locationName ?? 'Location' } : null,
  app_version: row.appVersion,
  offline_allowed: row.offlineAllowed,
  offline_changed_by: row.offlineChangedBy ? { id: row.offlineChangedBy, name: row.changedByName ?? 'Staff' } : null,
  offline_changed_at: row.offlineChangedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  last_seen_at: row.lastSeenAt.toISOString(),
});

/**
 * The register's devices and their offline allowance (docs/pos.md, "Offline allowance"): a browser keeps a device id and
 * reports it when the register opens; it may sell offline only once a manager (`pos:manage`) switched its allowance on,
 * and every switch is audited (`pos.device.offline_allowed` / `pos.device.offline_stopped`).
 */
export function createDevicesService(deps: { db: Executor; clock: Clock; audit: AuditService; locations: Pick<LocationsService, 'getIn'> }) {
  const { db, clock, audit } = deps;

  /** A change a manager made to a device, audited in its transaction; answers the device as it is then. */
  async function change(ctx: BusinessContext, deviceId: string, apply: (tx: Executor, row: DeviceRow) => Promise<void>): Promise<RegisterDevice> {
    const businessId = ctx.business.row.id;
    return db.transaction(async (tx) => {
      const row = await repo.find(tx, businessId, deviceId, true);
      if (!row) throw deviceNotFound();
      await apply(tx, row);
      return present((await repo.find(tx, businessId, deviceId))!);
    });
  }

  return {
    async register(
      ctx: BusinessContext,
      body: { device_id: string; name: string; location_id?: string | null; app_version?: string | null },
    ): Promise<RegisterDevice> {
      const businessId = ctx.business.row.id;
      if (body.location_id) {
        await deps.locations.getIn(db, businessId, body.location_id).catch(() => {
          throw new AppError('VALIDATION_FAILED', 'Choose a location from the list', [{ path: 'location_id', message: 'Choose a location from the list' }]);
        });
      }
      await repo.upsertSeen(db, {
        businessId,
        id: body.device_id,
        name: body.name,
        registeredBy: ctx.user.id,
        now: clock.now(),
        locationId: body.location_id,
        appVersion: body.app_version,
      });
      return present((await repo.find(db, businessId, body.device_id))!);
    },

    rename: (ctx: BusinessContext, deviceId: string, name: string) =>
      change(ctx, deviceId, async (tx, row) => {
        if (row.name === name) return;
        await repo.rename(tx, row.businessId, deviceId, name);
        await audit.record(tx, ctx, {
          action: 'pos.device.renamed',
          description: `Renamed the register device “${row.name}” to “${name}”`,
          actorUserId: ctx.user.id,
          businessId: row.businessId,
          objectType: 'pos_device',
          objectId: deviceId,
          meta: { from: row.name, to: name },
        });
      }),

    async forget(ctx: BusinessContext, deviceId: string): Promise<{ removed: true }> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const row = await repo.find(tx, businessId, deviceId, true);
        if (!row) throw deviceNotFound();
        await repo.remove(tx, businessId, deviceId);
        await audit.record(tx, ctx, {
          action: 'pos.device.forgotten',
          description: `Forgot the register device “${row.name}”${row.offlineAllowed ? ' (it was allowed to sell offline)' : ''}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'pos_device',
          objectId: deviceId,
          meta: { name: row.name, offline_allowed: row.offlineAllowed },
        });
      });
      return { removed: true };
    },

    list: async (ctx: BusinessContext) => ({ data: (await repo.list(db, ctx.business.row.id)).map(present) }),

    setOfflineAllowance: (ctx: BusinessContext, deviceId: string, allowed: boolean) =>
      change(ctx, deviceId, async (tx, row) => {
        const businessId = row.businessId;
        if (row.offlineAllowed !== allowed) {
          await repo.setOffline(tx, businessId, deviceId, allowed, ctx.user.id, clock.now());
          await audit.record(tx, ctx, {
            action: allowed ? 'pos.device.offline_allowed' : 'pos.device.offline_stopped',
            description: allowed
              ? `Allowed offline selling on the register device “${row.name}”`
              : `Stopped offline selling on the register device “${row.name}”`,
            actorUserId: ctx.user.id,
            businessId,
            objectType: 'pos_device',
            objectId: deviceId,
            meta: { allowed },
          });
        }
      }),
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
