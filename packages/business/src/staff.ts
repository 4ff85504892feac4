import { z } from 'zod';
import { defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema, BusinessUserSchema, RoleSchema, RoleTitleSchema } from './business';

/** Invitations expire after 7 days (issue 3). */
export const INVITATION_TTL_DAYS = 7;

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked'] as const;

export const InvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.object({ title: RoleTitleSchema }),
  status: z.enum(INVITATION_STATUSES),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
  /** Pending but past its expiry: it can only be resent or revoked. */
  expired: z.boolean(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** The locations a member is limited to (docs/roles.md, "Locations"): none means every location. */
export const LocationIdsSchema = z
  .array(z.uuid('Choose a location from the list'))
  .max(200, 'Choose at most 200 locations')
  .refine((ids) => new Set(ids).size === ids.length, 'A location is chosen twice');

export const CreateInvitationBodySchema = z.object({
  email: text().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254, 'Use at most 254 characters')),
  role: RoleSchema,
  /** The locations the person will be limited to once they accept (none: every location). */
  location_ids: LocationIdsSchema.default([]),
});
export type CreateInvitationBody = z.input<typeof CreateInvitationBodySchema>;

export const UpdateMemberRoleBodySchema = z.object({ role: RoleSchema });
export type UpdateMemberRoleBody = z.input<typeof UpdateMemberRoleBodySchema>;

export const MemberLocationsBodySchema = z.object({ location_ids: LocationIdsSchema });
export type MemberLocationsBody = z.input<typeof MemberLocationsBodySchema>;
/** A member's locations: an empty list when they work at every location. */
export const MemberLocationsSchema = z.object({ location_ids: z.array(z.uuid()) });
export type MemberLocations = z.infer<typeof MemberLocationsSchema>;
/** The caller's own locations: null when they work at every location. */
export const MyLocationsSchema = z.object({ location_ids: z.array(z.uuid()).nullable() });
export type MyLocations = z.infer<typeof MyLocationsSchema>;

export const InvitationParamsSchema = BusinessParamsSchema.extend({ id: z.uuid() });
export const MemberParamsSchema = BusinessParamsSchema.extend({ id: z.uuid() });

const Ok = z.object({ ok: z.literal(true) });

