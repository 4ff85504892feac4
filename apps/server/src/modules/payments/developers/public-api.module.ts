import type { BusinessService } from '@/modules/business/business/business.service';
import { defineModule, type Platform } from '@/modules/module';
import { LEGACY_WEBHOOK_JOB, type LegacyWebhookJob } from '@/modules/payments/payment-links/payment-links.types';
import type { PaymentLinksService } from '@/modules/payments/payment-links/payment-links.service';
import type { PlatformAccountsService } from '@/modules/payments/platform-accounts/platform-accounts.service';
import type { ApiKeysService } from './api-keys.service';
import type { RequestLogService } from './request-log.service';
import { sendLegacyWebhook } from './legacy-webhook';
import { publicApiRoutes } from './public-api.routes';
import { createPublicApiService } from './public-api.service';

type Deps = Pick<Platform, 'clock' | 'config' | 'limiter'> & {
  apiKeys: ApiKeysService;
  business: BusinessService;
  paymentLinks: PaymentLinksService;
  platformAccounts: PlatformAccountsService;
  requestLog: RequestLogService;
};

/** HitPay's public API on the API host, authenticated by the business's API keys (docs/developers.md). */
export const publicApiModule = defineModule({
  name: 'publicApi',
  create: ({ clock, config, limiter, apiKeys, business, paymentLinks, platformAccounts, requestLog }: Deps) => ({
    ...createPublicApiService({ clock, config, limiter, apiKeys, business, paymentLinks, platformAccounts, requestLog }),
    /** Posts one legacy payment request webhook (the job's work; a failure is retried with backoff). */
    sendLegacyWebhook: (job: LegacyWebhookJob, log: (message: string, meta: object) => void) =>
      sendLegacyWebhook({ apiKeys, allowPrivate: config.webhookPrivateTargets, log }, job),
  }),
  routes: publicApiRoutes,
  jobs: (jobs, service) => {
    jobs.work<LegacyWebhookJob>(LEGACY_WEBHOOK_JOB, async ({ data }) => service.sendLegacyWebhook(data, () => undefined));
  },
});
