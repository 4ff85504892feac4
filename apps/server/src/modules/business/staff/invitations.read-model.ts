import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { invitations } from '@/db/schema';

/** When the pending invitations of an email address expire (the user's home, which the session keeps). */
export async function pendingInvitationExpiries(db: Executor, email: string, now: Date): Promise<Date[]> {
  const rows = await db
    .select({ expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(eq(invitations.email, email.toLowerCase()), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)));
  return rows.map((r) => r.expiresAt);
}