/** Staff of a business: invitations and members (issue 3, "Staff and roles"). */
export const staffEndpoints = {
  listInvitations: defineEndpoint({
    id: 'staff.listInvitations',
    method: 'GET',
    path: '/v1/business/:business_id/invitations',
    summary: 'Pending invitations of the business (expired ones included, flagged)',
    access: { kind: 'business', permission: 'staff:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: z.object({ data: z.array(InvitationSchema) }),
  }),
  invite: defineEndpoint({
    id: 'staff.invite',
    method: 'POST',
    path: '/v1/business/:business_id/invitations',
    summary: 'Invite someone by email with a role; mails them a sign-up or accept link valid 7 days',
    access: { kind: 'business', permission: 'staff:manage', standing: 'merchant' },
    errors: ['STAFF_ROLE_NOT_ALLOWED', 'STAFF_ALREADY_MEMBER', 'STAFF_ALREADY_INVITED'],
    params: BusinessParamsSchema,
    body: CreateInvitationBodySchema,
    response: InvitationSchema,
    status: 201,
    idempotent: true,
  }),
  resendInvitation: defineEndpoint({
    id: 'staff.resendInvitation',
    method: 'POST',
    path: '/v1/business/:business_id/invitations/:id/resend',
    summary: 'Send a pending invitation again with a new link and a new 7-day expiry (the old link stops working)',
    access: { kind: 'business', permission: 'staff:manage', standing: 'merchant' },
    errors: ['STAFF_INVITATION_NOT_FOUND', 'STAFF_ROLE_NOT_ALLOWED'],
    params: InvitationParamsSchema,
    response: InvitationSchema,
  }),
  revokeInvitation: defineEndpoint({
    id: 'staff.revokeInvitation',
    method: 'DELETE',
    path: '/v1/business/:business_id/invitations/:id',
    summary: 'Revoke a pending invitation: its link stops working',
    access: { kind: 'business', permission: 'staff:manage', standing: 'merchant' },
    errors: ['STAFF_INVITATION_NOT_FOUND', 'STAFF_ROLE_NOT_ALLOWED'],
    params: InvitationParamsSchema,
    response: Ok,
  }),
  getMember: defineEndpoint({
    id: 'staff.getMember',
    method: 'GET',
    path: '/v1/business/:business_id/business-user/:id',
    summary: 'One staff member of the business',
    access: { kind: 'business', permission: 'staff:view', standing: 'merchant' },
    errors: ['STAFF_MEMBER_NOT_FOUND'],
    params: MemberParamsSchema,
    response: BusinessUserSchema,
  }),
  memberLocations: defineEndpoint({
    id: 'staff.memberLocations',
    method: 'GET',
    path: '/v1/business/:business_id/business-user/:id/locations',
    summary: 'The locations a staff member is limited to (none: every location)',
    access: { kind: 'business', permission: 'staff:view', standing: 'merchant' },
    errors: ['STAFF_MEMBER_NOT_FOUND'],
    params: MemberParamsSchema,
    response: MemberLocationsSchema,
  }),
  setMemberLocations: defineEndpoint({
    id: 'staff.setMemberLocations',
    method: 'PUT',
    path: '/v1/business/:business_id/business-user/:id/locations',
    summary: 'Limit a staff member to some locations, or to none of them (every location)',
    access: { kind: 'business', permission: 'staff:manage', standing: 'merchant' },
    errors: ['STAFF_MEMBER_NOT_FOUND', 'STAFF_SELF_CHANGE', 'STAFF_ROLE_NOT_ALLOWED'],
    params: MemberParamsSchema,
    body: MemberLocationsBodySchema,
    response: MemberLocationsSchema,
  }),
  myLocations: defineEndpoint({
    id: 'staff.myLocations',
    method: 'GET',
    path: '/v1/business/:business_id/my-locations',
    summary: 'The locations the caller works at: null when every location (the register offers only these)',
    access: { kind: 'business', permission: 'business:view', standing: 'any' },
    params: BusinessParamsSchema,
    response: MyLocationsSchema,
  }),
  updateMemberRole: defineEndpoint({
    id: 'staff.updateMemberRole',
    method: 'PATCH',
    path: '/v1/business/:business_id/business-user/:id',
    summary: "Change a staff member's role",
    access: { kind: 'business', permission: 'staff:manage', standing: 'merchant' },
    errors: ['STAFF_MEMBER_NOT_FOUND', 'STAFF_SELF_CHANGE', 'STAFF_ROLE_NOT_ALLOWED', 'STAFF_LAST_OWNER'],
    params: MemberParamsSchema,
    body: UpdateMemberRoleBodySchema,
    response: BusinessUserSchema,
  }),
  deactivateMember: defineEndpoint({
    id: 'staff.deactivateMember',
    method: 'POST',
    path: '/v1/business/:business_id/business-user/:id/deactivate',
    summary: 'Deactivate a staff member: their access to the business ends at their next request',
    access: { kind: 'business', permission: 'staff:manage', standing: 'merchant' },
    errors: ['STAFF_MEMBER_NOT_FOUND', 'STAFF_SELF_CHANGE', 'STAFF_ROLE_NOT_ALLOWED', 'STAFF_LAST_OWNER'],
    params: MemberParamsSchema,
    response: BusinessUserSchema,
  }),
  reactivateMember: defineEndpoint({
    id: 'staff.reactivateMember',
    method: 'POST',
    path: '/v1/business/:business_id/business-user/:id/reactivate',
    summary: 'Give a deactivated staff member their access back',
    access: { kind: 'business', permission: 'staff:manage', standing: 'merchant' },
    errors: ['STAFF_MEMBER_NOT_FOUND', 'STAFF_SELF_CHANGE', 'STAFF_ROLE_NOT_ALLOWED'],
    params: MemberParamsSchema,
    response: BusinessUserSchema,
  }),
  removeMember: defineEndpoint({
    id: 'staff.removeMember',
    method: 'DELETE',
    path: '/v1/business/:business_id/business-user/:id',
    summary: 'Remove a staff member from the business',
    access: { kind: 'business', permission: 'staff:manage', standing: 'merchant' },
    errors: ['STAFF_MEMBER_NOT_FOUND', 'STAFF_SELF_CHANGE', 'STAFF_ROLE_NOT_ALLOWED', 'STAFF_LAST_OWNER'],
    params: MemberParamsSchema,
    response: Ok,
  }),
} as const;
