import type { BusinessSummary } from '@merchant/business';

/** How each onboarding status reads on a business card. */
export const ONBOARDING_STATUS_BADGE: Record<BusinessSummary['onboarding_status'], { label: string; color: string }> = {
  questionnaire: { label: 'Onboarding', color: 'yellow' },
  pending_verification: { label: 'Pending verification', color: 'blue' },
  blocked: { label: 'Blocked', color: 'red' },
  completed: { label: 'Active', color: 'green' },
};
