import { posReportEndpoints, type PosReportGroup, type PosReportQuery } from '@merchant/catalogue';
import { downloadUrl } from '@/lib/download-url';
import { endpointQuery } from '@/lib/queries';

/** The register's whole report for a range and its filters in one round trip. */
export const posSalesReportQuery = (businessId: string, query: PosReportQuery) =>
  endpointQuery(posReportEndpoints.get, { params: { business_id: businessId }, query });

/** The CSV download of one breakdown: a plain link the browser follows with the session cookie. */
export const posSalesReportExportHref = (businessId: string, query: PosReportQuery, group: PosReportGroup): string =>
  downloadUrl(posReportEndpoints.export, { business_id: businessId }, { ...query, group });
