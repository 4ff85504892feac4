import { randomBytes } from 'node:crypto';
import { AppError } from '@merchant/core';
import { API_KEY_GRACE_HOURS, maskAccount, type ApiKey, type ApiKeyAccess, type CreateApiKeyBody, type NewApiKey, type ReauthFields } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import { appSecret } from '@/lib/app-secrets';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId, safeEqual, sha256 } from '@/lib/crypto';
import type { Mailer } from '@/mail/mailer';
import type { StaffService } from '@/modules/business/staff/staff.service';
import type { AuthService } from '@/modules/identity/auth/auth.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { secretBox, type SecretBox } from '@/lib/secret-box';
import type { ApiKeyCache } from './api-key-cache';
import { apiKeysRepository as repo, type ApiKeyRow } from './api-keys.repository';

const notFound = () => new AppError('API_KEY_NOT_FOUND', 'API key not found.');
/** A key and a salt: 32 random bytes in hex, 64 characters, as HitPay's are. */
const newSecret = () => randomBytes(32).toString('hex');
/** The characters a request's key is found by; the rest is only compared by hash. */
const LOOKUP_CHARS = 16;
const reauthOf = ({ password, code }: ReauthFields) => ({ password, code });
const ACCESS_LABEL: Record<ApiKeyAccess, string> = { read_only: 'read-only', full: 'full access' };
/** A key's use is noted at most this often. */
const TOUCH_EVERY_MS = 60_000;
const MAX_TOUCHED = 10_000;

/** The key a public API request authenticated with. */
export interface ApiKeyPrincipal {
  businessId: string;
  keyId: string;
  access: ApiKeyAccess;
  /** Who made the key: it acts with the role they hold in the business now. */
  makerUserId: string | null;
  /** Opens the key's salt (for the legacy webhook's `hmac`). */
  salt: () => Promise<string>;
  /** The plugin integration the key belongs to (its payment requests are tagged with it), else null. */
  integration: { id: string; callbackUrl: string | null } | null;
}

function statusOf(row: ApiKeyRow, now: Date): ApiKey['status'] {
  if (row.revokedAt || (row.expiresAt && row.expiresAt <= now)) return 'revoked';
  return row.expiresAt ? 'expiring' : 'active';
}

