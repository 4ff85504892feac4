import { AppError } from '@merchant/core';
import type { RegisterDevice } from '@merchant/pos';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { devicesRepository as repo, type DeviceRow } from './devices.repository';

const deviceNotFound = () => new AppError('POS_DEVICE_NOT_FOUND', 'Register device not found.');

const present = (row: DeviceRow): RegisterDevice => ({
  id: row.id,
  name: row.name,
  offline_allowed: row.offlineAllowed,
  offline_changed_by: row.offlineChangedBy ? { id: row.offlineChangedBy, name: row.changedByName ?? 'Staff' } : null,
  offline_changed_at: row.offlineChangedAt?.toISOString() ?? null,
  last_seen_at: row.lastSeenAt.toISOString(),
});

/**
 * The register's devices and their offline allowance (docs/pos.md, "Offline allowance"): a browser keeps a device id and
 * reports it when the register opens; it may sell offline only once a manager (`pos:manage`) switched its allowance on,
 * and every switch is audited (`pos.device.offline_allowed` / `pos.device.offline_stopped`).
 */
export function createDevicesService(deps: { db: Executor; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

  return {
    async register(ctx: BusinessContext, body: { device_id: string; name: string }): Promise<RegisterDevice> {
      const businessId = ctx.business.row.id;
      await repo.upsertSeen(db, { businessId, id: body.device_id, name: body.name, registeredBy: ctx.user.id, now: clock.now() });
      return present((await repo.find(db, businessId, body.device_id))!);
    },

    list: async (ctx: BusinessContext) => ({ data: (await repo.list(db, ctx.business.row.id)).map(present) }),

    async setOfflineAllowance(ctx: BusinessContext, deviceId: string, allowed: boolean): Promise<RegisterDevice> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const row = await repo.find(tx, businessId, deviceId, true);
        if (!row) throw deviceNotFound();
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
        return present((await repo.find(tx, businessId, deviceId))!);
      });
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
