import { AppError, fieldError } from '@merchant/core';
import {
  INTEGRATION_PLATFORM_LABELS,
  maskAccount,
  type CreateIntegrationBody,
  type Integration,
  type NewIntegrationKey,
  type ReauthFields,
  type UpdateIntegrationBody,
} from '@merchant/payments';
import type { AppConfig } from '@/config';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { outboundUrlProblem } from '@/lib/outbound-http';
import type { AuthService } from '@/modules/identity/auth/auth.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { ApiKeysService } from './api-keys.service';
import { integrationsRepository as repo, type IntegrationRow, type IntegrationWithKey } from './integrations.repository';

const notFound = () => new AppError('INTEGRATION_NOT_FOUND', 'Integration not found.');
const reauthOf = ({ password, code }: ReauthFields) => ({ password, code });

export function presentIntegration({ integration: row, key, lastUsedAt }: IntegrationWithKey): Integration {
  return {
    id: row.id,
    name: row.name,
    platform: row.platform,
    callback_url: row.callbackUrl,
    status: row.enabled ? 'enabled' : 'disabled',
    key_last4: key ? maskAccount(key.keyLast4) : '',
    salt_last4: key ? maskAccount(key.saltLast4) : '',
    last_used_at: lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const describe = (row: Pick<IntegrationRow, 'name' | 'platform'>) => `the ${INTEGRATION_PLATFORM_LABELS[row.platform]} integration "${row.name}"`;

/**
 * Plugin integrations (docs/developers.md, "Plugin integrations"): each has its own key and salt, made by the API
 * keys' module (a row of `api_keys` with the integration's id: it authenticates the public API as a full-access
 * business key, acting as its maker). Making one, rotating its key and deleting it ask for the password or a
 * two-factor code, as the API keys do; every change is audited. A callback URL passes the outbound guard's rules.
 */
export function createIntegrationsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  auth: Pick<AuthService, 'confirmIdentity'>;
  apiKeys: Pick<ApiKeysService, 'mintForIntegration'>;
  /** `webhookPrivateTargets`: private and loopback callback targets allowed (development and the tests), read at each check. */
  config: Pick<AppConfig, 'webhookPrivateTargets'>;
}) {
  const { db, clock, audit, auth } = deps;

  function checkCallback(url: string | null): void {
    if (!url) return;
    const problem = outboundUrlProblem(url, deps.config.webhookPrivateTargets);
    if (problem) throw fieldError('VALIDATION_FAILED', 'callback_url', problem);
  }

  async function record(tx: Executor, ctx: BusinessContext, action: string, description: string, row: IntegrationRow, meta: object = {}): Promise<void> {
    await audit.record(tx, ctx, {
      action,
      description,
      actorUserId: ctx.user.id,
      businessId: ctx.business.row.id,
      objectType: 'integration',
      objectId: row.id,
      meta: { name: row.name, platform: row.platform, ...meta },
    });
  }

  async function current(businessId: string, id: string): Promise<IntegrationWithKey> {
    const found = await repo.find(db, businessId, id);
    if (!found) throw notFound();
    return found;
  }

  return {
    list: async (businessId: string) => (await repo.list(db, businessId)).map(presentIntegration),

    get: async (businessId: string, id: string) => presentIntegration(await current(businessId, id)),

    async create(ctx: BusinessContext, body: CreateIntegrationBody): Promise<NewIntegrationKey> {
      const businessId = ctx.business.row.id;
      const callbackUrl = body.callback_url?.trim() || null;
      checkCallback(callbackUrl);
      const now = clock.now();
      const id = newTimeOrderedId();
      const name = body.name.trim();
      const fresh = await deps.apiKeys.mintForIntegration(businessId, ctx.user.id, `Integration: ${name}`, id, null);
      const saved = await auth.confirmIdentity(ctx.user, reauthOf(body), async (tx) => {
        const row = await repo.insert(tx, {
          businessId,
          id,
          name,
          platform: body.platform,
          callbackUrl,
          enabled: true,
          createdByUserId: ctx.user.id,
          createdAt: now,
          updatedAt: now,
        });
        const key = await repo.insertKey(tx, fresh.row);
        await record(tx, ctx, 'integration.created', `Created ${describe(row)} with a key ending in ${key.keyLast4}`, row, { key: maskAccount(key.keyLast4) });
        return { integration: row, key, lastUsedAt: null };
      });
      return { integration: presentIntegration(saved), api_key: fresh.key, salt: fresh.salt };
    },

    async update(ctx: BusinessContext, id: string, body: UpdateIntegrationBody): Promise<Integration> {
      const businessId = ctx.business.row.id;
      const callbackUrl = body.callback_url?.trim() || null;
      checkCallback(callbackUrl);
      await db.transaction(async (tx) => {
        const old = await repo.lock(tx, businessId, id);
        if (!old) throw notFound();
        const saved = (await repo.update(tx, businessId, id, { name: body.name.trim(), callbackUrl, enabled: body.enabled, updatedAt: clock.now() }))!;
        const changes = [
          old.name !== saved.name ? `renamed it from "${old.name}"` : null,
          old.callbackUrl !== saved.callbackUrl ? `set its callback URL to ${saved.callbackUrl ?? 'none'}` : null,
          old.enabled !== saved.enabled ? (saved.enabled ? 'enabled it' : 'disabled it (its key is refused)') : null,
        ].filter((c) => c !== null);
        const what = changes.length > 0 ? `: ${changes.join(', ')}` : '';
        await record(tx, ctx, 'integration.updated', `Edited ${describe(saved)}${what}`, saved, { enabled: saved.enabled, callback_url: saved.callbackUrl });
      });
      return presentIntegration(await current(businessId, id));
    },

    async rotate(ctx: BusinessContext, id: string, body: ReauthFields): Promise<NewIntegrationKey> {
      const businessId = ctx.business.row.id;
      const before = await current(businessId, id);
      const fresh = await deps.apiKeys.mintForIntegration(businessId, ctx.user.id, `Integration: ${before.integration.name}`, id, before.key?.id ?? null);
      await auth.confirmIdentity(ctx.user, reauthOf(body), async (tx) => {
        const row = await repo.lock(tx, businessId, id);
        if (!row) throw notFound();
        // The old key is refused at once: a plugin takes its new key as soon as it is pasted.
        await repo.revokeKeys(tx, businessId, id, clock.now());
        const key = await repo.insertKey(tx, fresh.row);
        await record(tx, ctx, 'integration.key_rotated', `Rotated the key of ${describe(row)}: the new key ends in ${key.keyLast4}`, row, {
          key: maskAccount(key.keyLast4),
        });
      });
      return { integration: presentIntegration(await current(businessId, id)), api_key: fresh.key, salt: fresh.salt };
    },

    async delete(ctx: BusinessContext, id: string, body: ReauthFields): Promise<{ deleted: true }> {
      const businessId = ctx.business.row.id;
      await current(businessId, id);
      await auth.confirmIdentity(ctx.user, reauthOf(body), async (tx) => {
        const row = await repo.lock(tx, businessId, id);
        if (!row) throw notFound();
        const now = clock.now();
        await repo.revokeKeys(tx, businessId, id, now);
        await repo.update(tx, businessId, id, { deletedAt: now, enabled: false, updatedAt: now });
        await record(tx, ctx, 'integration.deleted', `Deleted ${describe(row)}: its key is refused`, row);
      });
      return { deleted: true };
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
