import { overviewEndpoints, type OverviewQuery } from '@merchant/payments';
import { endpointQuery } from '@/lib/queries';

/** The whole Overview in one round trip for the chosen period. */
export const overviewQuery = (businessId: string, query: OverviewQuery) => endpointQuery(overviewEndpoints.get, { params: { business_id: businessId }, query });
