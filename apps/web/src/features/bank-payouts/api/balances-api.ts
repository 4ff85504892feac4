import { infiniteQueryOptions } from '@tanstack/react-query';
import { balanceEndpoints, type BalanceKind, type StatementFilters } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { downloadUrl } from '@/lib/download-url';
import { endpointKey, endpointQuery } from '@/lib/queries';

export const STATEMENT_PAGE_SIZE = 25;

export const balanceQuery = (businessId: string, balance: BalanceKind) => endpointQuery(balanceEndpoints.get, { params: { business_id: businessId, balance } });

export const statementQuery = (businessId: string, balance: BalanceKind, filters: StatementFilters) => {
  const params = { business_id: businessId, balance };
  return infiniteQueryOptions({
    queryKey: endpointKey(balanceEndpoints.statement, { params, query: { ...filters, limit: STATEMENT_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(balanceEndpoints.statement, { params, query: { ...filters, limit: STATEMENT_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
};

/** The CSV download of exactly the filtered statement: a plain link the browser follows with the session cookie. */
export const statementExportHref = (businessId: string, balance: BalanceKind, filters: StatementFilters): string =>
  downloadUrl(balanceEndpoints.export, { business_id: businessId, balance }, filters);
