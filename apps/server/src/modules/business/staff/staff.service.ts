import { AppError, ROLE_TITLES, assignableRoles, canManageMember, fieldError, type Actor, type Role } from '@merchant/core';
import { INVITATION_TTL_DAYS, type BusinessUser, type Invitation } from '@merchant/business';
import type { Executor } from '../../../db/client';
import type { invitations } from '../../../db/schema';
import type { BusinessRow, UserRow } from '../../../http/context';
import type { Clock } from '../../../lib/clock';
import { newId, randomToken, sha256 } from '../../../lib/crypto';
import type { Mailer } from '../../../mail/mailer';
import type { AuditService, AuditWhere } from '../../identity/audit/audit.service';
import { presentMember } from '../business/business.presenter';
import { invitationRepository } from '../invitations/invitation.repository';
import { staffRepository as repo } from './staff.repository';

const DAY_MS = 24 * 60 * 60_000;

/** Who acts, in which business: the access layer resolved both. */
export interface StaffCaller {
  user: UserRow;
  business: BusinessRow;
  role: Role | null;
}

const actorOf = (c: StaffCaller): Actor => ({ isSuperAdmin: c.user.isSuperAdmin, role: c.role });

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
export function createStaffService(deps: { db: Executor; clock: Clock; audit: AuditService; mailer: Mailer; publicUrl: string }) {
  const { db, clock, audit } = deps;

  function assertMayAssign(caller: StaffCaller, role: Role): void {
    if (!assignableRoles(actorOf(caller)).includes(role)) {
      throw new AppError('STAFF_ROLE_NOT_ALLOWED', `You cannot give the ${ROLE_TITLES[role]} role.`);
    }
  }

  async function mailInvitation(caller: StaffCaller, email: string, role: Role, token: string, expiresAt: Date): Promise<void> {
    const link = `${deps.publicUrl}/register-complete/${token}`;
    await deps.mailer.send({
      to: email,
      subject: `You are invited to join ${caller.business.name}`,
      text:
        `Hello,\n\n${caller.user.name} invited you to join ${caller.business.name} as ${ROLE_TITLES[role]}.\n\n` +
        `Open this link to accept (it works until ${expiresAt.toUTCString()}):\n\n${link}\n\n` +
        `If you already have an account, sign in and accept it on ${deps.publicUrl}/pending-invitations.\n\n` +
        `If you did not expect this invitation, ignore this mail.`,
    });
  }

  async function loadMember(executor: Executor, caller: StaffCaller, id: string) {
    const found = await repo.findMember(executor, caller.business.id, id);
    if (!found) throw new AppError('STAFF_MEMBER_NOT_FOUND', 'Staff member not found.');
    return found;
  }

  /** The rules every change of a member goes through, checked inside the transaction that makes it. */
  async function guardChange(tx: Executor, caller: StaffCaller, id: string, what: 'role' | 'status' | 'remove') {
    await repo.lockBusiness(tx, caller.business.id);
    const found = await loadMember(tx, caller, id);
    if (found.member.userId === caller.user.id) {
      const message =
        what === 'role' ? 'You cannot change your own role.' : what === 'remove' ? 'You cannot remove yourself.' : 'You cannot change your own access.';
      throw fieldError('STAFF_SELF_CHANGE', what === 'role' ? 'role' : 'id', message);
    }
    if (!canManageMember(actorOf(caller), found.member.role)) {
      throw new AppError('STAFF_ROLE_NOT_ALLOWED', 'Only an owner can change another owner.');
    }
    return found;
  }

  async function assertNotLastOwner(tx: Executor, caller: StaffCaller, member: { role: Role; status: string }, action: string) {
    if (member.role !== 'owner' || member.status !== 'active') return;
    if ((await repo.countActiveOwners(tx, caller.business.id)) <= 1) {
      throw new AppError('STAFF_LAST_OWNER', `The last owner of the business cannot be ${action}.`);
    }
  }

  async function reload(caller: StaffCaller, id: string): Promise<BusinessUser> {
    return presentMember(await loadMember(db, caller, id));
  }

  return {
    async listInvitations(caller: StaffCaller): Promise<Invitation[]> {
      const now = clock.now();
      const rows = await invitationRepository.pendingForBusiness(db, caller.business.id);
      return rows.map((r) => presentInvitation(r.invitation, r.invitedBy, now));
    },

    async invite(caller: StaffCaller, body: { email: string; role: Role }, where: AuditWhere): Promise<Invitation> {
      assertMayAssign(caller, body.role);
      const email = body.email.toLowerCase();
      const token = randomToken(32);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
      const row = await db.transaction(async (tx) => {
        await repo.lockBusiness(tx, caller.business.id);
        if (await repo.findActiveMemberByEmail(tx, caller.business.id, email)) {
          throw fieldError('STAFF_ALREADY_MEMBER', 'email', 'This person is already a member of the business.');
        }
        if (await invitationRepository.findPendingForEmailInBusiness(tx, caller.business.id, email)) {
          throw fieldError('STAFF_ALREADY_INVITED', 'email', 'An invitation to this email is already pending: resend it instead.');
        }
        const created = await invitationRepository.insert(tx, {
          id: newId(),
          businessId: caller.business.id,
          email,
          role: body.role,
          tokenHash: sha256(token),
          invitedByUserId: caller.user.id,
          status: 'pending',
          expiresAt,
          createdAt: now,
        });
        await audit.record(tx, where, {
          action: 'staff.invited',
          description: `Invited ${email} as ${ROLE_TITLES[body.role]}`,
          actorUserId: caller.user.id,
          businessId: caller.business.id,
          objectType: 'invitation',
          objectId: created.id,
          meta: { email, role: body.role },
        });
        return created;
      });
      await mailInvitation(caller, email, body.role, token, expiresAt);
      return presentInvitation(row, caller.user.name, now);
    },

    async resendInvitation(caller: StaffCaller, id: string, where: AuditWhere): Promise<Invitation> {
      const token = randomToken(32);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
      const found = await db.transaction(async (tx) => {
        const current = await invitationRepository.findInBusiness(tx, caller.business.id, id);
        if (!current || current.invitation.status !== 'pending') {
          throw new AppError('STAFF_INVITATION_NOT_FOUND', 'Invitation not found.');
        }
        assertMayAssign(caller, current.invitation.role);
        await invitationRepository.renew(tx, caller.business.id, id, sha256(token), expiresAt);
        await audit.record(tx, where, {
          action: 'staff.invitation_resent',
          description: `Resent the invitation of ${current.invitation.email}`,
          actorUserId: caller.user.id,
          businessId: caller.business.id,
          objectType: 'invitation',
          objectId: id,
        });
        return current;
      });
      await mailInvitation(caller, found.invitation.email, found.invitation.role, token, expiresAt);
      return presentInvitation({ ...found.invitation, expiresAt }, found.invitedBy, now);
    },

    async revokeInvitation(caller: StaffCaller, id: string, where: AuditWhere): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await invitationRepository.findInBusiness(tx, caller.business.id, id);
        if (!current || current.invitation.status !== 'pending') {
          throw new AppError('STAFF_INVITATION_NOT_FOUND', 'Invitation not found.');
        }
        assertMayAssign(caller, current.invitation.role);
        await invitationRepository.revoke(tx, caller.business.id, id, clock.now());
        await audit.record(tx, where, {
          action: 'staff.invitation_revoked',
          description: `Revoked the invitation of ${current.invitation.email}`,
          actorUserId: caller.user.id,
          businessId: caller.business.id,
          objectType: 'invitation',
          objectId: id,
        });
      });
    },

    getMember: (caller: StaffCaller, id: string) => reload(caller, id),

    async changeRole(caller: StaffCaller, id: string, role: Role, where: AuditWhere): Promise<BusinessUser> {
      await db.transaction(async (tx) => {
        const { member, email } = await guardChange(tx, caller, id, 'role');
        assertMayAssign(caller, role);
        if (member.role === role) return;
        if (role !== 'owner') await assertNotLastOwner(tx, caller, member, 'demoted');
        await repo.update(tx, caller.business.id, id, { role });
        await audit.record(tx, where, {
          action: 'staff.role_changed',
          description: `Changed the role of ${email} from ${ROLE_TITLES[member.role]} to ${ROLE_TITLES[role]}`,
          actorUserId: caller.user.id,
          subjectUserId: member.userId,
          businessId: caller.business.id,
          objectType: 'business_user',
          objectId: id,
          meta: { from: member.role, to: role },
        });
      });
      return reload(caller, id);
    },

    async setActive(caller: StaffCaller, id: string, active: boolean, where: AuditWhere): Promise<BusinessUser> {
      await db.transaction(async (tx) => {
        const { member, email } = await guardChange(tx, caller, id, 'status');
        const status = active ? 'active' : 'deactivated';
        if (member.status === status) return;
        if (!active) await assertNotLastOwner(tx, caller, member, 'deactivated');
        await repo.update(tx, caller.business.id, id, { status });
        await audit.record(tx, where, {
          action: active ? 'staff.reactivated' : 'staff.deactivated',
          description: `${active ? 'Reactivated' : 'Deactivated'} ${email}`,
          actorUserId: caller.user.id,
          subjectUserId: member.userId,
          businessId: caller.business.id,
          objectType: 'business_user',
          objectId: id,
        });
      });
      return reload(caller, id);
    },

    async remove(caller: StaffCaller, id: string, where: AuditWhere): Promise<void> {
      await db.transaction(async (tx) => {
        const { member, email } = await guardChange(tx, caller, id, 'remove');
        await assertNotLastOwner(tx, caller, member, 'removed');
        await repo.remove(tx, caller.business.id, id);
        await audit.record(tx, where, {
          action: 'staff.removed',
          description: `Removed ${email} (${ROLE_TITLES[member.role]}) from the business`,
          actorUserId: caller.user.id,
          subjectUserId: member.userId,
          businessId: caller.business.id,
          objectType: 'business_user',
          objectId: id,
          meta: { email, role: member.role },
        });
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
