import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PUBLIC_RECURRING_PATHS,
  PublicPlanBodySchema,
  PublicPlanListQuerySchema,
  PublicRecurringBillingBodySchema,
  PublicRecurringBillingListQuerySchema,
  PublicRecurringBillingUpdateSchema,
  PublicSavedCardChargeBodySchema,
  type PublicPlanBody,
  type PublicSavedCardChargeBody,
  type PublicRecurringBillingBody,
  type PublicRecurringBillingListQuery,
  type PublicRecurringBillingUpdate,
} from '@merchant/payments';
import { defineModule, type Platform } from '@/modules/module';
import type { CustomersService } from '@/modules/payments/customers/customers.service';
import type { PlansService } from '@/modules/payments/recurring-plans/recurring-plans.service';
import type { SubscriptionsService } from '@/modules/payments/subscriptions/subscriptions.service';
import { publicApiScope } from './public-api.scope';
import type { PublicApiService } from './public-api.service';
import { apiOriginOf } from './public-invoices.module';
import { publicRecurringPaths } from './public-recurring.openapi';
import { createPublicRecurringApi } from './public-recurring.service';

type Deps = Pick<Platform, 'db' | 'clock' | 'config'> & {
  publicApi: PublicApiService;
  recurringPlans: PlansService;
  subscriptions: SubscriptionsService;
  customers: CustomersService;
};

const PlanParamsSchema = z.object({ plan_id: z.string().max(100) });
const BillingParamsSchema = z.object({ recurring_billing_id: z.string().max(100) });

/** HitPay's subscription plans and recurring billing on the API host (docs/developers.md, "Public API: invoices, subscription plans, recurring billing"). */
export const publicRecurringApiModule = defineModule({
  name: 'publicRecurringApi',
  create: ({ db, clock, config, publicApi, recurringPlans, subscriptions, customers }: Deps) => ({
    publicApi,
    ...createPublicRecurringApi({ db, clock, apiOrigin: () => apiOriginOf(config), plans: recurringPlans, subscriptions, customers }),
  }),
  routes: (host, service) => {
    service.publicApi.describe(publicRecurringPaths());
    const planId = (req: FastifyRequest) => (req.params as z.output<typeof PlanParamsSchema>).plan_id;
    const billingId = (req: FastifyRequest) => (req.params as z.output<typeof BillingParamsSchema>).recurring_billing_id;
    publicApiScope(host, service.publicApi, ({ api, guard, caller, meta, idempotent }) => {
      const view = guard('payments:view');
      const write = guard('payments:create');
      // Subscription plans.
      api.get(PUBLIC_RECURRING_PATHS.plans, { schema: { querystring: PublicPlanListQuerySchema, hide: true }, onRequest: view }, async (req) =>
        service.listPlans(caller(req), req.query as z.output<typeof PublicPlanListQuerySchema>),
      );
      api.post(PUBLIC_RECURRING_PATHS.plans, { schema: { body: PublicPlanBodySchema, hide: true }, onRequest: write }, async (req, reply) =>
        idempotent('subscription-plan.create', req, reply, () => service.createPlan(caller(req), meta(req), req.body as PublicPlanBody)),
      );
      api.get(PUBLIC_RECURRING_PATHS.plan, { schema: { params: PlanParamsSchema, hide: true }, onRequest: view }, async (req) =>
        service.getPlan(caller(req), meta(req), planId(req)),
      );
      api.put(PUBLIC_RECURRING_PATHS.plan, { schema: { params: PlanParamsSchema, body: PublicPlanBodySchema, hide: true }, onRequest: write }, async (req) =>
        service.updatePlan(caller(req), meta(req), planId(req), req.body as PublicPlanBody),
      );
      api.delete(PUBLIC_RECURRING_PATHS.plan, { schema: { params: PlanParamsSchema, hide: true }, onRequest: write }, async (req, reply) => {
        await service.deletePlan(caller(req), meta(req), planId(req));
        return reply.status(204).send();
      });
      // Recurring billing.
      api.post(PUBLIC_RECURRING_PATHS.billings, { schema: { body: PublicRecurringBillingBodySchema, hide: true }, onRequest: write }, async (req, reply) =>
        idempotent('recurring-billing.create', req, reply, () => service.createBilling(caller(req), meta(req), req.body as PublicRecurringBillingBody)),
      );
      api.get(PUBLIC_RECURRING_PATHS.billings, { schema: { querystring: PublicRecurringBillingListQuerySchema, hide: true }, onRequest: view }, async (req) =>
        service.listBillings(caller(req), req.query as PublicRecurringBillingListQuery),
      );
      api.get(PUBLIC_RECURRING_PATHS.billing, { schema: { params: BillingParamsSchema, hide: true }, onRequest: view }, async (req) =>
        service.getBilling(caller(req), billingId(req)),
      );
      api.put(
        PUBLIC_RECURRING_PATHS.billing,
        { schema: { params: BillingParamsSchema, body: PublicRecurringBillingUpdateSchema, hide: true }, onRequest: write },
        async (req) => service.updateBilling(caller(req), meta(req), billingId(req), req.body as PublicRecurringBillingUpdate),
      );
      api.delete(PUBLIC_RECURRING_PATHS.billing, { schema: { params: BillingParamsSchema, hide: true }, onRequest: write }, async (req) =>
        service.deleteBilling(caller(req), meta(req), billingId(req)),
      );
      api.post(
        PUBLIC_RECURRING_PATHS.charge,
        { schema: { params: BillingParamsSchema, body: PublicSavedCardChargeBodySchema, hide: true }, onRequest: write },
        async (req, reply) =>
          idempotent('recurring-billing.charge', req, reply, () =>
            service.chargeSavedCard(caller(req), meta(req), billingId(req), req.body as PublicSavedCardChargeBody),
          ),
      );
    });
  },
});
