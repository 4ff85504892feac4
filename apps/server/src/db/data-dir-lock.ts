import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The lock file inside DATA_DIR: it holds the PID of the process that owns the embedded database. */
export const LOCK_FILE = 'server.pid';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dir} is in use by another process (PID ${pid}). Two processes on one embedded ` +
        `database would lose data: stop that process, or give this one another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Lock files this process holds (a second open of the same directory in one process is refused too). */
const held = new Set<string>();

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A process that exists and has not exited; a zombie (killed, not yet reaped) counts as gone. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * A recorded PID holds the lock while that process runs. Our own PID or our parent's cannot be a
 * holder (PIDs are reused after a restart, in containers often the very same one), so such a file is stale.
 */
function holds(pid: number | null): pid is number {
  return pid !== null && pid !== process.pid && pid !== process.ppid && isRunning(pid);
}

/**
 * Takes the data directory for this process, or throws DataDirLockedError naming the process that holds
 * it. The file appears whole and at once (written aside, then hard-linked into place, which fails if it
 * exists); a lock left by a killed process is moved aside atomically before it is replaced, so two
 * processes that both find it stale cannot both win. Answers the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  const file = join(dir, LOCK_FILE);
  if (held.has(file)) throw new Error(`The data directory ${dir} is already open in this process.`);
  const mine = `${file}.${process.pid}.new`;
  writeFileSync(mine, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, file);
        if (held.size === 0) process.once('exit', releaseAll);
        held.add(file);
        return () => release(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const pid = readPid(file);
      if (holds(pid)) throw new DataDirLockedError(dir, pid);
      breakStale(dir, file);
    }
    throw new Error(`Could not take the lock of the data directory ${dir}: it keeps changing hands.`);
  } finally {
    unlinkSync(mine);
  }
}

/** Moves a stale lock aside; if another process took the directory meanwhile, puts its lock back and refuses. */
function breakStale(dir: string, file: string): void {
  const aside = `${file}.${process.pid}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const pid = readPid(aside);
  if (holds(pid)) {
    try {
      linkSync(aside, file);
    } finally {
      unlinkSync(aside);
    }
    throw new DataDirLockedError(dir, pid);
  }
  unlinkSync(aside);
}

function release(file: string): void {
  if (!held.delete(file)) return;
  if (readPid(file) === process.pid) unlinkSync(file);
}

/** A process that ends without closing the database (process.exit) still leaves no lock behind. */
function releaseAll(): void {
  for (const file of held) {
    try {
      if (readPid(file) === process.pid) unlinkSync(file);
    } catch {
      // the directory is gone: nothing to release
    }
  }
}
