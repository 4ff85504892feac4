import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Executor } from '../db/client';
import type { Clock } from '../lib/clock';
import { newTimeOrderedId } from '../lib/crypto';
import { days, minutes, type JobRegistry, type JobSender } from '../modules/platform/jobs/jobs.service';
import { mailOutboxRepository as outbox, type MailAttachmentInfo, type MailOutboxRow } from '../modules/platform/mail/mail-outbox.repository';

/** A file sent with a mail (an invoice's PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Kept with the mail, bytes and all: the delivery sends exactly these. */
  attachments?: MailAttachment[];
}

/** A kept mail as the dev mailbox lists it: its attachments by name and size, without their bytes. */
export type KeptMail = MailOutboxRow & { attachments: Omit<MailAttachmentInfo, 'mailId'>[] };

export interface Mailer {
  /**
   * Keeps the mail in the outbox and enqueues its delivery, both on `db`: given the transaction of the change the
   * mail tells of, the mail commits with that change or not at all (never lost, never about something undone).
   * Never fails on delivery. Answers the mail's id, which its delivery sends as the Message-ID.
   */
  send(db: Executor, message: MailMessage): Promise<string>;
  /** Newest first: the dev mailbox and the tests read it. */
  recent(limit?: number): Promise<KeptMail[]>;
  /** One attachment of a kept mail with its bytes (the dev mailbox's download), or undefined. */
  attachment(mailId: string, position: number): Promise<MailAttachment | undefined>;
  /** The delivery job, the sweep that enqueues any kept mail whose job was never enqueued, and the daily purge. */
  registerJobs(jobs: JobRegistry): void;
}

/** The job that delivers one outbox row; its singleton key is the mail's id. */
export const MAIL_DELIVERY_JOB = 'mail.deliver';
const MAIL_SWEEP_JOB = 'mail.sweep';
/** Deletes delivered mail kept longer ago than the retention (MAIL_RETENTION_DAYS), once a day. */
export const MAIL_PURGE_JOB = 'mail.purge';
export const DEFAULT_MAIL_RETENTION_DAYS = 30;
const PURGE_BATCH = 1000;
/**
 * The sweep picks up mail kept between this long ago and a minute ago whose delivery job is gone (older mail is
 * never sent late). A mail's job commits with it and waits out any restart, so the sweep is the safety net; its
 * window outlasts a stop of a day.
 */
const SWEEP_WINDOW_MS = days(1);
/**
 * A delivery attempt holds its mail this long (longer than SMTP takes to answer or time out); an attempt that died
 * (its process killed) leaves the mail to the next one after that: pg-boss's retry of the expired job, or the sweep.
 */
export const MAIL_CLAIM_MS = minutes(10);

interface DeliveryData {
  mailId: string;
}

/**
 * The one mailer: every mail is kept in the outbox table, and a job delivers it: over SMTP with SMTP_URL,
 * else to the dev mailbox (which lists the outbox). Delivery marks `sent_at`; a failed attempt keeps its error
 * and pg-boss retries it with backoff, so a mail that keeps failing shows its last error.
 */
