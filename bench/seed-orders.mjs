// Benchmark data: N register orders (1,000,000 by default) of one business (the demo business by default), as the
// register's sale stores them (docs/pos.md): each order a completed cash sale of 1 to 5 lines of the business's
// products (their variants' prices, quantities 1 to 3), one cash tender (the cash handed over rounded up to the next
// ten dollars, the change recorded), numbered on from the business's order counter (which is moved past them, so
// the register's next sale takes the next number), spread over the last 365 days (the newest with the highest
// number), over the business's locations and its members with the register's permission, one order in four with
// one of the business's customers. Each (location, person) pair gets one closed drawer session the orders name.
// Left out, to keep the load fast: the drawers' cash movements and the ledger postings of those sales (neither is
// read by the order list or by a new sale), and card or PayNow tenders (they name payments).
// Written by set-based SQL (generate_series, one data-modifying statement per chunk), never one insert per row.
// The products must be there first (bench/seed-products.mjs): the lines name them.
//
// `stockForSales` gives every tracked variant of the benchmark products a large stock at every location of the
// business, so benchmark sales of tracked products find stock to take.
//
// Usage: node bench/seed-orders.mjs <count> <postgres-url | pglite-data-dir> [business identifier]
// (the database must be migrated and hold the business and its products: start the app on it once with
// DEMO_DATA=on, then run bench/seed-products.mjs).
import { connect } from './seed-payments.mjs';

const CHUNK = 50_000;

const insertChunk = `
WITH src AS (
  SELECT g, gen_random_uuid() AS id,
         now() - (($3::bigint - g)::float8 / $3) * interval '365 days' AS at,
         1 + (g * 37) % cardinality($5::uuid[]) AS pair,
         CASE WHEN g % 4 = 0 AND cardinality($8::uuid[]) > 0 THEN ($8::uuid[])[1 + (g / 4) % cardinality($8::uuid[])] END AS customer_id
  FROM generate_series($9::bigint, $10::bigint) AS g
), l AS (
  SELECT src.g, src.id AS order_id, k, v.product_id, v.variant_id, v.name, v.price, 1 + (src.g + k) % 3 AS quantity
  FROM src
  CROSS JOIN LATERAL generate_series(1, 1 + src.g % 5) AS k
  JOIN bench_sale_variants v ON v.n = 1 + (src.g * 7919 + k * 104729) % $11::bigint
), t AS (
  SELECT g, sum(price * quantity)::bigint AS total FROM l GROUP BY g
), o AS (
  INSERT INTO pos_orders (business_id, id, number, idempotency_key, request_hash, kind, status, session_id, location_id, staff_id,
                          customer_id, currency, subtotal, discount, tax, tip, total, discounts, taxes, tender_kinds, created_at)
  SELECT $1, src.id, $4::int + src.g, 'bench-order-' || src.g, md5(src.g::text), 'sale', 'completed',
         ($5::uuid[])[src.pair], ($6::uuid[])[src.pair], ($7::uuid[])[src.pair],
         src.customer_id, $2, t.total, 0, 0, 0, t.total, '[]'::jsonb, '[]'::jsonb, ARRAY['cash'], src.at
  FROM src JOIN t USING (g)
), ln AS (
  INSERT INTO pos_order_lines (business_id, order_id, line_id, position, product_id, variant_id, name, quantity, unit_price, add_ons,
                               gross, discount, tax, total)
  SELECT $1, order_id, 'l' || k, k - 1, product_id, variant_id, name, quantity, price, '[]'::jsonb, price * quantity, 0, 0, price * quantity
  FROM l
)
INSERT INTO pos_order_tenders (business_id, id, order_id, kind, amount, tendered, change)
SELECT $1, gen_random_uuid(), src.id, 'cash', t.total, ((t.total + 999) / 1000) * 1000, ((t.total + 999) / 1000) * 1000 - t.total
FROM src JOIN t USING (g)`;

