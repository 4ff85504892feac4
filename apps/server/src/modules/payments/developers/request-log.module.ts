import { defineModule, type Platform } from '@/modules/module';
import { hours } from '@/modules/platform/jobs/jobs.service';
import { requestLogRoutes } from './request-log.routes';
import { createRequestLogService } from './request-log.service';

/** The schedule that deletes calls past the retention (docs/developers.md, "Request log"). */
export const REQUEST_LOG_PURGE_JOB = 'developers.purge-request-log';

/** The public API's request log: calls recorded by the API's scope, listed on the Developers screen, kept 30 days. */
export const requestLogModule = defineModule({
  name: 'requestLog',
  create: ({ db, clock }: Pick<Platform, 'db' | 'clock'>) => createRequestLogService({ db, clock }),
  routes: requestLogRoutes,
  jobs: (jobs, service) => {
    jobs.schedule(REQUEST_LOG_PURGE_JOB, { every: hours(1) }, async () => {
      await service.purge();
    });
  },
});
