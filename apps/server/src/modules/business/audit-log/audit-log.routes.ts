import { AUDIT_EXPORT_MAX_ROWS, auditLogEndpoints } from '@merchant/business';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { BusinessAuditLogService } from './audit-log.service';

/** Read-only on purpose: there is no endpoint that edits or deletes an entry. */
export function auditLogRoutes(host: RouteHost, service: BusinessAuditLogService): void {
  const { app } = host;

  registerEndpoint(app, host, auditLogEndpoints.list, async ({ ctx, query }) => service.list(ctx.business.row, query));
  registerEndpoint(app, host, auditLogEndpoints.actions, async ({ ctx }) => service.actions(ctx.business.row.id));
  registerEndpoint(app, host, auditLogEndpoints.export, async ({ ctx, query, reply }) => {
    const { csv, filename, truncated } = await service.exportCsv(ctx.business.row, query);
    // A text/csv string is sent as it is (the JSON serializer only handles JSON answers).
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-export-row-limit', String(AUDIT_EXPORT_MAX_ROWS))
      .header('x-export-truncated', String(truncated));
    return csv;
  });
}
