import type { Executor } from '@/db/client';
import type { ActingContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { subscriptionsRepository as repo, type SubscriptionRow } from './subscriptions.repository';

/** A change of a subscription's text: a field left out keeps its value, null clears it. */
export interface SubscriptionDetailsChange {
  description?: string | null | undefined;
  reference?: string | null | undefined;
  redirect_url?: string | null | undefined;
}

/**
 * Changes the merchant's text of a locked subscription (its description, reference and return address), in any
 * status, audited as `subscription.details_updated`; its terms and its customer do not change here. Nothing sent:
 * nothing written.
 */
export async function describeSubscription(
  tx: Executor,
  deps: { clock: Clock; audit: AuditService },
  ctx: ActingContext,
  row: SubscriptionRow,
  body: SubscriptionDetailsChange,
): Promise<void> {
  const changes = {
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.reference !== undefined ? { reference: body.reference } : {}),
    ...(body.redirect_url !== undefined ? { redirectUrl: body.redirect_url } : {}),
  };
  if (Object.keys(changes).length === 0) return;
  await repo.update(tx, row.businessId, row.id, { ...changes, updatedAt: deps.clock.now() });
  await deps.audit.record(tx, ctx, {
    action: 'subscription.details_updated',
    description: `Edited the details of the subscription ${row.name}`,
    actorUserId: ctx.user.id,
    businessId: row.businessId,
    objectType: 'subscription',
    objectId: row.id,
    meta: { fields: Object.keys(body).filter((k) => body[k as keyof SubscriptionDetailsChange] !== undefined) },
  });
}
