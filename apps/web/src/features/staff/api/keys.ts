/** Staff of one business: members and pending invitations. */
export const staffKeys = {
  all: (businessId: string) => ['staff', businessId] as const,
  lists: (businessId: string) => [...staffKeys.all(businessId), 'list'] as const,
  members: (businessId: string) => [...staffKeys.lists(businessId), 'members'] as const,
  invitations: (businessId: string) => [...staffKeys.lists(businessId), 'invitations'] as const,
  details: (businessId: string) => [...staffKeys.all(businessId), 'detail'] as const,
  detail: (businessId: string, id: string) => [...staffKeys.details(businessId), id] as const,
};
