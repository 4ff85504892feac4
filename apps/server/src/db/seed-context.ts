import { eq } from 'drizzle-orm';
import { ROLE_PERMISSIONS, type Role } from '@merchant/core';
import type { BusinessContext, SignedInContext } from '../http/context';
import type { Services } from '../services';
import type { Executor } from './client';
import { users } from './schema';

/**
 * What the demo seed does as a member of a business, it does through the services a screen's request calls, with a
 * context like that request's: the member and their standing, no session and no address behind it.
 */
export async function seedMember(db: Executor, services: Services, businessId: string, userId: string, role: Role = 'owner'): Promise<BusinessContext> {
  const business = await services.business.find(businessId);
  if (!business) throw new Error(`The demo seed has no business ${businessId}`);
  return {
    ...(await seedSignedIn(db, userId)),
    business: { row: business, role, isSuperAdmin: false, permissions: [...ROLE_PERMISSIONS[role]] },
  };
}

/** A signed-in person's context as the seed acts for them (a super admin's review), like {@link seedMember}'s. */
export async function seedSignedIn(db: Executor, userId: string): Promise<SignedInContext> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`The demo seed has no user ${userId}`);
  const now = new Date(0);
  return {
    requestId: 'demo-seed',
    ip: '',
    userAgent: null,
    sessionToken: null,
    session: { id: 'demo-seed', userId, pendingUserId: null, csrfToken: '', ip: null, userAgent: null, createdAt: now, lastActivityAt: now },
    user,
    csrfToken: null,
    business: null,
  };
}
