import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Executor } from '../db/client';
import type { Write } from '../db/write-together';
import type { Clock } from '../lib/clock';
import { newTimeOrderedId } from '../lib/crypto';
import { days, minutes, type DrainNudger, type JobRegistry } from '../modules/platform/jobs/jobs.service';
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
   * Keeps the mail in the outbox on `db`: given the transaction of the change the mail tells of, the mail commits
   * with that change or not at all (never lost, never about something undone), and the deliverer sends it once that
   * has committed. Never fails on delivery. Answers the mail's id, which its delivery sends as the Message-ID.
   */
  send(db: Executor, message: MailMessage): Promise<string>;
  /**
   * The same for a mail without attachments, as a write the caller sends with its own in one statement
   * (`writeTogether`, db/write-together.ts) in the transaction of the change it tells of.
   */
  write(db: Executor, message: Omit<MailMessage, 'attachments'>): Write;
  /** Newest first: the dev mailbox and the tests read it. */
  recent(limit?: number): Promise<KeptMail[]>;
  /** Mail not sent yet: how many will still be tried, since when the oldest waits, and how many were given up (/metrics). */
  unsent(): Promise<{ waiting: number; oldestWaitingAt: Date | null; givenUp: number }>;
  /** One attachment of a kept mail with its bytes (the dev mailbox's download), or undefined. */
  attachment(mailId: string, position: number): Promise<MailAttachment | undefined>;
  /** The deliverer (a drain), the sweep that delivers what no nudge did, and the daily purge. */
  registerJobs(jobs: JobRegistry): void;
}

/** The outbox's deliverer (a drain of the job queue: no job per mail), nudged by every send. */
export const MAIL_DELIVERY_DRAIN = 'mail.deliver';
/** Delivers, every minute, what no nudge delivered: mail kept by a process that died, claims run out, retries due. */
const MAIL_SWEEP_JOB = 'mail.sweep';
/** Deletes delivered mail kept longer ago than the retention (MAIL_RETENTION_DAYS), once a day. */
export const MAIL_PURGE_JOB = 'mail.purge';
export const DEFAULT_MAIL_RETENTION_DAYS = 30;
const PURGE_BATCH = 1000;
/** Mails claimed by one statement; a drain claims again while its batches come back full. */
export const MAIL_DELIVERY_BATCH = 50;
/** SMTP sends of one batch under way at once. */
const SMTP_CONCURRENCY = 5;
/**
 * A delivery attempt holds its mails this long (longer than SMTP takes to answer or time out for a batch); an
 * attempt that died (its process killed) leaves them to the next claim after that (the sweep's, or a nudged one).
 */
export const MAIL_CLAIM_MS = minutes(10);
/** A failed attempt is tried again after 30 s, doubling with each attempt (the sweep runs every minute). */
export const MAIL_RETRY_DELAY_MS = 30_000;
/** Attempts per mail (the first and five retries); then the mail stays unsent with its last error. */
export const MAIL_MAX_ATTEMPTS = 6;

/**
 * The one mailer: every mail is kept in the outbox table, and the outbox's deliverer sends it: over SMTP with
 * SMTP_URL, else to the dev mailbox (which lists the outbox). Delivery marks `sent_at`; a failed attempt keeps its
 * error and is tried again with backoff, so a mail that keeps failing shows its last error.
 */
