/** Query keys of the invitation screens (the user and business keys live in lib/session). */
export const invitationKeys = {
  all: ['invitations'] as const,
  lists: () => [...invitationKeys.all, 'list'] as const,
  /** The signed-in user's pending invitations (the endpoint takes no inputs). */
  list: () => [...invitationKeys.lists(), 'pending'] as const,
  details: () => [...invitationKeys.all, 'detail'] as const,
  /** The public preview of an invitation link. */
  detail: (hash: string) => [...invitationKeys.details(), hash] as const,
};
