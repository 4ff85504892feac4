import { defineModule, type Platform } from '@/modules/module';
import { emailTemplatesRoutes } from './email-templates.routes';
import { createEmailTemplatesService } from './email-templates.service';

export const emailTemplatesModule = defineModule({
  name: 'emailTemplates',
  create: ({ db, clock, audit, mailer, limiter }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'limiter'>) =>
    createEmailTemplatesService({ db, clock, audit, mailer, limiter }),
  routes: emailTemplatesRoutes,
});
