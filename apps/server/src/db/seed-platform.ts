import type { Executor } from './client';
import type { Services } from '../services';
import { seedMember } from './seed-context';

/**
 * The demo business as a platform (docs/developers.md, "Platform accounts"): Pending Pottery linked to it, invited by
 * the demo owner and accepted by its own owner, through the service as on the screens.
 */
export async function seedPlatformAccounts(
  db: Executor,
  services: Services,
  demo: { businessId: string; ownerId: string },
  linked: { businessId: string; ownerId: string; identifier: string },
): Promise<void> {
  const platformOwner = await seedMember(db, services, demo.businessId, demo.ownerId);
  const invitation = await services.platformAccounts.invite(platformOwner, linked.identifier);
  const linkedOwner = await seedMember(db, services, linked.businessId, linked.ownerId);
  await services.platformAccounts.accept(linkedOwner, invitation.link_id);
}
