import { storeReportEndpoints, type StoreReportGroup, type StoreReportQuery } from '@merchant/catalogue';
import { downloadUrl } from '@/lib/download-url';
import { endpointQuery } from '@/lib/queries';

/** The store's whole report for a range in one round trip. */
export const storeSalesReportQuery = (businessId: string, query: StoreReportQuery) =>
  endpointQuery(storeReportEndpoints.get, { params: { business_id: businessId }, query });

/** The CSV download of one breakdown: a plain link the browser follows with the session cookie. */
export const storeSalesReportExportHref = (businessId: string, query: StoreReportQuery, group: StoreReportGroup): string =>
  downloadUrl(storeReportEndpoints.export, { business_id: businessId }, { ...query, group });