/** Inserts `count` register orders for the business; answers its id, the last order number and how long it took (ms). */
export async function seedOrders(db, count, identifier = 'demo-coffee', log = () => undefined) {
  const { rows } = await db.query('SELECT id, currency FROM businesses WHERE identifier = $1', [identifier]);
  const business = rows[0];
  if (!business) throw new Error(`No business ${identifier}: start the app on this database once with DEMO_DATA=on`);
  const businessId = business.id;
  const started = performance.now();

  // Every product variant of the business, numbered, for the lines to name.
  await db.query('DROP TABLE IF EXISTS bench_sale_variants');
  await db.query(
    `CREATE TEMP TABLE bench_sale_variants AS
     SELECT row_number() OVER (ORDER BY v.id) AS n, v.id AS variant_id, v.product_id, p.name, v.price::bigint AS price
     FROM product_variants v JOIN products p ON p.business_id = v.business_id AND p.id = v.product_id
     WHERE v.business_id = $1`,
    [businessId],
  );
  await db.query('CREATE UNIQUE INDEX ON bench_sale_variants (n)');
  const variants = Number((await db.query('SELECT count(*) AS n FROM bench_sale_variants')).rows[0].n);
  if (variants === 0) throw new Error('The business has no products: run bench/seed-products.mjs first');

  // Who sells where: every location with every member holding the register's permission, one closed drawer each.
  const locations = (await db.query('SELECT id FROM locations WHERE business_id = $1 ORDER BY id', [businessId])).rows.map((r) => r.id);
  const staff = (
    await db.query(
      `SELECT user_id FROM business_users WHERE business_id = $1 AND status = 'active' AND role IN ('owner', 'admin', 'manager', 'cashier') ORDER BY user_id`,
      [businessId],
    )
  ).rows.map((r) => r.user_id);
  if (locations.length === 0 || staff.length === 0) throw new Error('The business needs a location and a member to sell');
  const pairs = locations.flatMap((locationId) => staff.map((staffId) => ({ locationId, staffId })));
  const sessions = (
    await db.query(
      `INSERT INTO pos_drawer_sessions (business_id, id, location_id, staff_id, status, currency, opening_float, counted_cash, expected_cash, created_at, closed_at)
       SELECT $1, gen_random_uuid(), l, s, 'closed', $2, 20000, 20000, 20000, now() - interval '366 days', now() - interval '1 minute'
       FROM unnest($3::uuid[], $4::uuid[]) AS x(l, s)
       RETURNING id, location_id, staff_id`,
      [businessId, business.currency, pairs.map((p) => p.locationId), pairs.map((p) => p.staffId)],
    )
  ).rows;
  const customers = (await db.query('SELECT id FROM customers WHERE business_id = $1 ORDER BY id LIMIT 1000', [businessId])).rows.map((r) => r.id);

  // Numbered on from the counter (the app's own orders come first); the counter is moved past them at the end.
  const base = Number(
    (
      await db.query(
        `SELECT greatest(coalesce((SELECT last_number FROM pos_order_counters WHERE business_id = $1), 0),
                         coalesce((SELECT max(number) FROM pos_orders WHERE business_id = $1), 0)) AS n`,
        [businessId],
      )
    ).rows[0].n,
  );
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await db.query('BEGIN');
    await db.query(insertChunk, [
      businessId,
      business.currency,
      count,
      base,
      sessions.map((s) => s.id),
      sessions.map((s) => s.location_id),
      sessions.map((s) => s.staff_id),
      customers,
      from,
      to,
      variants,
    ]);
    await db.query('COMMIT');
    log(`${to.toLocaleString('en')} of ${count.toLocaleString('en')} orders`);
  }
  await db.query(
    `INSERT INTO pos_order_counters (business_id, last_number) VALUES ($1, $2)
     ON CONFLICT (business_id) DO UPDATE SET last_number = excluded.last_number`,
    [businessId, base + count],
  );
  await db.query('DROP TABLE bench_sale_variants');
  for (const table of ['pos_orders', 'pos_order_lines', 'pos_order_tenders', 'pos_drawer_sessions']) await db.query(`ANALYZE ${table}`);
  return { businessId, lastNumber: base + count, ms: performance.now() - started };
}

/** A stock of 1,000,000 of every tracked variant of the business at each of its locations (levels already there are left). */
export async function stockForSales(db, businessId) {
  await db.query(
    `INSERT INTO stock_levels (business_id, variant_id, location_id, product_id, on_hand, updated_at)
     SELECT $1, v.id, l.id, v.product_id, 1000000, now()
     FROM product_variants v
     JOIN products p ON p.business_id = v.business_id AND p.id = v.product_id AND p.track_stock
     CROSS JOIN locations l
     WHERE v.business_id = $1 AND l.business_id = $1
     ON CONFLICT DO NOTHING`,
    [businessId],
  );
  await db.query('ANALYZE stock_levels');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [count = '1000000', target, identifier] = process.argv.slice(2);
  if (!target) {
    console.error('Usage: node bench/seed-orders.mjs <count> <postgres-url | pglite-data-dir> [business identifier]');
    process.exit(2);
  }
  const db = await connect(target);
  try {
    const { ms } = await seedOrders(db, Number(count), identifier, (line) => console.error(line));
    console.log(`${Number(count).toLocaleString('en')} orders in ${(ms / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}
