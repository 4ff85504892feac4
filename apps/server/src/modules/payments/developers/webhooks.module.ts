import { defineModule, type Platform } from '@/modules/module';
import type { NotificationSettingsService } from '@/modules/business/notification-settings/notification-settings.service';
import { webhooksRoutes } from './webhooks.routes';
import { orderKeyOfJob, WEBHOOK_BATCH, WEBHOOK_CONCURRENCY, WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJob } from './webhook-delivery-job';
import { createWebhooksService } from './webhooks.service';

type Deps = Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'jobs' | 'config'> & {
  notificationSettings: Pick<NotificationSettingsService, 'ownerEmails'>;
};

/** HitPay's event webhooks: endpoints, events written with their change, signed deliveries by the job queue. */
export const webhooksModule = defineModule({
  name: 'webhooks',
  create: ({ db, clock, audit, mailer, jobs, config, notificationSettings }: Deps) =>
    createWebhooksService({
      db,
      clock,
      audit,
      mailer,
      jobs,
      config,
      ownerEmails: (businessId, executor) => notificationSettings.ownerEmails(businessId, executor),
    }),
  routes: webhooksRoutes,
  jobs: (jobs, service) => {
    jobs.work<WebhookDeliveryJob>(WEBHOOK_DELIVERY_JOB, async ({ data }) => service.deliver(data), {
      orderKey: orderKeyOfJob,
      concurrency: WEBHOOK_CONCURRENCY,
      batchSize: WEBHOOK_BATCH,
    });
  },
});
