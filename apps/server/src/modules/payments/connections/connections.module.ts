import { defineModule, type Platform } from '@/modules/module';
import { hours } from '@/modules/platform/jobs/jobs.service';
import { testModeProviders } from './accounting-provider';
import { connectionsRoutes } from './connections.routes';
import { createConnectionsService } from './connections.service';

export const CONNECTIONS_SCHEDULE = 'connections.post-journals';

/**
 * Accounting connections (docs/developers.md): Xero and QuickBooks through test-mode providers. Hourly, each
 * connection posts the day before in its business's zone (the first pass after local midnight posts it; later
 * passes find it posted, so it is posted once however often the schedule runs).
 */
export const connectionsModule = defineModule({
  name: 'connections',
  create: ({ db, clock, audit }: Pick<Platform, 'db' | 'clock' | 'audit'>) => createConnectionsService({ db, clock, audit, providers: testModeProviders() }),
  routes: connectionsRoutes,
  jobs: (jobs, connections) =>
    jobs.schedule(CONNECTIONS_SCHEDULE, { every: hours(1) }, async ({ data }) => {
      await connections.postPreviousDay(new Date(data.tick));
    }),
});
