import { PAYMENT_REQUEST_EVENT_PREFIX, type ChangeFeed } from '@/db/change-feed';
import { keptReads } from '@/db/kept-reads';
import type { StatusCheckPayment } from '../source-payments/source-payments.service';
import type { PaymentLinkRow } from './payment-links.repository';

/** What a status check reads: the link (with its product's name) and its latest payments with its captured sum. */
export interface StatusCheckRead {
  businessId: string;
  link: PaymentLinkRow;
  productName: string | null;
  payments: readonly StatusCheckPayment[];
  paid: { count: number; total: number } | undefined;
  /** How many payments were asked for (a check asking for another number reads again). */
  limit: number;
}

const MAX_LINKS = 10_000;
/** Payments kept over all links (a link answers at most its latest 50): about 10 MB. */
const MAX_PAYMENTS = 20_000;

/**
 * The public API's status checks (`GET /v1/payment-requests/{id}`, docs/developers.md, "The read path's cost"), kept
 * per process by the link's id as read, and presented at each request (a link's expiry is a matter of the clock).
 * Merchants poll it while their customer pays; a kept check answers with no statement.
 *
 * The database's triggers (migration 0082) announce `r:<link id>` when the link's row changes or a payment of it that
 * the check lists (any status but the never-paid ones) is made, changes or goes; the process that commits hears it
 * before its commit returns, so its next check reads again. Another process hears it a moment after the commit and
 * until then may answer the check as it was: the check is a read that may lag (it read the replica before this
 * cache), so these announcements hold no write's answer back (no write barrier). Kept reads come from the primary,
 * never the replica, which could hand back a row older than an announcement already heard. Kept the way
 * db/kept-reads.ts keeps reads. A link that does not exist (or is another business's) is not kept.
 */
export function createStatusCheckCache(changes: ChangeFeed | undefined) {
  /** link id -> its check. */
  const checks = keptReads<string, StatusCheckRead>(
    changes,
    (payload, kept) => {
      if (!payload.startsWith(PAYMENT_REQUEST_EVENT_PREFIX)) return;
      kept.changed();
      kept.drop(payload.slice(PAYMENT_REQUEST_EVENT_PREFIX.length));
    },
    { max: MAX_LINKS, weight: { of: (check) => check.payments.length, max: MAX_PAYMENTS } },
  );

  return {
    /** Whether reads may be kept now (the feed is up): a read meant to be kept then goes to the primary. */
    live: checks.live,

    /** A mark to pass back when keeping what was read after it. */
    mark: checks.mark,

    get(linkId: string, limit: number): StatusCheckRead | undefined {
      const kept = checks.get(linkId);
      return kept && kept.limit === limit ? kept : undefined;
    },

    /** Keeps what was read after `mark` (unless an announcement came meanwhile); answers it frozen either way. */
    keep(mark: number, read: StatusCheckRead): StatusCheckRead {
      const check: StatusCheckRead = Object.freeze({
        ...read,
        link: Object.freeze({ ...read.link }),
        payments: Object.freeze(read.payments.map((p) => Object.freeze({ ...p }))),
        paid: read.paid ? Object.freeze({ ...read.paid }) : undefined,
      });
      checks.keep(mark, check.link.id, check);
      return check;
    },
  };
}

export type StatusCheckCache = ReturnType<typeof createStatusCheckCache>;
