import type { User } from '@merchant/identity';
import type { Executor } from '../../../db/client';
import type { UserRow } from '../../../http/context';
import { businessRepository } from '../../business/business/business.repository';
import { presentBusinessSummary } from '../../business/business/business.presenter';
import { invitationRepository } from '../../business/invitations/invitation.repository';

/** GET /v1/user: the user with the businesses they own and belong to. */
export async function presentUser(db: Executor, user: UserRow, now: Date): Promise<User> {
  const [memberships, pending] = await Promise.all([
    businessRepository.listForUser(db, user.id),
    invitationRepository.countPendingForEmail(db, user.email, now),
  ]);
  const owned = memberships.filter((m) => m.role === 'owner').map((m) => presentBusinessSummary(m.business, m.role));
  const member = memberships.filter((m) => m.role !== 'owner').map((m) => presentBusinessSummary(m.business, m.role));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    is_super_admin: user.isSuperAdmin,
    two_factor_enabled: Boolean(user.twoFactorConfirmedAt),
    businesses: { owned, member },
    pending_invitations: pending,
  };
}
