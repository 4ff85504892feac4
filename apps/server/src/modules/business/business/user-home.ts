import type { Executor } from '@/db/client';
import type { UserRow } from '@/http/context';
import type { UserHome } from '@/modules/identity/session/session.service';
import { pendingInvitationExpiries } from '../staff/invitations.read-model';
import { businessRepository } from './business.repository';

/** The user's businesses: where they are an active member, and when their pending invitations expire. */
export async function loadUserHome(db: Executor, user: UserRow, now: Date): Promise<UserHome> {
  const [memberships, invitationExpiries] = await Promise.all([businessRepository.listForUser(db, user.id), pendingInvitationExpiries(db, user.email, now)]);
  return { memberships, invitationExpiries };
}
