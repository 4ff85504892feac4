import type { User } from '@merchant/identity';
import type { UserRow } from '@/http/context';
import { presentBusinessSummary } from '@/modules/business/business/business.presenter';
import type { UserHome } from '../session/session.service';

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
