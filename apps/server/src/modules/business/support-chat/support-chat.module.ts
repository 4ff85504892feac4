import { join } from 'node:path';
import { createFileStore } from '@/lib/file-store';
import { minutes } from '@/modules/platform/jobs/jobs.service';
import { defineModule, type Platform } from '@/modules/module';
import { supportChatRoutes } from './support-chat.routes';
import { createSupportChatService, UNREAD_MAIL_JOB } from './support-chat.service';

/** Live support chat: the public page's conversations, the Support inbox, its sockets and the unread-answer mail. */
export const supportChatModule = defineModule({
  name: 'supportChat',
  create: ({ db, clock, limiter, mailer, audit, config, changes }: Pick<Platform, 'db' | 'clock' | 'limiter' | 'mailer' | 'audit' | 'config' | 'changes'>) =>
    createSupportChatService({
      db,
      clock,
      limiter,
      mailer,
      audit,
      changes,
      publicUrl: config.publicUrl,
      files: createFileStore(join(config.dataDir, 'uploads')),
      staffAnswersPerMinute: config.chatStaffAnswersPerMinute,
    }),
  routes: supportChatRoutes,
  jobs: (registry, chat) =>
    registry.schedule(UNREAD_MAIL_JOB, { every: minutes(1) }, async () => {
      await chat.mailUnread();
    }),
});
