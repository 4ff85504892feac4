/** Customer-facing email templates of one business. */
export const emailTemplateKeys = {
  all: (businessId: string) => ['email-templates', businessId] as const,
  lists: (businessId: string) => [...emailTemplateKeys.all(businessId), 'list'] as const,
  list: (businessId: string) => [...emailTemplateKeys.lists(businessId), 'all-templates'] as const,
};
