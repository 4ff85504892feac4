import { fieldError } from '@merchant/core';
import { MALL_FORMAT_LABELS, type CreateMallIntegrationBody, type MallIntegration, type UpdateMallIntegrationBody } from '@merchant/pos';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { SecretBox } from '@/lib/secret-box';
import { mallGtoRepository as repo, type MallIntegrationRow } from './mall-gto.repository';
import { integrationNotFound, presentIntegration, targetOf } from './mall-gto.shared';
import { describeSftpError, type SftpTransport } from './sftp';

type Create = Omit<CreateMallIntegrationBody, 'sftp_port' | 'active' | 'remote_directory'> & { sftp_port: number; active: boolean; remote_directory: string };

/**
 * Mall integrations (docs/pos.md, "Mall sales reporting"): the mall's file format, tenant and machine ids, the
 * location whose sales it reports and the SFTP server, its password or key sealed and never answered.
 */
export function createMallIntegrationsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  secrets: () => Promise<SecretBox>;
  transport: SftpTransport;
}) {
  const { db, clock } = deps;

  async function presentIn(executor: Executor, businessId: string, row: MallIntegrationRow): Promise<MallIntegration> {
    const names = await repo.locationNames(executor, businessId, [row.locationId]);
    const last = (await repo.lastRuns(executor, businessId)).find((r) => r.integrationId === row.id);
    return presentIntegration(row, names.get(row.locationId) ?? '', last);
  }

  async function mustFind(executor: Executor, businessId: string, id: string): Promise<MallIntegrationRow> {
    const row = await repo.findIntegration(executor, businessId, id);
    if (!row) throw integrationNotFound();
    return row;
  }

  async function checkLocation(executor: Executor, businessId: string, locationId: string): Promise<void> {
    if (!(await repo.locationExists(executor, businessId, locationId))) throw fieldError('VALIDATION_FAILED', 'location_id', 'Choose a location from the list');
  }

  const record = (tx: Executor, ctx: BusinessContext, id: string, action: string, description: string) =>
    deps.audit.record(tx, ctx, {
      action,
      description,
      actorUserId: ctx.user.id,
      businessId: ctx.business.row.id,
      objectType: 'mall_integration',
      objectId: id,
    });

  return {
    mustFind,

    /** The id of the business's location of that name (the demo seed). */
    locationNamed: (businessId: string, name: string) => repo.locationNamed(db, businessId, name),

    async list(businessId: string): Promise<{ data: MallIntegration[] }> {
      const rows = await repo.listIntegrations(db, businessId);
      const names = await repo.locationNames(
        db,
        businessId,
        rows.map((r) => r.locationId),
      );
      const last = new Map((await repo.lastRuns(db, businessId)).map((r) => [r.integrationId, r]));
      return { data: rows.map((r) => presentIntegration(r, names.get(r.locationId) ?? '', last.get(r.id))) };
    },

    async get(businessId: string, id: string): Promise<MallIntegration> {
      return presentIn(db, businessId, await mustFind(db, businessId, id));
    },

    async create(ctx: BusinessContext, body: Create): Promise<MallIntegration> {
      const businessId = ctx.business.row.id;
      const box = await deps.secrets();
      const secret = body.auth_kind === 'password' ? body.password! : body.private_key!;
      return db.transaction(async (tx) => {
        await checkLocation(tx, businessId, body.location_id);
        const now = clock.now();
        const id = newTimeOrderedId(now.getTime());
        await repo.insertIntegration(tx, {
          businessId,
          id,
          name: body.name,
          format: body.format,
          locationId: body.location_id,
          tenantId: body.tenant_id,
          machineId: body.machine_id,
          sftpHost: body.sftp_host,
          sftpPort: body.sftp_port,
          sftpUsername: body.sftp_username,
          authKind: body.auth_kind,
          secretSealed: box.seal(secret),
          remoteDirectory: body.remote_directory,
          active: body.active,
          createdAt: now,
          updatedAt: now,
        });
        await record(tx, ctx, id, 'mall_integration.created', `Set up mall sales reporting for ${body.name} (${MALL_FORMAT_LABELS[body.format]})`);
        return presentIn(tx, businessId, (await repo.findIntegration(tx, businessId, id))!);
      });
    },

    async update(ctx: BusinessContext, id: string, body: UpdateMallIntegrationBody): Promise<MallIntegration> {
      const businessId = ctx.business.row.id;
      const box = await deps.secrets();
      return db.transaction(async (tx) => {
        const row = await mustFind(tx, businessId, id);
        if (body.location_id !== undefined) await checkLocation(tx, businessId, body.location_id);
        const authKind = body.auth_kind ?? row.authKind;
        const newSecret = authKind === 'password' ? body.password : body.private_key;
        // Switching between password and key needs the new secret; otherwise a blank one keeps the stored one.
        if (authKind !== row.authKind && !newSecret) {
          throw fieldError(
            'VALIDATION_FAILED',
            authKind === 'password' ? 'password' : 'private_key',
            authKind === 'password' ? 'Enter the SFTP password' : 'Paste the private key',
          );
        }
        const patch: Partial<MallIntegrationRow> = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.format !== undefined ? { format: body.format } : {}),
          ...(body.location_id !== undefined ? { locationId: body.location_id } : {}),
          ...(body.tenant_id !== undefined ? { tenantId: body.tenant_id } : {}),
          ...(body.machine_id !== undefined ? { machineId: body.machine_id } : {}),
          ...(body.sftp_host !== undefined ? { sftpHost: body.sftp_host } : {}),
          ...(body.sftp_port !== undefined ? { sftpPort: body.sftp_port } : {}),
          ...(body.sftp_username !== undefined ? { sftpUsername: body.sftp_username } : {}),
          ...(body.remote_directory !== undefined ? { remoteDirectory: body.remote_directory } : {}),
          ...(body.active !== undefined ? { active: body.active } : {}),
          authKind,
          ...(newSecret ? { secretSealed: box.seal(newSecret) } : {}),
          updatedAt: clock.now(),
        };
        await repo.updateIntegration(tx, businessId, id, patch);
        const changed = Object.keys(body).filter((k) => k !== 'password' && k !== 'private_key');
        const secretNote = newSecret ? ' and a new SFTP secret' : '';
        await record(
          tx,
          ctx,
          id,
          'mall_integration.updated',
          `Changed mall sales reporting for ${body.name ?? row.name} (${changed.join(', ') || 'no fields'}${secretNote})`,
        );
        return presentIn(tx, businessId, (await repo.findIntegration(tx, businessId, id))!);
      });
    },

    /** Signs in with the stored credentials and lists the remote folder: the answer says what happened. */
    async testConnection(ctx: BusinessContext, id: string): Promise<{ ok: boolean; message: string }> {
      const row = await mustFind(db, ctx.business.row.id, id);
      const target = targetOf(row, await deps.secrets());
      try {
        const entries = await deps.transport.check(target);
        return { ok: true, message: `Connected to ${row.sftpHost}: the folder holds ${entries} ${entries === 1 ? 'entry' : 'entries'}.` };
      } catch (error) {
        return { ok: false, message: describeSftpError(error) };
      }
    },
  };
}

export type MallIntegrationsService = ReturnType<typeof createMallIntegrationsService>;
