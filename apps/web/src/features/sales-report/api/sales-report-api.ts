import { salesReportEndpoints, type SalesReportGroup, type SalesReportQuery } from '@merchant/payments';
import { endpointUrl } from '@/lib/api-client';
import { endpointQuery } from '@/lib/queries';

/** The whole report for a range in one round trip. */
export const salesReportQuery = (businessId: string, query: SalesReportQuery) =>
  endpointQuery(salesReportEndpoints.get, { params: { business_id: businessId }, query });

/** The CSV download of one grouping: a plain link the browser follows with the session cookie. */
export function salesReportExportHref(businessId: string, query: SalesReportQuery, group: SalesReportGroup): string {
  const entries = Object.entries({ ...query, group })
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => [k, String(v)]);
  return `${endpointUrl(salesReportEndpoints.export, { business_id: businessId })}?${new URLSearchParams(entries).toString()}`;
}
