import { businessEndpoints } from '@merchant/business';
import { endpointQuery } from './queries';

/** How far the business is through onboarding (the payments overview and the onboarding screens). */
export const onboardingProgressQuery = (businessId: string) => endpointQuery(businessEndpoints.onboardingProgress, { params: { business_id: businessId } });