export function createMailer(deps: {
  db: Executor;
  clock: Clock;
  logger: Logger;
  jobs: JobSender;
  smtpUrl?: string | undefined;
  from: string;
  /** Another nodemailer transport than SMTP_URL's (tests read what would be sent). */
  transport?: Pick<Transporter, 'sendMail'>;
  /** Delivered mail is kept this many days (DEFAULT_MAIL_RETENTION_DAYS when absent). */
  retentionDays?: number;
}): Mailer {
  const { db, clock, logger } = deps;
  const transport = deps.transport ?? (deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null);

  const enqueue = (executor: Executor, mailId: string) => deps.jobs.send<DeliveryData>(executor, MAIL_DELIVERY_JOB, { mailId }, { singletonKey: mailId });

  /** The Message-ID of a mail: its id, the same on every attempt, so a receiver can tell a repeat from a new mail. */
  const messageIdOf = (mailId: string) => `<${mailId}@${/@([^>\s]+)/.exec(deps.from)?.[1] ?? 'mail.invalid'}>`;

  /**
   * Delivers one kept mail at least once: the row is claimed for MAIL_CLAIM_MS (the update's row lock makes a
   * second runner find it claimed), sent, then marked sent; a failure unclaims it with its error. A process killed
   * while it sends leaves the claim to run out, and the mail is sent again (pg-boss retries the job it was running,
   * or the sweep enqueues it), with the same Message-ID.
   */
  async function deliver(mailId: string): Promise<void> {
    const now = clock.now();
    const mail = await outbox.claim(db, mailId, now, new Date(now.getTime() + MAIL_CLAIM_MS));
    if (!mail) {
      // Sent (or purged) already: done. Held by another attempt: this one fails, and pg-boss tries again after its
      // backoff, by when that attempt has sent it or its claim has run out.
      if (await outbox.isWaiting(db, mailId)) throw new Error('Another delivery attempt holds this mail: tried again later.');
      return;
    }
    if (!transport) {
      await outbox.markSent(db, mailId, clock.now());
      logger.info({ mailId, to: mail.to, subject: mail.subject }, `mail kept in the dev mailbox: ${mail.subject}`);
      return;
    }
    try {
      const attachments = (await outbox.attachments(db, mailId)).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content }));
      await transport.sendMail({
        from: deps.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: messageIdOf(mailId),
        ...(mail.html ? { html: mail.html } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      logger.error({ mailId, err: error }, 'mail delivery failed');
      await outbox.unclaim(db, mailId, text.slice(0, 1000));
      throw error;
    }
    await outbox.markSent(db, mailId, clock.now());
  }

  /**
   * Kept mail that is not sent, not failed and held by no live attempt gets its delivery job again (a job that is
   * still there, waiting or retrying, keeps its id: the send is dropped).
   */
  async function sweep(): Promise<void> {
    const now = clock.now();
    const rows = await outbox.unsentBetween(db, new Date(now.getTime() - SWEEP_WINDOW_MS), new Date(now.getTime() - minutes(1)), now);
    for (const row of rows) await enqueue(db, row.id);
  }

  /**
   * Delivered mail kept before the retention period began is deleted with its attachments, a batch at a time so
   * no statement holds many rows. Mail not delivered (waiting, or failed with its error) stays for people to read.
   */
  async function purge(): Promise<number> {
    const before = new Date(clock.now().getTime() - days(deps.retentionDays ?? DEFAULT_MAIL_RETENTION_DAYS));
    let purged = 0;
    for (;;) {
      const deleted = await outbox.purgeDelivered(db, before, PURGE_BATCH);
      purged += deleted;
      if (deleted < PURGE_BATCH) break;
    }
    if (purged > 0) logger.info({ purged, before: before.toISOString() }, 'delivered mail purged from the outbox');
    return purged;
  }

  return {
    async send(executor, { attachments = [], ...message }) {
      // Ordered by when it was made, even among mail kept at one clock instant (the dev mailbox lists newest first).
      const id = newTimeOrderedId();
      await outbox.insert(
        executor,
        { id, ...message, html: message.html ?? null, createdAt: clock.now() },
        attachments.map((a, position) => ({ position, filename: a.filename, contentType: a.contentType, size: a.content.length, content: a.content })),
      );
      await enqueue(executor, id);
      return id;
    },
    async recent(limit = 50) {
      const rows = await outbox.recent(db, limit);
      const files = await outbox.attachmentInfo(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, attachments: files.filter((f) => f.mailId === r.id).map(({ mailId: _, ...info }) => info) }));
    },
    async attachment(mailId, position) {
      const row = await outbox.attachment(db, mailId, position);
      return row ? { filename: row.filename, contentType: row.contentType, content: row.content } : undefined;
    },
    registerJobs(jobs) {
      jobs.work<DeliveryData>(MAIL_DELIVERY_JOB, ({ data }) => deliver(data.mailId));
      jobs.schedule(MAIL_SWEEP_JOB, { every: minutes(1) }, sweep);
      jobs.schedule(MAIL_PURGE_JOB, { every: days(1) }, async () => {
        await purge();
      });
    },
  };
}
