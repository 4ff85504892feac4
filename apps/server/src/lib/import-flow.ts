import { AppError, type ErrorCode } from '@merchant/core';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';

/**
 * The flow every CSV import shares after its rows are checked and stored (the invoice import and the product import):
 * the confirmation that queues the job once, the job's walk over the pending rows in file order, and the row pages.
 * Each import brings its own reads, writes and row work; the repositories keep their SQL.
 */

/** Who confirmed an import and from where: the job acts in their name. */
export interface ImportConfirmation {
  status: 'confirmed';
  confirmedByUserId: string;
  confirmedIp: string;
  confirmedUserAgent: string | null;
  confirmedAt: Date;
}

interface ConfirmSteps<R extends { status: string }, C> {
  /** The import, locked in the confirmation's transaction (undefined: not found). */
  current: R | undefined;
  notFound: () => AppError;
  /** Queues the job under the import's key (a second send while the first is kept is dropped by the queue). */
  queue: () => Promise<unknown>;
  counts: () => Promise<C>;
  /** How many rows the job would apply; none refuses the confirmation with `nothing`. */
  toApply: (counts: C) => number;
  nothing: { code: ErrorCode; message: string };
  /** Saves the confirmation and records it in the audit log (both in the transaction). */
  save: (patch: ImportConfirmation, counts: C, current: R) => Promise<void>;
}

/**
 * Confirms a validated import once and queues its job; a confirmed import is queued again (the job may have been
 * lost with a process), any other state is answered as it is.
 */
export async function confirmImport<R extends { status: string }, C>(ctx: BusinessContext, clock: Clock, steps: ConfirmSteps<R, C>): Promise<R> {
  const { current } = steps;
  if (!current) throw steps.notFound();
  if (current.status !== 'validated') {
    if (current.status === 'confirmed') await steps.queue();
    return current;
  }
  const counts = await steps.counts();
  if (steps.toApply(counts) === 0) throw new AppError(steps.nothing.code, steps.nothing.message);
  const patch: ImportConfirmation = {
    status: 'confirmed',
    confirmedByUserId: ctx.user.id,
    confirmedIp: ctx.ip,
    confirmedUserAgent: ctx.userAgent,
    confirmedAt: clock.now(),
  };
  await steps.save(patch, counts, current);
  await steps.queue();
  return { ...current, ...patch };
}

/**
 * The job's walk: every pending row in file order, read `batch` at a time; `apply` is given each page's row numbers
 * (one row at a time, or a page in one transaction: the product import's rows commit together).
 */
export async function applyPendingRows(
  pending: (after: number, limit: number) => Promise<{ rowNumber: number }[]>,
  apply: (rowNumbers: number[]) => Promise<void>,
  batch: number,
): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await pending(after, batch);
    if (rows.length > 0) await apply(rows.map((r) => r.rowNumber));
    const last = rows[rows.length - 1];
    if (rows.length < batch || !last) return;
    after = last.rowNumber;
  }
}

/**
 * A page of an import's rows after the cursor (a row number), read with one row more than asked to know whether
 * another page follows.
 */
export async function importRowsPage<T extends { rowNumber: number }>(
  read: (where: { after?: number }, limit: number) => Promise<T[]>,
  cursor: string | undefined,
  limit: number,
): Promise<{ rows: T[]; nextCursor: string | null }> {
  const after = cursor === undefined ? undefined : Number(cursor);
  const found = await read(after === undefined ? {} : { after }, limit);
  const rows = found.slice(0, limit);
  const last = rows[rows.length - 1];
  return { rows, nextCursor: found.length > limit && last ? String(last.rowNumber) : null };
}
