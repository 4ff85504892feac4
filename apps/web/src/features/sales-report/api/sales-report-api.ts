import { salesReportEndpoints, type SalesReportGroup, type SalesReportQuery } from '@merchant/payments';
import { downloadUrl } from '@/lib/download-url';
import { endpointQuery } from '@/lib/queries';

/** The whole report for a range in one round trip. */
export const salesReportQuery = (businessId: string, query: SalesReportQuery) =>
  endpointQuery(salesReportEndpoints.get, { params: { business_id: businessId }, query });

/** The CSV download of one grouping: a plain link the browser follows with the session cookie. */
export const salesReportExportHref = (businessId: string, query: SalesReportQuery, group: SalesReportGroup): string =>
  downloadUrl(salesReportEndpoints.export, { business_id: businessId }, { ...query, group });
