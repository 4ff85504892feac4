import type { Executor } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { newId } from '../../../lib/crypto';
import { auditRepository } from './audit.repository';

export interface AuditWhere {
  ip: string | null;
  userAgent: string | null;
}

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

export function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) return undefined;
  return { createdAt, id };
}

/** Writes audit entries; callers pass their transaction so the entry commits with the change. */
export function createAuditService(deps: { clock: Clock }) {
  return {
    async record(db: Executor, where: AuditWhere, entry: AuditEntry): Promise<void> {
      await auditRepository.insert(db, {
        id: newId(),
        action: entry.action,
        description: entry.description,
        actorUserId: entry.actorUserId,
        subjectUserId: entry.subjectUserId ?? entry.actorUserId,
        businessId: entry.businessId ?? null,
        objectType: entry.objectType ?? null,
        objectId: entry.objectId ?? null,
        ip: where.ip,
        userAgent: where.userAgent?.slice(0, 500) ?? null,
        meta: entry.meta ?? {},
        createdAt: deps.clock.now(),
      });
    },
    async pageForUser(db: Executor, userId: string, limit: number, cursor: string | undefined) {
      const rows = await auditRepository.pageForSubject(db, userId, limit, decodeCursor(cursor));
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
