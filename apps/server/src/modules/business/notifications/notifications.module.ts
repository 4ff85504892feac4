import { days } from '@/modules/platform/jobs/jobs.service';
import { defineModule, type Platform } from '@/modules/module';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService, PURGE_READ_NOTIFICATIONS_JOB } from './notifications.service';

/** The bell: per-person notifications written by other modules, their endpoints and socket, and the purge of old read ones. */
export const notificationsModule = defineModule({
  name: 'notifications',
  create: ({ db, clock, changes }: Pick<Platform, 'db' | 'clock' | 'changes'>) => createNotificationsService({ db, clock, changes }),
  routes: notificationsRoutes,
  jobs: (registry, notifications) =>
    registry.schedule(PURGE_READ_NOTIFICATIONS_JOB, { every: days(1) }, async () => {
      await notifications.purgeRead();
    }),
});
