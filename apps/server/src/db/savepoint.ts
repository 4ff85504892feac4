import type { Executor } from './executor';

/**
 * `savepoint: false`: the executor is a transaction of the caller's that rolls back whole on any error (a product
 * import's row), so a service need not open a savepoint of its own (two round trips: `savepoint`, `release`).
 */
export interface SavepointOption {
  savepoint?: boolean;
}

/** Runs `fn` in a savepoint of `executor` (a transaction when it is the database), or on `executor` itself. */
export const within = <T>(executor: Executor, savepoint: boolean, fn: (tx: Executor) => Promise<T>): Promise<T> =>
  savepoint ? executor.transaction(fn) : fn(executor);
