import { infiniteQueryOptions } from '@tanstack/react-query';
import { requestLogEndpoints, type RequestLogFilters } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { endpointKey, endpointQuery } from '@/lib/queries';

export const REQUEST_LOG_PAGE_SIZE = 25;

/** The public API's calls of the business, newest first, a page at a time, as filtered. */
export const requestLogQuery = (businessId: string, filters: RequestLogFilters) =>
  infiniteQueryOptions({
    queryKey: endpointKey(requestLogEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: REQUEST_LOG_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(requestLogEndpoints.list, {
        params: { business_id: businessId },
        query: { ...filters, limit: REQUEST_LOG_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const requestLogEntryQuery = (businessId: string, entryId: string) =>
  endpointQuery(requestLogEndpoints.get, { params: { business_id: businessId, entry_id: entryId } });
