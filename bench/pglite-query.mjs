// What one query costs on the embedded database, the way the app sends it (PGlite's query(): parse,
// describe, bind, execute, sync), with a data directory and in memory, alternated; medians of rounds.
// Usage: node bench/pglite-query.mjs  (BENCH_QUERY_ROUNDS, BENCH_QUERIES to change the sizes)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const ROUNDS = Number(process.env.BENCH_QUERY_ROUNDS ?? 5);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 2000);
// What drizzle-orm 0.45's PGlite session sends with every statement: its types read as text (the app no longer sends
// it: apps/server/src/db/pglite-text-types.ts).
const drizzleOptions = { rowMode: 'array', parsers: Object.fromEntries([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((t) => [t, (v) => v])) };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function open(dir) {
  const pg = dir ? await PGlite.create(dir) : await PGlite.create();
  await pg.exec(`CREATE TABLE IF NOT EXISTS t (id int PRIMARY KEY, v text);
    INSERT INTO t SELECT g, md5(g::text) FROM generate_series(1, 1000) g ON CONFLICT DO NOTHING;`);
  return pg;
}

/** Microseconds per query of `fn`, after a warm-up. */
async function perQuery(fn) {
  for (let i = 0; i < 200; i++) await fn(i);
  const t0 = performance.now();
  for (let i = 0; i < QUERIES; i++) await fn(i);
  return ((performance.now() - t0) * 1000) / QUERIES;
}

export async function measurePgliteQuery() {
  const dir = mkdtempSync(join(tmpdir(), 'md-bench-pglite-'));
  const disk = await open(dir);
  const memory = await open(undefined);
  const kinds = {
    'select by key, data directory': (i) => disk.query('SELECT * FROM t WHERE id = $1', [(i % 1000) + 1]),
    'select by key, in memory': (i) => memory.query('SELECT * FROM t WHERE id = $1', [(i % 1000) + 1]),
    "select by key, data directory, with drizzle's parsers option": (i) => disk.query('SELECT * FROM t WHERE id = $1', [(i % 1000) + 1], drizzleOptions),
    'update by key, data directory': (i) => disk.query('UPDATE t SET v = $2 WHERE id = $1', [(i % 1000) + 1, String(i)]),
    'select 1 (simple protocol), data directory': () => disk.exec('SELECT 1'),
  };
  const rounds = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  for (let r = 0; r < ROUNDS; r++) for (const [k, fn] of Object.entries(kinds)) rounds[k].push(await perQuery(fn));
  await disk.close();
  await memory.close();
  rmSync(dir, { recursive: true, force: true });
  return Object.entries(rounds).map(([kind, xs]) => ({ kind, median: median(xs), rounds: xs }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await measurePgliteQuery())
    console.log(`${row.kind}: ${row.median.toFixed(0)} µs per query (${row.rounds.map((x) => x.toFixed(0)).join(', ')})`);
}
