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
  subjectUserId?: string | null;
  businessId?: string | null;
  objectType?: string;
  objectId?: string;
  meta?: Record<string, unknown>;
}

/** What a business request's context carries besides its address (http/context.ts, `BusinessContext`). */
interface ContextWithRole {
  user?: { id: string; isSuperAdmin?: boolean };
  business?: { row?: { id: string }; role?: string | null; isSuperAdmin?: boolean };
}

/**
 * The actor's role as the request's context resolved it (its access check read it), when the entry is about that
 * business and by that person: no read then (one statement fewer for every audited change, a register sale's
 * included). Undefined otherwise (a job's actor, another business): the role is read.
 */
function roleInContext(where: RequestMeta, businessId: string, actorUserId: string): string | null | undefined {
  const { user, business } = where as RequestMeta & ContextWithRole;
  if (!user || !business || !('role' in business) || business.row?.id !== businessId || user.id !== actorUserId) return undefined;
  return business.role ?? ((business.isSuperAdmin ?? user.isSuperAdmin) ? 'super_admin' : null);
}

/** Writes audit entries; callers pass their transaction so the entry commits with the change. */
export function createAuditService(deps: { clock: Clock }) {
  /**
   * The same entry as a write the caller sends with its own in one statement (`writeTogether`). Reads the
   * actor's role first unless `meta.actor_role` gives it.
   */
  async function write(db: Executor, where: RequestMeta, entry: AuditEntry): Promise<Write> {
    const meta = { ...(entry.meta ?? {}) };
    if (entry.businessId && entry.actorUserId && !('actor_role' in meta)) {
      const known = roleInContext(where, entry.businessId, entry.actorUserId);
      meta.actor_role = known !== undefined ? known : await auditRepository.roleOf(db, entry.businessId, entry.actorUserId);
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
    async record(db: Executor, where: RequestMeta, entry: AuditEntry): Promise<void> {
      await writeTogether(db, [await write(db, where, entry)]);
    },
    write,
    /** The role the person holds in the business now, as entries record it (a job's actor reads it once: `roleInContext`). */
    roleOf: (db: Executor, businessId: string, userId: string) => auditRepository.roleOf(db, businessId, userId),
    /** The person's own log: the entries about them of `actions` (their security events), newest first. */
    async pageForUser(db: Executor, userId: string, actions: readonly string[], limit: number, cursor: string | undefined) {
      const rows = await auditRepository.pageForSubject(db, userId, actions, limit, decodeCursor(cursor));
      return pageFrom(rows, limit, (r) => r);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
