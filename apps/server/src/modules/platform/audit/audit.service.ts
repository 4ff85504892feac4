import type { Executor } from '@/db/client';
import { writeTogether, type Write } from '@/db/write-together';
import type { RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { auditRepository } from './audit.repository';

export interface AuditEntry {
  action: string;
  description: string;
  actorUserId: string | null;
  /**
   * The role the actor holds in the entry's business (`meta.actor_role`), when the caller knows it (a job that read
   * it once for many entries). Otherwise the source's standing gives it, or it is read.
   */
  actorRole?: string | null;
  subjectUserId?: string | null;
  businessId?: string | null;
  objectType?: string;
  objectId?: string;
  meta?: Record<string, unknown>;
}

/**
 * Where an entry comes from: the address of the request (or none, for a job), and on a business request the caller
 * and their standing in the business as its access check resolved it (http/context.ts: a `BusinessContext` or an
 * `ActingContext` is one). `role` absent: not known.
 */
export type AuditSource = RequestMeta & {
  user?: { id: string; isSuperAdmin?: boolean } | null;
  business?: { row: { id: string }; role?: string | null; isSuperAdmin?: boolean } | null;
};

/**
 * The actor's role: the entry's own, or the source's standing when the entry is about that business and by that person
 * (its access check read it: no read then, one statement fewer for every audited change, a register sale's included).
 * Undefined otherwise (a job's actor, another business): the role is read.
 */
function knownRole(where: AuditSource, entry: AuditEntry & { businessId: string; actorUserId: string }): string | null | undefined {
  if (entry.actorRole !== undefined) return entry.actorRole;
  const { user, business } = where;
  if (!user || !business || business.role === undefined || business.row.id !== entry.businessId || user.id !== entry.actorUserId) return undefined;
  return business.role ?? ((business.isSuperAdmin ?? user.isSuperAdmin) ? 'super_admin' : null);
}

/** Writes audit entries; callers pass their transaction so the entry commits with the change. */
export function createAuditService(deps: { clock: Clock }) {
  /**
   * The same entry as a write the caller sends with its own in one statement (`writeTogether`). Reads the
   * actor's role first unless `meta.actor_role`, `actorRole` or the source's standing gives it (`knownRole`).
   */
  async function write(db: Executor, where: AuditSource, entry: AuditEntry): Promise<Write> {
    const meta = { ...(entry.meta ?? {}) };
    const { businessId, actorUserId } = entry;
    if (businessId && actorUserId && !('actor_role' in meta)) {
      const known = knownRole(where, { ...entry, businessId, actorUserId });
      meta.actor_role = known !== undefined ? known : await auditRepository.roleOf(db, businessId, actorUserId);
    }
    return auditRepository.insertWrite(db, {
      // Time-ordered, so entries written in the same millisecond list in the order they were written.
      id: newTimeOrderedId(),
      action: entry.action,
      description: entry.description,
      actorUserId: entry.actorUserId,
      subjectUserId: entry.subjectUserId ?? entry.actorUserId,
      businessId: entry.businessId ?? null,
      objectType: entry.objectType ?? null,
      objectId: entry.objectId ?? null,
      // Work no request started (a scheduled job) has no address.
      ip: where.ip || null,
      userAgent: where.userAgent?.slice(0, 500) ?? null,
      meta,
      createdAt: deps.clock.now(),
    });
  }

  return {
    /**
     * Records one entry. A business entry by a person also keeps the role they hold at that moment
     * (`meta.actor_role`), so the business audit log can say who acted in which capacity.
     */
    async record(db: Executor, where: AuditSource, entry: AuditEntry): Promise<void> {
      await writeTogether(db, [await write(db, where, entry)]);
    },
    write,
    /** The role the person holds in the business now, as entries record it (a job's actor reads it once: `AuditEntry.actorRole`). */
    roleOf: (db: Executor, businessId: string, userId: string) => auditRepository.roleOf(db, businessId, userId),
    /** The person's own log: the entries about them of `actions` (their security events), newest first. */
    async pageForUser(db: Executor, userId: string, actions: readonly string[], limit: number, cursor: string | undefined) {
      const rows = await auditRepository.pageForSubject(db, userId, actions, limit, decodeCursor(cursor));
      return pageFrom(rows, limit, (r) => r);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
