import { storeInsightEndpoints, type StoreReportQuery } from '@merchant/catalogue';
import { endpointQuery } from '@/lib/queries';

/** The store's overview for a range in one round trip. */
export const storeInsightQuery = (businessId: string, query: StoreReportQuery) =>
  endpointQuery(storeInsightEndpoints.get, { params: { business_id: businessId }, query });
