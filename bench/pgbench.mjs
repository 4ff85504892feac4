// pgbench on the benchmarks' PostgreSQL server, pinned to core 1 as the load generators are (bench/api.mjs):
// TPC-B, the yardstick of the checkout's figure (issue 8: confirmed payments per second at least 0.2x of it),
// and custom scripts (bench/checkout-ceiling.mjs).
import { spawnSync } from 'node:child_process';
import { findPgBin } from '../scripts/lib.mjs';
import { pinning } from './api.mjs';
import { connect } from './seed-payments.mjs';

/** Runs pgbench against `url` with `args` before the database name; answers what it printed. */
export function pgbench(url, args) {
  const bin = findPgBin('pgbench');
  if (!bin) throw new Error('pgbench not found (Debian: the postgresql package)');
  const { hostname, port, username, pathname } = new URL(url);
  const argv = ['-h', hostname, '-p', port, '-U', username, ...args, pathname.slice(1)];
  const [cmd, cmdArgs] = pinning ? ['taskset', ['-c', '1', bin, ...argv]] : [bin, argv];
  const res = spawnSync(cmd, cmdArgs, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`pgbench failed: ${res.stderr || res.stdout}`);
  return res.stdout;
}

/**
 * One timed pgbench run: transactions per second. Its built-in TPC-B (pgbench vacuums its tables first), or the
 * script `args` name (`-f <file>`; nothing to vacuum).
 */
export function pgbenchRound(url, { clients, seconds, args = [] }) {
  const out = pgbench(url, [...(args.length ? ['-n'] : []), '-c', String(clients), '-j', '1', '-T', String(seconds), ...args]);
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
  if (!Number.isFinite(tps)) throw new Error(`pgbench printed no tps: ${out}`);
  if (failed > 0) throw new Error(`pgbench: ${failed} transactions failed: ${out}`);
  return { rps: tps, p99: NaN, latency };
}

/** A TPC-B database (`bench_tpcb`, made afresh at `scale`) next to the app's, on the same server: its URL. */
export async function tpcbDatabase(serverUrl, scale) {
  const db = await connect(serverUrl);
  try {
    await db.query('DROP DATABASE IF EXISTS bench_tpcb');
    await db.query('CREATE DATABASE bench_tpcb');
  } finally {
    await db.close();
  }
  const url = new URL(serverUrl);
  url.pathname = '/bench_tpcb';
  pgbench(url.href, ['-i', '-q', '-s', String(scale)]);
  return url.href;
}
