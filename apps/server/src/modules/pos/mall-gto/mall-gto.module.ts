import { defineModule, type Platform } from '@/modules/module';
import { minutes } from '@/modules/platform/jobs/jobs.service';
import { createMallIntegrationsService } from './integrations.service';
import { mallGtoRoutes } from './mall-gto.routes';
import { mallSecrets } from './mall-gto.shared';
import { createMallRunsService } from './runs.service';
import { ssh2Transport } from './sftp';

/** The schedule of mall sales files: yesterday's run of each active integration, and the retries that are due. */
export const MALL_GTO_SCHEDULE = 'pos.mall-gto';

/**
 * Mall sales reporting (docs/pos.md, "Mall sales reporting"): integrations per mall, the daily file of a location's
 * sales uploaded over SFTP, its retries and the log of runs.
 */
export const mallGtoModule = defineModule({
  name: 'mallGto',
  create: ({ db, clock, audit, mailer }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer'>) => {
    const secrets = mallSecrets(db, clock);
    const transport = ssh2Transport;
    const integrations = createMallIntegrationsService({ db, clock, audit, secrets, transport });
    return { integrations, runs: createMallRunsService({ db, clock, audit, mailer, secrets, transport, integrations }) };
  },
  routes: mallGtoRoutes,
  jobs: (jobs, service) => {
    // Every 5 minutes: a business's yesterday begins at its own midnight, and retries wait minutes, not a day.
    jobs.schedule(MALL_GTO_SCHEDULE, { every: minutes(5) }, async ({ data }) => {
      await service.runs.tick(new Date(data.tick));
    });
  },
});

export type MallGtoService = ReturnType<typeof mallGtoModule.create>;
