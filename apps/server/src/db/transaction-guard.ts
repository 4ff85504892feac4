import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { Executor } from './executor';

/**
 * The embedded database has one connection: a statement sent through the outer handle while a transaction is open
 * waits for that transaction, and when the transaction awaits it, both wait for ever. On PostgreSQL the same code
 * takes a second connection from the pool and works (outside the transaction's isolation). With this guard a
 * PostgreSQL database refuses such a statement at once, so the tests on PostgreSQL catch what would deadlock on the
 * embedded database: a transaction's work on the handle its callback was given, everything else after it.
 *
 * A transaction marks its own asynchronous flow (AsyncLocalStorage) from its callback's start to its end; the pool's
 * `query` (what the outer handle sends statements through; a transaction sends through its own checked-out client)
 * throws inside a marked, still open flow.
 */
export class OuterHandleInTransaction extends Error {
  constructor() {
    super(
      'A statement went through the outer database handle while a transaction of the same flow was open: use the transaction handle (the embedded database deadlocks here).',
    );
    this.name = 'OuterHandleInTransaction';
  }
}

export function guardOuterHandle(db: Executor, pool: pg.Pool): void {
  const flow = new AsyncLocalStorage<{ open: boolean }>();
  const transaction = db.transaction.bind(db);
  db.transaction = ((callback: (tx: unknown) => Promise<unknown>, config?: unknown) => {
    // A second transaction on the outer handle inside an open one needs a second connection as well.
    if (flow.getStore()?.open) return Promise.reject(new OuterHandleInTransaction());
    return transaction(async (tx) => {
      const mark = { open: true };
      try {
        return await flow.run(mark, () => callback(tx));
      } finally {
        mark.open = false;
      }
    }, config as never);
  }) as typeof db.transaction;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    if (flow.getStore()?.open) {
      const error = new OuterHandleInTransaction();
      const callback = args.find((arg) => typeof arg === 'function') as ((e: Error) => void) | undefined;
      if (callback) return void callback(error);
      return Promise.reject(error);
    }
    return query(...args);
  }) as typeof pool.query;
}
