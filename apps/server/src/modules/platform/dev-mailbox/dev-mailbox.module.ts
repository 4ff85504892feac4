import { defineModule, type Platform } from '@/modules/module';
import { devMailboxRoutes } from './dev-mailbox.routes';

/** Local runs without SMTP: the mail the product sent, when the configuration turns the mailbox on. */
export const devMailboxModule = defineModule({
  name: 'devMailbox',
  create: ({ mailer, config }: Pick<Platform, 'mailer' | 'config'>) => ({ enabled: config.devMailbox, recent: mailer.recent, attachment: mailer.attachment }),
  routes: (host, mailbox) => {
    if (mailbox.enabled) devMailboxRoutes(host.app, mailbox);
  },
});
