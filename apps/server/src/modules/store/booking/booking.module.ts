import { defineModule, type Platform } from '@/modules/module';
import { minutes } from '@/modules/platform/jobs/jobs.service';
import type { StoreSettingsService } from '@/modules/store/settings/store-settings.service';
import { bookingRoutes } from './booking.routes';
import { createBookingService } from './booking.service';

/** Booking (docs/online-store.md, "Booking"): services, staff hours, slots and bookings; the reminder schedule. */
export const bookingModule = defineModule({
  name: 'booking',
  create: ({
    db,
    clock,
    mailer,
    audit,
    storeSettings,
  }: Pick<Platform, 'db' | 'clock' | 'mailer' | 'audit'> & { storeSettings: Pick<StoreSettingsService, 'storefrontUrl'> }) =>
    createBookingService({ db, clock, mailer, audit, storefrontUrl: (b) => storeSettings.storefrontUrl(b) }),
  routes: bookingRoutes,
  // Every 15 minutes: bookings starting in the next 24 hours get their reminder, once.
  jobs: (jobs, service) =>
    jobs.schedule('booking.remind', { every: minutes(15) }, async () => {
      await service.sendReminders();
    }),
});
