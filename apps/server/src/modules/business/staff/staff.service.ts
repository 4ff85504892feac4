import { AppError, ROLE_TITLES, SCREEN_PATHS, assignableRoles, canManageMember, fieldError, screenLink, type ApiIssue, type Role } from '@merchant/core';
import { INVITATION_TTL_DAYS, type BusinessUser, type Invitation, type MemberLocations } from '@merchant/business';
import type { Executor } from '@/db/client';
import type { invitations } from '@/db/schema';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newId, randomToken, sha256 } from '@/lib/crypto';
import type { Mailer } from '@/mail/mailer';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { presentMember } from '../business/business.presenter';
import type { BusinessService } from '../business/business.service';
import { invitationRepository } from './invitation.repository';
import { locationScopeOf } from './staff-locations.read-model';
import { callerLocations } from '@/modules/location-scope';
import { staffRepository as repo } from './staff.repository';

const DAY_MS = 24 * 60 * 60_000;

function presentInvitation(row: typeof invitations.$inferSelect, invitedBy: string | null, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: { title: ROLE_TITLES[row.role] },
    status: row.status,
    invited_by: invitedBy,
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Staff of a business: invitations (create, resend, revoke) and members (role, deactivate, reactivate,
 * remove). Access ends with the membership: the access layer re-reads it on every request.
 */
type InvitationRow = typeof invitations.$inferSelect;

/** Who reads the staff: a dashboard request, or a public API key of the business (docs/developers.md). */
export type StaffReader = { business: { row: Pick<BusinessContext['business']['row'], 'id'> } };

export function createStaffService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  /** The membership rows and the business's row are the business module's: members join, change and leave through it. */
  business: Pick<BusinessService, 'join' | 'lock' | 'changeMember' | 'removeMember'>;
  publicUrl: string;
}) {
  const { db, clock, audit } = deps;

  function assertMayAssign(ctx: BusinessContext, role: Role): void {
    if (!assignableRoles(ctx.business).includes(role)) {
      throw new AppError('STAFF_ROLE_NOT_ALLOWED', `You cannot give the ${ROLE_TITLES[role]} role.`);
    }
  }

  /** In the transaction that makes or renews the invitation (the outbox): the mail and its link commit with it. */
  async function mailInvitation(tx: Executor, ctx: BusinessContext, email: string, role: Role, token: string, expiresAt: Date): Promise<void> {
    const link = screenLink(deps.publicUrl, SCREEN_PATHS.registerComplete, { hash: token });
    await deps.mailer.send(tx, {
      to: email,
      subject: `You are invited to join ${ctx.business.row.name}`,
      text:
        `Hello,\n\n${ctx.user.name} invited you to join ${ctx.business.row.name} as ${ROLE_TITLES[role]}.\n\n` +
        `Open this link to accept (it works until ${expiresAt.toUTCString()}):\n\n${link}\n\n` +
        `If you already have an account, sign in and accept it on ${screenLink(deps.publicUrl, SCREEN_PATHS.pendingInvitations)}.\n\n` +
        `If you did not expect this invitation, ignore this mail.`,
    });
  }

  async function loadMember(executor: Executor, ctx: StaffReader, id: string) {
    const found = await repo.findMember(executor, ctx.business.row.id, id);
    if (!found) throw new AppError('STAFF_MEMBER_NOT_FOUND', 'Staff member not found.');
    return found;
  }

  /** The rules every change of a member goes through, checked inside the transaction that makes it. */
  async function guardChange(tx: Executor, ctx: BusinessContext, id: string, what: 'role' | 'status' | 'remove' | 'locations') {
    await deps.business.lock(tx, ctx.business.row.id);
    const found = await loadMember(tx, ctx, id);
    if (found.member.userId === ctx.user.id) {
      const message =
        what === 'role'
          ? 'You cannot change your own role.'
          : what === 'remove'
            ? 'You cannot remove yourself.'
            : what === 'locations'
              ? 'You cannot change your own locations.'
              : 'You cannot change your own access.';
      throw fieldError('STAFF_SELF_CHANGE', what === 'role' ? 'role' : what === 'locations' ? 'location_ids' : 'id', message);
    }
    if (!canManageMember(ctx.business, found.member.role)) {
      throw new AppError('STAFF_ROLE_NOT_ALLOWED', 'Only an owner can change another owner.');
    }
    return found;
  }

  async function assertNotLastOwner(tx: Executor, ctx: BusinessContext, member: { role: Role; status: string }, action: string) {
    if (member.role !== 'owner' || member.status !== 'active') return;
    if ((await repo.countActiveOwners(tx, ctx.business.row.id)) <= 1) {
      throw new AppError('STAFF_LAST_OWNER', `The last owner of the business cannot be ${action}.`);
    }
  }

  /** The named locations, each the business's (a field error on `location_ids.i` otherwise). */
  async function checkedLocations(tx: Executor, ctx: BusinessContext, ids: string[]): Promise<{ id: string; name: string }[]> {
    const known = new Map((await repo.locationsNamed(tx, ctx.business.row.id, ids)).map((l) => [l.id, l]));
    const issues: ApiIssue[] = ids.flatMap((id, i) => (known.has(id) ? [] : [{ path: `location_ids.${i}`, message: 'Choose a location of this business' }]));
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', issues[0]!.message, issues);
    return ids.map((id) => known.get(id)!);
  }

  async function reload(ctx: StaffReader, id: string): Promise<BusinessUser> {
    return presentMember(await loadMember(db, ctx, id));
  }

  return {
    async listMembers(ctx: StaffReader): Promise<BusinessUser[]> {
      return (await repo.listMembers(db, ctx.business.row.id)).map(presentMember);
    },

    async listInvitations(ctx: BusinessContext): Promise<Invitation[]> {
      const now = clock.now();
      const rows = await invitationRepository.pendingForBusiness(db, ctx.business.row.id);
      return rows.map((r) => presentInvitation(r.invitation, r.invitedBy, now));
    },

    async invite(ctx: BusinessContext, body: { email: string; role: Role; location_ids?: string[] }): Promise<Invitation> {
      assertMayAssign(ctx, body.role);
      const email = body.email.toLowerCase();
      const token = randomToken(32);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
      const row = await db.transaction(async (tx) => {
        await deps.business.lock(tx, ctx.business.row.id);
        if (await repo.findActiveMemberByEmail(tx, ctx.business.row.id, email)) {
          throw fieldError('STAFF_ALREADY_MEMBER', 'email', 'This person is already a member of the business.');
        }
        if (await invitationRepository.findPendingForEmailInBusiness(tx, ctx.business.row.id, email)) {
          throw fieldError('STAFF_ALREADY_INVITED', 'email', 'An invitation to this email is already pending: resend it instead.');
        }
        const limitedTo = await checkedLocations(tx, ctx, body.location_ids ?? []);
        const created = await invitationRepository.insert(tx, {
          id: newId(),
          locationIds: limitedTo.map((l) => l.id),
          businessId: ctx.business.row.id,
          email,
          role: body.role,
          tokenHash: sha256(token),
          invitedByUserId: ctx.user.id,
          status: 'pending',
          expiresAt,
          createdAt: now,
        });
        await audit.record(tx, ctx, {
          action: 'staff.invited',
          description: `Invited ${email} as ${ROLE_TITLES[body.role]}${limitedTo.length > 0 ? `, limited to ${limitedTo.map((l) => l.name).join(', ')}` : ''}`,
          actorUserId: ctx.user.id,
          businessId: ctx.business.row.id,
          objectType: 'invitation',
          objectId: created.id,
          meta: { email, role: body.role, location_ids: limitedTo.map((l) => l.id) },
        });
        await mailInvitation(tx, ctx, email, body.role, token, expiresAt);
        // A keyed request's answer commits with the invitation (http/context.ts, `IdempotentRequest`).
        await ctx.idempotency?.answerIn(tx, presentInvitation(created, ctx.user.name, now));
        return created;
      });
      return presentInvitation(row, ctx.user.name, now);
    },

    async resendInvitation(ctx: BusinessContext, id: string): Promise<Invitation> {
      const token = randomToken(32);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
      const found = await db.transaction(async (tx) => {
        const current = await invitationRepository.findInBusiness(tx, ctx.business.row.id, id);
        if (!current || current.invitation.status !== 'pending') {
          throw new AppError('STAFF_INVITATION_NOT_FOUND', 'Invitation not found.');
        }
        assertMayAssign(ctx, current.invitation.role);
        await invitationRepository.renew(tx, ctx.business.row.id, id, sha256(token), expiresAt);
        await audit.record(tx, ctx, {
          action: 'staff.invitation_resent',
          description: `Resent the invitation of ${current.invitation.email}`,
          actorUserId: ctx.user.id,
          businessId: ctx.business.row.id,
          objectType: 'invitation',
          objectId: id,
        });
        await mailInvitation(tx, ctx, current.invitation.email, current.invitation.role, token, expiresAt);
        return current;
      });
      return presentInvitation({ ...found.invitation, expiresAt }, found.invitedBy, now);
    },

    async revokeInvitation(ctx: BusinessContext, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await invitationRepository.findInBusiness(tx, ctx.business.row.id, id);
        if (!current || current.invitation.status !== 'pending') {
          throw new AppError('STAFF_INVITATION_NOT_FOUND', 'Invitation not found.');
        }
        assertMayAssign(ctx, current.invitation.role);
        await invitationRepository.revoke(tx, ctx.business.row.id, id, clock.now());
        await audit.record(tx, ctx, {
          action: 'staff.invitation_revoked',
          description: `Revoked the invitation of ${current.invitation.email}`,
          actorUserId: ctx.user.id,
          businessId: ctx.business.row.id,
          objectType: 'invitation',
          objectId: id,
        });
      });
    },

    getMember: (ctx: StaffReader, id: string) => reload(ctx, id),

    /** The invited person's side: the pending, unexpired invitation a mailed token names, with its business's name. */
    async openInvitationByToken(token: string) {
      const found = await invitationRepository.findByTokenHash(db, sha256(token));
      return found && found.invitation.status === 'pending' && found.invitation.expiresAt > clock.now() ? found : null;
    },
    /** Pending, unexpired invitations addressed to an email. */
    pendingInvitationsFor: (email: string) => invitationRepository.pendingForEmail(db, email, clock.now()),
    /** A pending, unexpired invitation to the email, read inside the caller's transaction; null when none. */
    findPendingInvitation: (tx: Executor, id: string, email: string, now: Date) => invitationRepository.findPendingById(tx, id, email, now),
    /** Answers an invitation inside the caller's transaction: accepting joins the person with the invited role. */
    async answerInvitation(tx: Executor, invitation: InvitationRow, userId: string, answer: 'accepted' | 'declined', now: Date): Promise<void> {
      if (answer === 'accepted') {
        await deps.business.join(tx, { businessId: invitation.businessId, userId, role: invitation.role, at: now });
        // The invitation's locations become the member's (a location deleted meanwhile is left out: the foreign key).
        const still = (await repo.locationsNamed(tx, invitation.businessId, invitation.locationIds)).map((l) => l.id);
        await repo.setLocations(tx, invitation.businessId, userId, still);
      }
      await invitationRepository.respond(tx, invitation.businessId, invitation.id, answer, now);
    },

    async memberLocations(ctx: StaffReader, id: string): Promise<MemberLocations> {
      const { member } = await loadMember(db, ctx, id);
      return { location_ids: (await locationScopeOf(db, ctx.business.row.id, member.userId)) ?? [] };
    },

    /** The caller's own locations (null: every location): what the register offers. */
    async myLocations(ctx: BusinessContext): Promise<{ location_ids: string[] | null }> {
      const scope = await callerLocations(db, ctx);
      return { location_ids: scope && [...scope] };
    },

    /** Limits a member to some locations, or none (every location); audited with the before and after. */
    async setMemberLocations(ctx: BusinessContext, id: string, locationIds: string[]): Promise<MemberLocations> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const { member, email } = await guardChange(tx, ctx, id, 'locations');
        const limitedTo = await checkedLocations(tx, ctx, locationIds);
        const before = (await locationScopeOf(tx, businessId, member.userId)) ?? [];
        const after = limitedTo.map((l) => l.id).sort();
        if (before.join() === after.join()) return { location_ids: after };
        await repo.setLocations(tx, businessId, member.userId, after);
        await audit.record(tx, ctx, {
          action: 'staff.locations_changed',
          description: limitedTo.length > 0 ? `Limited ${email} to ${limitedTo.map((l) => l.name).join(', ')}` : `Let ${email} work at every location`,
          actorUserId: ctx.user.id,
          subjectUserId: member.userId,
          businessId,
          objectType: 'business_user',
          objectId: id,
          meta: { from: before, to: after },
        });
        return { location_ids: after };
      });
    },

    async changeRole(ctx: BusinessContext, id: string, role: Role): Promise<BusinessUser> {
      await db.transaction(async (tx) => {
        const { member, email } = await guardChange(tx, ctx, id, 'role');
        assertMayAssign(ctx, role);
        if (member.role === role) return;
        if (role !== 'owner') await assertNotLastOwner(tx, ctx, member, 'demoted');
        await deps.business.changeMember(tx, ctx.business.row.id, id, { role });
        await audit.record(tx, ctx, {
          action: 'staff.role_changed',
          description: `Changed the role of ${email} from ${ROLE_TITLES[member.role]} to ${ROLE_TITLES[role]}`,
          actorUserId: ctx.user.id,
          subjectUserId: member.userId,
          businessId: ctx.business.row.id,
          objectType: 'business_user',
          objectId: id,
          meta: { from: member.role, to: role },
        });
      });
      return reload(ctx, id);
    },

    async setActive(ctx: BusinessContext, id: string, active: boolean): Promise<BusinessUser> {
      await db.transaction(async (tx) => {
        const { member, email } = await guardChange(tx, ctx, id, 'status');
        const status = active ? 'active' : 'deactivated';
        if (member.status === status) return;
        if (!active) await assertNotLastOwner(tx, ctx, member, 'deactivated');
        await deps.business.changeMember(tx, ctx.business.row.id, id, { status });
        await audit.record(tx, ctx, {
          action: active ? 'staff.reactivated' : 'staff.deactivated',
          description: `${active ? 'Reactivated' : 'Deactivated'} ${email}`,
          actorUserId: ctx.user.id,
          subjectUserId: member.userId,
          businessId: ctx.business.row.id,
          objectType: 'business_user',
          objectId: id,
        });
      });
      return reload(ctx, id);
    },

    async remove(ctx: BusinessContext, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { member, email } = await guardChange(tx, ctx, id, 'remove');
        await assertNotLastOwner(tx, ctx, member, 'removed');
        await deps.business.removeMember(tx, ctx.business.row.id, id);
        await audit.record(tx, ctx, {
          action: 'staff.removed',
          description: `Removed ${email} (${ROLE_TITLES[member.role]}) from the business`,
          actorUserId: ctx.user.id,
          subjectUserId: member.userId,
          businessId: ctx.business.row.id,
          objectType: 'business_user',
          objectId: id,
          meta: { email, role: member.role },
        });
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
