import { ROLE_TITLES, ROLES, startOfLocalDay, type Role } from '@merchant/core';
import { AUDIT_EXPORT_MAX_ROWS, auditActionLabel, type AuditLogFilters, type BusinessAuditLogEntry } from '@merchant/business';
import type { Executor } from '@/db/client';
import type { BusinessRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { csvTable } from '@/lib/csv';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { businessAuditLogReadModel as repo, type BusinessAuditQuery } from '@/modules/platform/audit/business-audit-log.read-model';

type PageRow = Awaited<ReturnType<typeof repo.page>>[number];

/**
 * The wire filters as a repository query: an action ending in `*` is a prefix; dates are whole calendar days of the
 * business's time zone `zone` (docs/architecture.md, "Data conventions").
 */
export function toAuditQuery(filters: AuditLogFilters, zone: string): BusinessAuditQuery {
  const action = filters.action ? (filters.action.endsWith('*') ? { prefix: filters.action.slice(0, -1) } : { exact: filters.action }) : undefined;
  return {
    actorUserId: filters.person,
    action,
    since: filters.from ? startOfLocalDay(filters.from, zone) : undefined,
    before: filters.to ? startOfLocalDay(filters.to, zone, 1) : undefined,
  };
}

function roleTitle(role: unknown): string | null {
  if (role === 'super_admin') return 'Super admin';
  return typeof role === 'string' && (ROLES as readonly string[]).includes(role) ? ROLE_TITLES[role as Role] : null;
}

function present(row: PageRow): BusinessAuditLogEntry {
  const { entry } = row;
  const roleAtTheTime = roleTitle(entry.meta.actor_role);
  const currentRole = row.actorCurrentRole ? ROLE_TITLES[row.actorCurrentRole] : row.actorIsSuperAdmin ? 'Super admin' : null;
  return {
    id: entry.id,
    created_at: entry.createdAt.toISOString(),
    actor: entry.actorUserId ? { user_id: entry.actorUserId, name: row.actorName, email: row.actorEmail, role: roleAtTheTime ?? currentRole } : null,
    action: entry.action,
    description: entry.description,
    object_type: entry.objectType,
    object_id: entry.objectId,
    ip: entry.ip,
    user_agent: entry.userAgent,
  };
}

/** The audit log CSV: text only. */
const AUDIT_CSV = csvTable(['Time (UTC)', 'Person', 'Email', 'Role', 'Action', 'Description', 'Object type', 'Object ID', 'IP address', 'User agent']);

/** The business audit log: read-only by design (no update or delete exists, and the database refuses them). */
export function createBusinessAuditLogService(deps: { db: Executor; clock: Clock }) {
  const { db } = deps;

  /** One page of the filtered log, newest first, after the cursor. */
  async function readPage(businessId: string, query: BusinessAuditQuery, limit: number, cursor: string | undefined) {
    const rows = await repo.page(db, businessId, query, limit, decodeCursor(cursor));
    return pageFrom(rows, limit, (r) => r.entry);
  }

  return {
    async list(business: BusinessRow, query: AuditLogFilters & { limit: number; cursor?: string | undefined }) {
      const page = await readPage(business.id, toAuditQuery(query, business.timeZone), query.limit, query.cursor);
      return { data: page.rows.map(present), next_cursor: page.nextCursor };
    },

    async actions(businessId: string) {
      const actions = await repo.actions(db, businessId);
      const groups = [...new Set(actions.map((a) => a.split('.')[0]!).filter((g) => actions.filter((a) => a.startsWith(`${g}.`)).length > 1))];
      return {
        data: [
          ...groups.map((g) => ({ action: `${g}.*`, label: auditActionLabel(`${g}.*`) })),
          ...actions.map((action) => ({ action, label: auditActionLabel(action) })),
        ],
      };
    },

    /** The filtered log as CSV, newest first, capped at AUDIT_EXPORT_MAX_ROWS rows. */
    async exportCsv(business: BusinessRow, filters: AuditLogFilters) {
      const page = await readPage(business.id, toAuditQuery(filters, business.timeZone), AUDIT_EXPORT_MAX_ROWS, undefined);
      const rows = page.rows
        .map(present)
        .map((e) => [
          e.created_at,
          e.actor?.name ?? (e.actor ? 'Deleted user' : 'System'),
          e.actor?.email ?? '',
          e.actor?.role ?? '',
          e.action,
          e.description,
          e.object_type,
          e.object_id,
          e.ip,
          e.user_agent,
        ]);
      const date = deps.clock.now().toISOString().slice(0, 10);
      return {
        csv: AUDIT_CSV.document(rows),
        filename: `audit-log-${business.identifier}-${date}.csv`,
        truncated: page.nextCursor !== null,
      };
    },
  };
}

export type BusinessAuditLogService = ReturnType<typeof createBusinessAuditLogService>;
