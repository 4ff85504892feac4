import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzleView, PGLITE_DATE_PARSERS } from './pglite-text-types';

const things = pgTable('things', {
  id: text('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  local: timestamp('local', { mode: 'date' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
});

describe('the embedded handle drizzle is given', () => {
  let client: PGlite;
  const sent: (QueryOptions | undefined)[] = [];

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`create table things (id text primary key, at timestamptz not null, local timestamp not null, day date not null)`);
    const query = client.query.bind(client);
    vi.spyOn(client, 'query').mockImplementation((text, params, options) => {
      sent.push(options);
      return query(text, params, options);
    });
    // A transaction's statements are its own object's.
    const transaction = client.transaction.bind(client);
    vi.spyOn(client, 'transaction').mockImplementation((callback) =>
      transaction((tx) => {
        const inTx = tx.query.bind(tx);
        tx.query = (text, params, options) => {
          sent.push(options);
          return inTx(text, params, options);
        };
        return callback(tx);
      }),
    );
  });
  afterAll(async () => {
    await client.close();
  });

  it('runs drizzle without the parsers option, and drizzle still reads its dates, timestamps and arrays', async () => {
    const db = drizzle(drizzleView(client), { schema: { things } });
    const at = new Date('2026-03-04T05:06:07.089Z');
    sent.length = 0;
    await db.insert(things).values({ id: 'a', at, local: at, day: '2026-03-04' });
    const [row] = await db.select().from(things);
    expect(row).toEqual({ id: 'a', at, local: at, day: '2026-03-04' });
    const inTx = await db.transaction(async (tx) => {
      await tx.update(things).set({ day: '2026-03-05' });
      return tx.transaction(async (nested) => (await nested.select({ day: things.day, at: things.at }).from(things))[0]);
    });
    expect(inTx).toEqual({ day: '2026-03-05', at });
    const raw = await db.execute<{ stamps: string }>(sql`select array[${at.toISOString()}::timestamptz] as stamps`);
    expect(raw.rows[0]!.stamps).toBe('{"2026-03-04 05:06:07.089+00"}');
    // Every statement above reached PGlite, and none of them with parsers to merge.
    expect(sent.length).toBe(7); // insert, select, (update, savepoint, select, release), the array
    expect(sent.every((options) => options?.parsers === undefined)).toBe(true);
  });

  it('passes any other parsers on as they are', async () => {
    const view = drizzleView(client);
    sent.length = 0;
    const { rows } = await view.query<{ n: unknown }>('select 41 as n', [], { parsers: { [types.INT4]: (value) => Number(value) + 1 } });
    expect(rows[0]!.n).toBe(42);
    expect(sent[0]?.parsers).toBeDefined();
  });

  it('reads dates as dates for the job queue, with its own parsers', async () => {
    const { rows } = await client.query<{ at: unknown }>('select at from things', [], { parsers: PGLITE_DATE_PARSERS });
    expect(rows[0]!.at).toEqual(new Date('2026-03-04T05:06:07.089Z'));
  });
});
