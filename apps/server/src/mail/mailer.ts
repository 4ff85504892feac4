import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Executor } from '../db/client';
import type { Clock } from '../lib/clock';
import { newId } from '../lib/crypto';
import { mailOutboxRepository as outbox, type MailOutboxRow } from '../modules/platform/mail/mail-outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Newest first: the dev mailbox and the tests read it. */
  recent(limit?: number): Promise<MailOutboxRow[]>;
}

/**
 * The one mailer: every mail is kept in the outbox table; with SMTP_URL it is also delivered
 * over SMTP and marked sent (or its error kept). Delivery failures never fail the caller.
 */
export function createMailer(deps: { db: Executor; clock: Clock; logger: Logger; smtpUrl?: string | undefined; from: string }): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  return {
    async send(message) {
      const id = newId();
      await outbox.insert(deps.db, { id, ...message, html: message.html ?? null, createdAt: deps.clock.now() });
      if (!transport) {
        deps.logger.info({ mailId: id, to: message.to, subject: message.subject }, `mail kept in the dev mailbox: ${message.subject}`);
        return;
      }
      try {
        await transport.sendMail({ from: deps.from, ...message });
        await outbox.markSent(deps.db, id, deps.clock.now());
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        deps.logger.error({ mailId: id, err: error }, 'mail delivery failed');
        await outbox.markFailed(deps.db, id, text.slice(0, 1000));
      }
    },
    recent: (limit = 50) => outbox.recent(deps.db, limit),
  };
}
