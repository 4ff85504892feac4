/** The super admins' verification area. */
export const verificationAdminKeys = {
  all: ['verification-admin'] as const,
  lists: () => [...verificationAdminKeys.all, 'list'] as const,
  list: () => [...verificationAdminKeys.lists(), 'pending'] as const,
  details: () => [...verificationAdminKeys.all, 'detail'] as const,
  detail: (businessId: string) => [...verificationAdminKeys.details(), businessId] as const,
};
