import {
  PUBLIC_RECURRING_PATHS,
  PublicPlanBodySchema,
  PublicPlanListSchema,
  PublicPlanSchema,
  PublicRecurringBillingBodySchema,
  PublicRecurringBillingListSchema,
  PublicRecurringBillingSchema,
  PublicRecurringBillingUpdateSchema,
  PublicSavedCardChargeBodySchema,
  PublicSavedCardChargeSchema,
} from '@merchant/payments';
import { bodyOf, commonResponses, error, idempotencyKeyParameter, inDocument, json, pathId, type PublicApiPaths } from './public-api.openapi';
import { pageParameters, queryParameter } from './public-invoices.openapi';

/** HitPay's subscription plans and recurring billing in the public API's document (HitPay's operation ids). */
export function publicRecurringPaths(): PublicApiPaths {
  const common = commonResponses();
  const plan = json(PublicPlanSchema, 'The subscription plan');
  const planBody = bodyOf(PublicPlanBodySchema);
  const noPlan = error('No subscription plan of this id in the business (or it was deleted)');
  const recurring = json(PublicRecurringBillingSchema, 'The recurring billing');
  const noBilling = error('No recurring billing of this id in the business');
  const running = error('A request with this Idempotency-Key is still running');
  return {
    [inDocument(PUBLIC_RECURRING_PATHS.plans)]: {
      get: {
        operationId: 'get-all-subscription-plan',
        summary: 'Get all subscription plans (newest first, Laravel pages)',
        parameters: pageParameters(20),
        responses: { 200: json(PublicPlanListSchema, 'A page of plans'), ...common },
      },
      post: {
        operationId: 'create-subscription-plan',
        summary: 'Create a subscription plan',
        parameters: [idempotencyKeyParameter],
        requestBody: planBody,
        responses: { 200: plan, 409: running, 422: error('Invalid input'), ...common },
      },
    },
    [inDocument(PUBLIC_RECURRING_PATHS.plan)]: {
      get: {
        operationId: 'get-a-subscription-plan-detail',
        summary: 'Get subscription plan details',
        parameters: [pathId('plan_id')],
        responses: { 200: plan, 404: noPlan, ...common },
      },
      put: {
        operationId: 'update-recurring-billing-plan',
        summary: 'Update the subscription plan (every field anew; its subscriptions keep their terms)',
        parameters: [pathId('plan_id')],
        requestBody: planBody,
        responses: { 200: plan, 404: noPlan, 422: error('Invalid input'), ...common },
      },
      delete: {
        operationId: 'delete-subscription',
        summary: 'Delete the subscription plan (archived: its subscriptions keep it)',
        parameters: [pathId('plan_id')],
        responses: { 204: { description: 'Deleted' }, 404: noPlan, ...common },
      },
    },
    [inDocument(PUBLIC_RECURRING_PATHS.billings)]: {
      get: {
        operationId: 'get-all-recurring-billing',
        summary: 'Get all recurring billings (newest first, Laravel pages)',
        parameters: [
          ...pageParameters(25),
          queryParameter('customer_email', { type: 'string' }),
          queryParameter('reference', { type: 'string' }, 'Not kept here: matches nothing'),
          queryParameter('business_recurring_plans_id', { type: 'string', format: 'uuid' }),
          queryParameter('status', { type: 'string', enum: ['active', 'scheduled', 'retrying', 'inactive', 'canceled'] }, 'Every status when left out'),
        ],
        responses: { 200: json(PublicRecurringBillingListSchema, 'A page of recurring billings'), 422: error('Invalid filters'), ...common },
      },
      post: {
        operationId: 'create-a-recurring-billing',
        summary: 'Create a recurring billing (the customer saves the card on url)',
        parameters: [idempotencyKeyParameter],
        requestBody: bodyOf(PublicRecurringBillingBodySchema),
        responses: { 200: recurring, 409: running, 422: error('Invalid input'), ...common },
      },
    },
    [inDocument(PUBLIC_RECURRING_PATHS.billing)]: {
      get: {
        operationId: 'get-saved-card-details',
        summary: 'Get the recurring billing with its saved card',
        parameters: [pathId('recurring_billing_id')],
        responses: { 200: recurring, 404: noBilling, ...common },
      },
      put: {
        operationId: 'update-recurring-billing',
        summary: 'Update the recurring billing (plan_id: its plan from the next period)',
        parameters: [pathId('recurring_billing_id')],
        requestBody: bodyOf(PublicRecurringBillingUpdateSchema),
        responses: { 200: recurring, 404: noBilling, 409: error('Its status allows no change'), 422: error('Invalid input'), ...common },
      },
      delete: {
        operationId: 'delete-a-recurring-billing-detail',
        summary: 'Delete the recurring billing (cancelled now)',
        parameters: [pathId('recurring_billing_id')],
        responses: { 200: recurring, 404: noBilling, 409: error('Cancelled already'), ...common },
      },
    },
    [inDocument(PUBLIC_RECURRING_PATHS.charge)]: {
      post: {
        operationId: 'charge-the-saved-card',
        summary: 'Charge the saved card an amount now',
        parameters: [pathId('recurring_billing_id'), idempotencyKeyParameter],
        requestBody: bodyOf(PublicSavedCardChargeBodySchema),
        responses: {
          200: json(PublicSavedCardChargeSchema, 'The charge'),
          404: noBilling,
          409: error('No saved card, or a charge of it under way'),
          422: error('Invalid input, or the card was declined'),
          ...common,
        },
      },
    },
  };
}
