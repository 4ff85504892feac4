import { originOfKind } from '@merchant/core';
import { defineModule, type Platform } from '@/modules/module';
import { minutes } from '@/modules/platform/jobs/jobs.service';
import type { ChargesService } from '../charges/charges.service';
import type { Processor } from '../processor/processor.module';
import type { WebhooksService } from '../developers/webhooks.service';
import type { PortalLinks } from '../customer-portal/portal-links.service';
import { subscriptionsRoutes } from './subscriptions.routes';
import { CHARGE_ONE_JOB, createSubscriptionsService } from './subscriptions.service';

/** The scheduler's pass over every business (docs/payments.md, "subscriptions"). */
export const CHARGE_DUE_SCHEDULE = 'subscriptions.charge-due';

/**
 * Subscriptions: customers charged on a schedule through a saved card (docs/payments.md, "subscriptions"). A
 * pass every 10 minutes charges each due period exactly once, retries failures and ends subscriptions.
 */
export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  create: ({
    db,
    clock,
    audit,
    mailer,
    limiter,
    config,
    jobs,
    charges,
    processor,
    portalLinks,
    webhooks,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'limiter' | 'config' | 'jobs'> & {
    charges: ChargesService;
    processor: Processor;
    portalLinks: PortalLinks;
    webhooks?: WebhooksService;
  }) => {
    return createSubscriptionsService({
      db,
      clock,
      audit,
      mailer,
      limiter,
      jobs,
      charges,
      processor,
      portalUrl: portalLinks.portalUrl,
      checkoutOrigin: originOfKind(config.publicUrl, 'checkout', config.baseDomain),
      poolSize: config.databasePoolSize,
      webhooks,
    });
  },
  routes: subscriptionsRoutes,
  jobs: (jobs, subscriptions) => {
    // What is due when the pass runs (not at its tick): a charge is never held back to the tick's time.
    jobs.schedule(CHARGE_DUE_SCHEDULE, { every: minutes(10) }, async () => {
      await subscriptions.scheduler.runDue();
    });
    jobs.work<{ business_id: string; id: string }>(CHARGE_ONE_JOB, async ({ data }) => {
      await subscriptions.scheduler.runSubscription(data.business_id, data.id);
    });
  },
});