export function createMailer(deps: {
  db: Executor;
  clock: Clock;
  logger: Logger;
  /** The job queue's drains: a send nudges the deliverer, which runs once the sender has committed. */
  jobs: DrainNudger;
  smtpUrl?: string | undefined;
  from: string;
  /** Another nodemailer transport than SMTP_URL's (tests read what would be sent). */
  transport?: Pick<Transporter, 'sendMail'>;
  /** Delivered mail is kept this many days (DEFAULT_MAIL_RETENTION_DAYS when absent). */
  retentionDays?: number;
}): Mailer {
  const { db, clock, logger } = deps;
  const transport = deps.transport ?? (deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null);

  /** A new mail's row: its id is time-ordered, so mail kept at one clock instant still lists in the order it was made. */
  const rowOf = (message: Omit<MailMessage, 'attachments'>) => ({ id: newTimeOrderedId(), ...message, html: message.html ?? null, createdAt: clock.now() });

  /** The Message-ID of a mail: its id, the same on every attempt, so a receiver can tell a repeat from a new mail. */
  const messageIdOf = (mailId: string) => `<${mailId}@${/@([^>\s]+)/.exec(deps.from)?.[1] ?? 'mail.invalid'}>`;

  /** Hands claimed mails to SMTP, a few at once; answers the ones that failed with their error. */
  async function sendOverSmtp(smtp: Pick<Transporter, 'sendMail'>, mails: MailOutboxRow[]): Promise<{ id: string; error: string }[]> {
    const files = await outbox.attachments(
      db,
      mails.map((m) => m.id),
    );
    const failures: { id: string; error: string }[] = [];
    const queue = [...mails];
    const sender = async () => {
      for (let mail = queue.shift(); mail; mail = queue.shift()) {
        const attachments = files.filter((f) => f.mailId === mail!.id).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content }));
        try {
          await smtp.sendMail({
            from: deps.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            messageId: messageIdOf(mail.id),
            ...(mail.html ? { html: mail.html } : {}),
            ...(attachments.length ? { attachments } : {}),
          });
        } catch (error) {
          logger.error({ mailId: mail.id, attempt: mail.attempts, err: error }, 'mail delivery failed');
          failures.push({ id: mail.id, error: (error instanceof Error ? error.message : String(error)).slice(0, 1000) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SMTP_CONCURRENCY, mails.length) }, sender));
    return failures;
  }

  /**
   * Delivers kept mail at least once, a batch at a time: one statement claims up to MAIL_DELIVERY_BATCH mails for
   * MAIL_CLAIM_MS (skipping rows another deliverer is claiming, and mails held by a live claim), they are sent, and
   * one statement marks the sent ones (one more keeps the failures' errors and backoff). A process killed while it
   * sends leaves its claims to run out; the next claim sends those mails again, with the same Message-IDs. Runs on
   * the database handle, never inside a transaction (on the embedded database it waits for one in flight). Answers
   * the ids of the mails it handled (sent or failed).
   */
  async function deliverPending(): Promise<string[]> {
    const handled: string[] = [];
    for (;;) {
      const now = clock.now();
      const mails = await outbox.claimPending(db, {
        now,
        until: new Date(now.getTime() + MAIL_CLAIM_MS),
        limit: MAIL_DELIVERY_BATCH,
        maxAttempts: MAIL_MAX_ATTEMPTS,
      });
      if (mails.length === 0) return handled;
      const failures = transport ? await sendOverSmtp(transport, mails) : [];
      const failed = new Set(failures.map((f) => f.id));
      await outbox.markSent(
        db,
        mails.filter((m) => !failed.has(m.id)).map((m) => m.id),
        clock.now(),
      );
      await outbox.markFailed(db, failures, clock.now(), MAIL_RETRY_DELAY_MS);
      if (!transport) for (const m of mails) logger.info({ mailId: m.id, to: m.to, subject: m.subject }, `mail kept in the dev mailbox: ${m.subject}`);
      handled.push(...mails.map((m) => m.id));
      if (mails.length < MAIL_DELIVERY_BATCH) return handled;
    }
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
    write(executor, message) {
      const row = rowOf(message);
      // As `send`: the deliverer runs once the caller's transaction has committed.
      deps.jobs.nudge(MAIL_DELIVERY_DRAIN, row.id);
      return outbox.insertWrite(executor, row);
    },
    async send(executor, { attachments = [], ...message }) {
      const row = rowOf(message);
      await outbox.insert(
        executor,
        row,
        attachments.map((a, position) => ({ position, filename: a.filename, contentType: a.contentType, size: a.content.length, content: a.content })),
      );
      // The deliverer runs once this commits (the request's answer, the end of the job's batch), not before.
      deps.jobs.nudge(MAIL_DELIVERY_DRAIN, row.id);
      return row.id;
    },
    unsent: () => outbox.unsent(db, MAIL_MAX_ATTEMPTS),

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
      jobs.drain(MAIL_DELIVERY_DRAIN, deliverPending);
      jobs.schedule(MAIL_SWEEP_JOB, { every: minutes(1) }, async () => {
        await deliverPending();
      });
      jobs.schedule(MAIL_PURGE_JOB, { every: days(1) }, async () => {
        await purge();
      });
    },
  };
}
