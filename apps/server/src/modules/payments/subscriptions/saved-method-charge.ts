import { AppError, formatMoneyWithCode } from '@merchant/core';
import { SUBSCRIPTION_STATUS_LABELS } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { ActingContext } from '@/http/context';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { ChargesService } from '../charges/charges.service';
import type { PaymentRow } from '../charges/charges.types';
import { assertAmountWithinLimits } from '../checkout-source';
import type { Billing } from './subscriptions.billing';
import { subscriptionsRepository as repo } from './subscriptions.repository';

/**
 * Charges a subscription's saved card (or mandate) an amount now, outside its schedule (the public API's "charge the
 * saved card"): a payment of the subscription through the same two-phase saved charge as a period's, its ledger
 * entries with it; no period moves (the source's outcome sees `one_off`). Answers the payment as it ended (`failed`
 * when the card was declined: nothing is charged), or `processing` when the processor did not answer (the
 * reconciliation settles it).
 */
export function createSavedMethodCharge(deps: { db: Executor; audit: AuditService; charges: ChargesService; billing: Billing }) {
  const { db, audit, charges, billing } = deps;
  return async function chargeSavedMethod(ctx: ActingContext, id: string, amount: number): Promise<PaymentRow> {
    const businessId = ctx.business.row.id;
    const begun = await db.transaction(async (tx) => {
      const row = await repo.lock(tx, businessId, id);
      if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND', 'Subscription not found.');
      if (!row.methodToken)
        throw new AppError('SUBSCRIPTION_ACTION_NOT_ALLOWED', 'The customer has not saved a payment method yet, so there is nothing to charge.');
      if (row.status === 'cancelled' || row.status === 'completed')
        throw new AppError('SUBSCRIPTION_ACTION_NOT_ALLOWED', `A ${SUBSCRIPTION_STATUS_LABELS[row.status].toLowerCase()} subscription cannot be charged.`);
      if (await charges.savedCharges.inFlight(tx, businessId, 'subscription', id))
        throw new AppError('SUBSCRIPTION_ACTION_NOT_ALLOWED', 'A charge of this subscription is being processed: try again in a moment.');
      assertAmountWithinLimits(amount, row.currency);
      const customer = await repo.customer(tx, businessId, row.customerId);
      const made = await charges.savedCharges.begin(
        tx,
        {
          businessId,
          source: { type: 'subscription', id },
          amount,
          currency: row.currency,
          customer: { id: row.customerId, name: customer?.name ?? null, email: customer?.email ?? null, phone: customer?.phone ?? null },
          reference: row.name,
          description: `${row.name}, charged outside its schedule`,
        },
        billing.methodOf(row),
        { one_off: true },
      );
      await audit.record(tx, ctx, {
        action: 'subscription.method_charged',
        description: `Charged ${formatMoneyWithCode(amount, row.currency)} to the saved payment method of the subscription ${row.name}`,
        actorUserId: ctx.user.id,
        businessId,
        objectType: 'subscription',
        objectId: id,
        meta: { payment_id: made.payment.id, amount },
      });
      return made;
    });
    const answer = await charges.savedCharges.call(begun);
    if (!answer) return begun.payment;
    const done = (await db.transaction(async (tx) => charges.savedCharges.finish(tx, begun, answer, ctx))) as { payment: PaymentRow } | null;
    return done?.payment ?? begun.payment;
  };
}
