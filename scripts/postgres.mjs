// A throwaway PostgreSQL server for the API suite: initdb into a temp dir, start on a free port.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPgBin, isRoot } from './lib.mjs';
import { freePort } from './server-process.mjs';

function asPostgres(cmd, args) {
  // initdb refuses to run as root: run the server binaries as the postgres user.
  const [bin, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const res = spawnSync(bin, argv, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  return res.stdout;
}

export async function startPostgres() {
  const initdb = findPgBin('initdb');
  const pgCtl = findPgBin('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('PostgreSQL server binaries not found');
  const dir = mkdtempSync(join(tmpdir(), 'md-pg-'));
  if (isRoot()) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  asPostgres(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const logFile = join(dir, 'server.log');
  asPostgres(pgCtl, ['-D', data, '-o', opts, '-l', logFile, '-w', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    /** The server's log (bench/checkout-ceiling.mjs reads the statements it logs). */
    logFile,
    stop() {
      try {
        asPostgres(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
