import type { User } from '@merchant/identity';
import type { Executor } from '../../../db/client';
import type { UserRow } from '../../../http/context';
import { businessRepository } from '../../business/business/business.repository';
import { presentBusinessSummary } from '../../business/business/business.presenter';
import { invitationRepository } from '../../business/invitations/invitation.repository';
import type { UserHome } from '../session/session-cache';

/** The businesses the user is an active member of and when their pending invitations expire. */
export async function loadUserHome(db: Executor, user: UserRow, now: Date): Promise<UserHome> {
  const [memberships, invitationExpiries] = await Promise.all([
    businessRepository.listForUser(db, user.id),
    invitationRepository.pendingExpiriesForEmail(db, user.email, now),
  ]);
  return { memberships, invitationExpiries };
}

/** GET /v1/user: the user with the businesses they own and belong to (invitations count while unexpired). */
export function presentUserWith(user: UserRow, home: UserHome, now: Date): User {
  const { memberships } = home;
  const owned = memberships.filter((m) => m.role === 'owner').map((m) => presentBusinessSummary(m.business, m.role));
  const member = memberships.filter((m) => m.role !== 'owner').map((m) => presentBusinessSummary(m.business, m.role));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    is_super_admin: user.isSuperAdmin,
    two_factor_enabled: Boolean(user.twoFactorConfirmedAt),
    businesses: { owned, member },
    pending_invitations: home.invitationExpiries.filter((at) => at > now).length,
  };
}

export async function presentUser(db: Executor, user: UserRow, now: Date): Promise<User> {
  return presentUserWith(user, await loadUserHome(db, user, now), now);
}
