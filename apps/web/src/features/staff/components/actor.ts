import type { Business } from '@merchant/business';
import type { Actor } from '@merchant/core';
import type { User } from '@merchant/identity';
import { roleOfTitle } from './staff-routes';

/** The signed-in person as the permission map sees them in this business. */
export function actorIn(user: User, business: Business): Actor {
  return { isSuperAdmin: user.is_super_admin, role: business.role ? roleOfTitle(business.role.title) : null };
}
