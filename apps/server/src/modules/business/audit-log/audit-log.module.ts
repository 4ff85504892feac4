import { defineModule, type Platform } from '@/modules/module';
import { auditLogRoutes } from './audit-log.routes';
import { createBusinessAuditLogService } from './audit-log.service';

export const auditLogModule = defineModule({
  name: 'businessAuditLog',
  create: ({ db, clock }: Pick<Platform, 'db' | 'clock'>) => createBusinessAuditLogService({ db, clock }),
  routes: auditLogRoutes,
});
