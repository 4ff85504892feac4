import type { AuditLogFilters } from '@merchant/business';

/** The business audit log of one business. */
export const businessAuditLogKeys = {
  all: (businessId: string) => ['business-audit-log', businessId] as const,
  lists: (businessId: string) => [...businessAuditLogKeys.all(businessId), 'list'] as const,
  /** Every input of the fetch except the cursor, which the infinite query pages through. */
  list: (businessId: string, filters: AuditLogFilters, limit: number) => [...businessAuditLogKeys.lists(businessId), filters, limit] as const,
  actions: (businessId: string) => [...businessAuditLogKeys.all(businessId), 'actions'] as const,
  people: (businessId: string) => [...businessAuditLogKeys.all(businessId), 'people'] as const,
};