export function presentApiKey(row: ApiKeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    access: row.access,
    key_last4: maskAccount(row.keyLast4),
    salt_last4: maskAccount(row.saltLast4),
    status: statusOf(row, now),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const describe = (row: Pick<ApiKeyRow, 'name' | 'access' | 'keyLast4'>) =>
  `the API key "${row.name}" (${ACCESS_LABEL[row.access]}, ${maskAccount(row.keyLast4)})`;

/**
 * The public API's keys (docs/developers.md). Every change asks the person to confirm who they are
 * (`auth.confirmIdentity`), is audited and mailed to the active owners in its transaction. `authenticate`
 * answers from the process's key cache (api-key-cache.ts) when it holds the key: every change to a key or its
 * integration drops it there, in every process, before the change is answered, so a revoked key is refused at once
 * everywhere.
 */
export function createApiKeysService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  auth: Pick<AuthService, 'confirmIdentity'>;
  staff: Pick<StaffService, 'listMembers'>;
  /** Without it every request reads its key from the database. */
  cache?: ApiKeyCache | undefined;
}) {
  const { db, clock, audit, auth, cache } = deps;
  /** key id -> when this process last noted its use (ms). */
  const touched = new Map<string, number>();

  /** The key of a lookup, from the cache or the database (kept when nothing changed meanwhile). */
  async function keyOf(lookup: string) {
    const kept = cache?.get(lookup);
    if (kept) return kept;
    const mark = cache?.mark() ?? 0;
    const row = await repo.findByLookup(db, lookup);
    return row && cache ? cache.keep(mark, row) : row;
  }

  /** Notes a key's use when neither this process nor the row saw one in the last minute. */
  async function touch(row: Pick<ApiKeyRow, 'businessId' | 'id' | 'lastUsedAt'>, now: Date): Promise<void> {
    const last = Math.max(touched.get(row.id) ?? 0, row.lastUsedAt?.getTime() ?? 0);
    if (now.getTime() - last < TOUCH_EVERY_MS) return;
    touched.delete(row.id);
    touched.set(row.id, now.getTime());
    if (touched.size > MAX_TOUCHED) touched.delete(touched.keys().next().value as string);
    await repo.touch(db, row.businessId, row.id, now);
  }
  let box: Promise<SecretBox> | null = null;
  const salts = () => (box ??= appSecret(db, 'api_key_salt_key', clock.now()).then(secretBox));

  async function record(tx: Executor, ctx: BusinessContext, action: string, description: string, row: ApiKeyRow): Promise<void> {
    await audit.record(tx, ctx, {
      action,
      description,
      actorUserId: ctx.user.id,
      businessId: ctx.business.row.id,
      objectType: 'api_key',
      objectId: row.id,
      meta: { name: row.name, access: row.access, key: maskAccount(row.keyLast4) },
    });
  }

  const ownersOf = async (ctx: BusinessContext) => (await deps.staff.listMembers(ctx)).filter((m) => m.status === 'active' && m.role.title === 'Owner');

  async function mailOwners(tx: Executor, ctx: BusinessContext, owners: Awaited<ReturnType<typeof ownersOf>>, what: string): Promise<void> {
    const business = ctx.business.row.name;
    const when = clock.now().toISOString().replace('T', ' ').slice(0, 16);
    for (const owner of owners) {
      await deps.mailer.send(tx, {
        to: owner.email,
        subject: `API keys of ${business} changed`,
        text: [
          `Hello ${owner.name},`,
          '',
          `${ctx.user.name} (${ctx.user.email}) ${what} for ${business} on ${when} UTC.`,
          '',
          'If you did not expect this, sign in, revoke the key under Developers, check the audit log, and change your password.',
        ].join('\n'),
      });
    }
  }

  /** A new key's row and its clear key and salt (answered once). */
  async function made(businessId: string, userId: string, name: string, access: ApiKeyAccess, replacesId: string | null, integrationId: string | null = null) {
    const key = newSecret();
    const salt = newSecret();
    const sealed = (await salts()).seal(salt);
    const row = {
      businessId,
      id: newTimeOrderedId(),
      name,
      access,
      lookup: key.slice(0, LOOKUP_CHARS),
      keyHash: sha256(key),
      keyLast4: key.slice(-4),
      saltSealed: sealed,
      saltLast4: salt.slice(-4),
      createdByUserId: userId,
      replacesId,
      integrationId,
      createdAt: clock.now(),
    };
    return { row, key, salt };
  }

  const answerOf = (row: ApiKeyRow, key: string, salt: string): NewApiKey => ({ ...presentApiKey(row, clock.now()), api_key: key, salt });

  return {
    /**
     * A plugin integration's new key (full access, made by `userId`): its row to insert in the caller's transaction,
     * and the clear key and salt to answer once (integrations.service.ts).
     */
    mintForIntegration: (businessId: string, userId: string, name: string, integrationId: string, replacesId: string | null) =>
      made(businessId, userId, name, 'full', replacesId, integrationId),

    list: async (businessId: string) => (await repo.list(db, businessId)).map((row) => presentApiKey(row, clock.now())),

    async create(ctx: BusinessContext, body: CreateApiKeyBody): Promise<NewApiKey> {
      const businessId = ctx.business.row.id;
      const owners = await ownersOf(ctx);
      const fresh = await made(businessId, ctx.user.id, body.name.trim(), body.access, null);
      const row = await auth.confirmIdentity(ctx.user, reauthOf(body), async (tx) => {
        const saved = await repo.insert(tx, fresh.row);
        await record(tx, ctx, 'api_key.created', `Created ${describe(saved)}`, saved);
        await mailOwners(tx, ctx, owners, `created ${describe(saved)}`);
        return saved;
      });
      return answerOf(row, fresh.key, fresh.salt);
    },

    async rotate(ctx: BusinessContext, id: string, body: ReauthFields): Promise<NewApiKey> {
      const businessId = ctx.business.row.id;
      const current = await repo.findOwn(db, businessId, id);
      if (!current) throw notFound();
      const owners = await ownersOf(ctx);
      const fresh = await made(businessId, ctx.user.id, current.name, current.access, current.id);
      const row = await auth.confirmIdentity(ctx.user, reauthOf(body), async (tx) => {
        const old = await repo.lock(tx, businessId, id);
        if (!old) throw notFound();
        const now = clock.now();
        if (statusOf(old, now) !== 'active') throw new AppError('API_KEY_REVOKED', 'This key was revoked or rotated already: rotate its successor.');
        await repo.update(tx, businessId, id, { expiresAt: new Date(now.getTime() + API_KEY_GRACE_HOURS * 3_600_000) });
        const saved = await repo.insert(tx, fresh.row);
        const what = `rotated ${describe(old)}: the new key ends in ${saved.keyLast4}, the old one works for ${API_KEY_GRACE_HOURS} more hours`;
        await record(tx, ctx, 'api_key.rotated', `R${what.slice(1)}`, saved);
        await mailOwners(tx, ctx, owners, what);
        return saved;
      });
      return answerOf(row, fresh.key, fresh.salt);
    },

    async revoke(ctx: BusinessContext, id: string, body: ReauthFields): Promise<ApiKey> {
      const businessId = ctx.business.row.id;
      if (!(await repo.findOwn(db, businessId, id))) throw notFound();
      const owners = await ownersOf(ctx);
      const row = await auth.confirmIdentity(ctx.user, reauthOf(body), async (tx) => {
        const old = await repo.lock(tx, businessId, id);
        if (!old) throw notFound();
        if (old.revokedAt) return old;
        const saved = (await repo.update(tx, businessId, id, { revokedAt: clock.now() }))!;
        await record(tx, ctx, 'api_key.revoked', `Revoked ${describe(saved)}`, saved);
        await mailOwners(tx, ctx, owners, `revoked ${describe(saved)}`);
        return saved;
      });
      return presentApiKey(row, clock.now());
    },

    /** The salt of a key (revoked or not: a payment request it made keeps signing its callbacks with it), or null. */
    async saltOf(businessId: string, keyId: string): Promise<string | null> {
      const row = await repo.find(db, businessId, keyId);
      return row ? (await salts()).open(row.saltSealed) : null;
    },

    /**
     * The key of a public API request, or null when it is unknown, revoked or past its grace period. Found by
     * its first characters (from the key cache when it holds them), then its whole hash compared in constant time;
     * its use is noted at most once a minute.
     */
    async authenticate(key: string): Promise<ApiKeyPrincipal | null> {
      if (!/^[0-9a-f]{64}$/.test(key)) return null;
      const row = await keyOf(key.slice(0, LOOKUP_CHARS));
      if (!row || !safeEqual(row.keyHash, sha256(key))) return null;
      const now = clock.now();
      if (statusOf(row, now) === 'revoked') return null;
      // A plugin integration's key works while its integration is enabled and not deleted.
      if (row.integration && (!row.integration.enabled || row.integration.deleted)) return null;
      await touch(row, now);
      return {
        businessId: row.businessId,
        keyId: row.id,
        access: row.access,
        makerUserId: row.createdByUserId,
        salt: async () => (await salts()).open(row.saltSealed),
        integration: row.integrationId && row.integration ? { id: row.integrationId, callbackUrl: row.integration.callbackUrl } : null,
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
