import type { Executor } from '@/db/client';
import type { BeforeCommit } from './charges.types';

export type { BeforeCommit, ChargeCommit, RefundDone } from './charges.types';

/** Hands a transaction's result to the caller's `beforeCommit`, then answers it (the transaction's last step). */
export async function committing<R>(tx: Executor, result: R, beforeCommit?: BeforeCommit<R>): Promise<R> {
  await beforeCommit?.(tx, result);
  return result;
}
