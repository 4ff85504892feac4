/** The business's verification questionnaire. */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  details: () => [...onboardingKeys.all, 'detail'] as const,
  detail: (businessId: string) => [...onboardingKeys.details(), businessId] as const,
};
