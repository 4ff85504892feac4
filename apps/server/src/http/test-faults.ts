/**
 * The `after-commit` test fault of a server process (TEST_FAULTS=on, `kill` mode; http/idempotency.ts): once a
 * request has stored its answer in the transaction of its effect, the process dies at the first statement it sends
 * after that transaction's commit, before the statement runs. So whatever a service would write after its commit
 * (a mail kept after it, a job enqueued after it) is never written, as when a real process dies there; a service
 * that writes nothing more dies before its answer is sent (idempotency.ts). One request at a time: the fault is
 * for tests that send one request and wait for the process to die.
 */
let armed = false;

/** The request's answer is stored in its transaction: the next statement after the commit is the last. */
export function armCrashAfterCommit(): void {
  armed = true;
}

/** The database's statement hook in a server with test faults on (db/client.ts `onQuery`). */
export function crashAtStatementAfterCommit(statement: string): void {
  // node-postgres sends the commit itself through drizzle; the embedded database commits without a statement.
  if (armed && statement.trim().toLowerCase() !== 'commit') process.kill(process.pid, 'SIGKILL');
}
