import type { Executor } from '../../../db/client';
import type { RequestMeta } from '../../../http/context';
import type { Clock } from '../../../lib/clock';
import { newTimeOrderedId } from '../../../lib/crypto';
import { auditRepository, type AuditCursor, type BusinessAuditQuery } from './audit.repository';

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

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The cursor a page handed out, or undefined (the first page) for anything else: a forged cursor must not
 * reach the database with an id that is no UUID or a time it cannot hold.
 */
export function decodeCursor(cursor: string | undefined): AuditCursor | undefined {
  if (!cursor) return undefined;
  const [iso, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (rest.length > 0 || !id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) return undefined;
  const year = createdAt.getUTCFullYear();
  if (year < 1900 || year > 2999) return undefined;
  return { createdAt, id };
}

/** Splits the `limit + 1` rows a repository read into a page and the cursor of the next one. */
export function pageFrom<T>(rows: T[], limit: number, keyOf: (row: T) => AuditCursor): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/** Writes audit entries; callers pass their transaction so the entry commits with the change. */
export function createAuditService(deps: { clock: Clock }) {
  return {
    /**
     * Records one entry. A business entry by a person also keeps the role they hold at that moment
     * (`meta.actor_role`), so the business audit log can say who acted in which capacity.
     */
    async record(db: Executor, where: RequestMeta, entry: AuditEntry): Promise<void> {
      const meta = { ...(entry.meta ?? {}) };
      if (entry.businessId && entry.actorUserId && !('actor_role' in meta)) {
        meta.actor_role = await auditRepository.roleOf(db, entry.businessId, entry.actorUserId);
      }
      await auditRepository.insert(db, {
        // Time-ordered, so entries written in the same millisecond list in the order they were written.
        id: newTimeOrderedId(),
        action: entry.action,
        description: entry.description,
        actorUserId: entry.actorUserId,
        subjectUserId: entry.subjectUserId ?? entry.actorUserId,
        businessId: entry.businessId ?? null,
        objectType: entry.objectType ?? null,
        objectId: entry.objectId ?? null,
        ip: where.ip,
        userAgent: where.userAgent?.slice(0, 500) ?? null,
        meta,
        createdAt: deps.clock.now(),
      });
    },
    async pageForUser(db: Executor, userId: string, limit: number, cursor: string | undefined) {
      const rows = await auditRepository.pageForSubject(db, userId, limit, decodeCursor(cursor));
      return pageFrom(rows, limit, (r) => r);
    },
    /** A business's log, newest first, one page after the cursor. */
    async pageForBusiness(db: Executor, businessId: string, query: BusinessAuditQuery, limit: number, cursor: string | undefined) {
      const rows = await auditRepository.pageForBusiness(db, businessId, query, limit, decodeCursor(cursor));
      return pageFrom(rows, limit, (r) => r.entry);
    },
    actionsOfBusiness: (db: Executor, businessId: string) => auditRepository.actionsOfBusiness(db, businessId),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
