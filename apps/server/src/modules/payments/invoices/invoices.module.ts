import { defineModule, type Platform } from '@/modules/module';
import type { EmailTemplatesService } from '@/modules/business/email-templates/email-templates.service';
import { invoicesRoutes } from './invoices.routes';
import { createInvoicesService } from './invoices.service';

/** One-off invoices (docs/payments.md, "invoices"); customer mails use the business's email templates. */
export const invoicesModule = defineModule({
  name: 'invoices',
  create: ({
    db,
    clock,
    audit,
    mailer,
    config,
    emailTemplates,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'mailer' | 'config'> & { emailTemplates: EmailTemplatesService }) =>
    createInvoicesService({ db, clock, audit, mailer, config, emailTemplates }),
  routes: invoicesRoutes,
});
