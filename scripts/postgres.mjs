// A throwaway PostgreSQL server for the API suite: initdb into a temp dir, start on a free port. Also a streaming
// replica of one (pg_basebackup -R) and PgBouncer in front of one, for the replica and pooler tests.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPgBin, isRoot } from './lib.mjs';
import { freePort } from './server-process.mjs';

function asPostgres(cmd, args, core) {
  // initdb refuses to run as root: run the server binaries as the postgres user.
  let [bin, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  // The server and every backend it forks inherit the core (taskset sets it before the exec).
  if (core !== undefined) [bin, argv] = ['taskset', ['-c', String(core), bin, ...argv]];
  const res = spawnSync(bin, argv, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  return res.stdout;
}

/** A temp directory the postgres user owns (the server binaries run as that user). */
function postgresDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (isRoot()) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
  chmodSync(dir, 0o700);
  return dir;
}

const serverOptions = (port, dir) =>
  `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;

/**
 * A throwaway PostgreSQL server. `core`: the one CPU core the server and its backends run on (the benchmarks keep it
 * off the app's core, as a database on its own machine would be).
 */
export async function startPostgres({ core } = {}) {
  const initdb = findPgBin('initdb');
  const pgCtl = findPgBin('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('PostgreSQL server binaries not found');
  const dir = postgresDir('md-pg-');
  const data = join(dir, 'data');
  asPostgres(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const logFile = join(dir, 'server.log');
  asPostgres(pgCtl, ['-D', data, '-o', serverOptions(port, dir), '-l', logFile, '-w', 'start'], core);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
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

/**
 * A streaming replica of a server `startPostgres` started: a base backup of it (pg_basebackup -R writes the standby's
 * primary_conninfo and standby.signal), started read-only on a port of its own. initdb's trust authentication lets
 * 127.0.0.1 replicate. `url` names the same database path as the primary's URL it is given.
 */
export async function startReplica(primary) {
  const pgCtl = findPgBin('pg_ctl');
  const pgBasebackup = findPgBin('pg_basebackup');
  if (!pgCtl || !pgBasebackup) throw new Error('PostgreSQL server binaries not found');
  const dir = postgresDir('md-pg-replica-');
  const data = join(dir, 'data');
  asPostgres(pgBasebackup, ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '--no-sync']);
  const port = await freePort();
  asPostgres(pgCtl, ['-D', data, '-o', `${serverOptions(port, dir)} -c hot_standby=on`, '-l', join(dir, 'server.log'), '-w', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    stop() {
      try {
        asPostgres(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Debian's PgBouncer (the `pgbouncer` package). */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

/**
 * PgBouncer in transaction pooling mode in front of a server `startPostgres` started: every database of that server by
 * the same name (`*`), the postgres user without a password. It refuses to run as root: it runs as the postgres user.
 * `urlOf(databaseUrl)` is the same database's URL through the pooler. `poolSize`: server connections per database.
 */
export async function startPgBouncer(server, { poolSize = 20 } = {}) {
  if (!existsSync(PGBOUNCER)) throw new Error('PgBouncer not found: apt-get install pgbouncer');
  const dir = postgresDir('md-pgbouncer-');
  const port = await freePort();
  const users = join(dir, 'users.txt');
  writeFileSync(users, '"postgres" ""\n');
  const config = join(dir, 'pgbouncer.ini');
  const pidFile = join(dir, 'pgbouncer.pid');
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${server.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${users}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      `default_pool_size = ${poolSize}`,
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${pidFile}`,
      '',
    ].join('\n'),
  );
  if (isRoot()) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    for (const file of [users, config]) chownSync(file, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
  asPostgres(PGBOUNCER, ['-d', config]);
  for (let i = 0; ; i++) {
    if (await accepts(port)) break;
    if (i > 100) throw new Error(`PgBouncer did not start: ${readFileSync(join(dir, 'pgbouncer.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    urlOf(databaseUrl) {
      const url = new URL(databaseUrl);
      url.port = String(port);
      return url.toString();
    },
    stop() {
      try {
        const pid = Number(readFileSync(pidFile, 'utf8').trim());
        if (pid > 0) process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
