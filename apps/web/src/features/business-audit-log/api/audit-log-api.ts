import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { auditLogEndpoints, businessEndpoints, type AuditLogFilters } from '@merchant/business';
import { call } from '@/lib/api-client';
import { downloadUrl } from '@/lib/download-url';
import { endpointKey, endpointQuery } from '@/lib/queries';

export const AUDIT_LOG_PAGE_SIZE = 25;

export const auditLogQuery = (businessId: string, filters: AuditLogFilters) =>
  infiniteQueryOptions({
    queryKey: endpointKey(auditLogEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: AUDIT_LOG_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(auditLogEndpoints.list, {
        params: { business_id: businessId },
        query: { ...filters, limit: AUDIT_LOG_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const auditActionsQuery = (businessId: string) =>
  queryOptions({
    ...endpointQuery(auditLogEndpoints.actions, { params: { business_id: businessId } }),
    select: (answer) => answer.data,
  });

/** Everyone who ever belonged to the business (deactivated people acted too); the staff list shares the answer. */
export const auditPeopleQuery = (businessId: string) =>
  queryOptions({
    ...endpointQuery(businessEndpoints.users, { params: { business_id: businessId } }),
    select: (answer) => answer.data,
  });

/** The CSV download of exactly the filtered log: a plain link the browser follows with the session cookie. */
export const auditExportHref = (businessId: string, filters: AuditLogFilters): string =>
  downloadUrl(auditLogEndpoints.export, { business_id: businessId }, filters);
