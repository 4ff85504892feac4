import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_AFTER_BYTES, isDue, maintainEmbedded, walSinceCheckpoint } from './maintenance';

describe('the embedded database’s vacuum and statistics', () => {
  let client: PGlite;
  const estimate = async (query: string) => {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${query}`);
    return Number(/rows=(\d+)/.exec(rows[0]!['QUERY PLAN'])![1]);
  };
  const tuples = async (table: string) =>
    (await client.query<{ n: number }>(`select reltuples::int as n from pg_class where relname = $1`, [table])).rows[0]!.n;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`
      create table orders (id int primary key, status text not null);
      insert into orders select g, case when g % 100 = 0 then 'open' else 'paid' end from generate_series(1, 20000) g;
      create table empty (id int primary key);`);
  });
  afterAll(() => client.close());

  it('is what PGlite lacks: no autovacuum runs, so a table is never analyzed and the planner guesses', async () => {
    await new Promise((r) => setTimeout(r, 200));
    expect(await tuples('orders')).toBe(-1);
    // 200 rows are open; with no statistics the planner's guess is far from it.
    expect(Math.abs((await estimate(`select * from orders where status = 'open'`)) - 200)).toBeGreaterThan(50);
  });

  it('vacuums and analyzes the tables never analyzed, not the empty ones; then the planner knows', async () => {
    const run = await maintainEmbedded(client);
    expect(run.tables).toContain('public.orders');
    expect(run.tables).not.toContain('public.empty');
    expect(await tuples('orders')).toBe(20000);
    expect(Math.abs((await estimate(`select * from orders where status = 'open'`)) - 200)).toBeLessThanOrEqual(20);
  });

  it('leaves a table alone until it grows by a fifth, counting its indexes', async () => {
    expect((await maintainEmbedded(client)).tables).toEqual([]);
    await client.exec(`insert into orders select g, 'paid' from generate_series(20001, 22000) g`);
    expect((await maintainEmbedded(client)).tables).toEqual([]);
    // Every row rewritten: the table and its index about double (the old rows dead until a vacuum).
    await client.exec(`update orders set status = status || ''`);
    expect((await maintainEmbedded(client)).tables).toEqual(['public.orders']);
    // The vacuum made the dead rows' room reusable: rewriting every row again does not grow the table by half again.
    const pages = async () => (await client.query<{ n: number }>(`select (pg_relation_size('orders') / 8192)::int as n`)).rows[0]!.n;
    const before = await pages();
    await client.exec(`update orders set status = status || ''`);
    expect(await pages()).toBeLessThan(before * 1.5);
    expect(await tuples('orders')).toBe(22000);
  });

  it('checkpoints once a segment of log was written since the last checkpoint, which PGlite never takes by itself', async () => {
    await maintainEmbedded(client);
    const before = await walSinceCheckpoint(client);
    expect(before).toBeLessThan(CHECKPOINT_AFTER_BYTES);
    expect((await maintainEmbedded(client)).checkpoint).toBe(false);
    // About 30 MB of log: rows of 200 characters, written and deleted.
    await client.exec(
      `create table notes (id int primary key, text text); insert into notes select g, repeat('x', 200) from generate_series(1, 100000) g; delete from notes`,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(await walSinceCheckpoint(client)).toBeGreaterThan(CHECKPOINT_AFTER_BYTES);
    const run = await maintainEmbedded(client);
    expect([run.checkpoint, run.walBytes > CHECKPOINT_AFTER_BYTES]).toEqual([true, true]);
    expect(await walSinceCheckpoint(client)).toBeLessThan(1024 * 1024);
  });

  it('analyzes a table indexed after its rows were written: the index counted its rows and wrote no statistics', async () => {
    await client.exec(
      `create table later (id int, status text); insert into later select g, 'paid' from generate_series(1, 5000) g; create index on later (id)`,
    );
    expect(await tuples('later')).toBe(5000);
    expect((await maintainEmbedded(client)).tables).toEqual(['public.later']);
    const stats = await client.query<{ n: number }>(`select count(*)::int as n from pg_statistic where starelid = 'later'::regclass`);
    expect(stats.rows[0]!.n).toBeGreaterThan(0);
    expect((await maintainEmbedded(client)).tables).toEqual([]);
  });

  it('leaves an empty table alone once analyzed', async () => {
    await client.exec(`insert into empty values (1); delete from empty`);
    expect((await maintainEmbedded(client)).tables).toEqual(['public.empty']);
    expect((await maintainEmbedded(client)).tables).toEqual([]);
  });

  it('counts a table due by its size as autovacuum counts changes', () => {
    expect(isDue({ analyzed: false, heapPages: 0, known: 0, now: 1, xidAge: 10 })).toBe(false);
    expect(isDue({ analyzed: false, heapPages: 1, known: 0, now: 2, xidAge: 10 })).toBe(true);
    expect(isDue({ analyzed: true, heapPages: 90, known: 100, now: 128, xidAge: 10 })).toBe(false);
    expect(isDue({ analyzed: true, heapPages: 90, known: 100, now: 129, xidAge: 10 })).toBe(true);
    expect(isDue({ analyzed: true, heapPages: 4, known: 0, now: 8, xidAge: 10 })).toBe(false);
    expect(isDue({ analyzed: true, heapPages: 5, known: 0, now: 9, xidAge: 10 })).toBe(true);
    // Rows to freeze, whatever the size.
    expect(isDue({ analyzed: true, heapPages: 90, known: 100, now: 100, xidAge: 150_000_001 })).toBe(true);
  });
});
