import { defineModule, type Platform } from '@/modules/module';
import { notificationSettingsRoutes } from './notification-settings.routes';
import { createNotificationSettingsService } from './notification-settings.service';

export const notificationSettingsModule = defineModule({
  name: 'notificationSettings',
  create: ({ db, clock, audit }: Pick<Platform, 'db' | 'clock' | 'audit'>) => createNotificationSettingsService({ db, clock, audit }),
  routes: notificationSettingsRoutes,
});
