import { defineModule, type Platform } from '../../module';
import { auditLogRoutes } from './audit-log.routes';
import { createBusinessAuditLogService } from './audit-log.service';

export const auditLogModule = defineModule({
  name: 'businessAuditLog',
  create: ({ db, clock, audit }: Pick<Platform, 'db' | 'clock' | 'audit'>) => createBusinessAuditLogService({ db, clock, audit }),
  routes: auditLogRoutes,
});
