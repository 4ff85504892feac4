// Benchmark data: N products (100,000 by default) in one business's catalogue (the demo business by default), written
// by set-based SQL (generate_series, one data-modifying statement per chunk), never one insert per row. Names are
// searchable words ("Kenya drip bags 4210"), every product has a SKU (`BN-004210`) and a barcode; every tenth product
// has a Size option and three variants (`BN-004210-S/M/L`), the others one variant; products are spread over twenty
// categories and the last year, the newest with the highest number.
//
// Usage: node bench/seed-products.mjs <count> <postgres-url | pglite-data-dir> [business identifier]
// (the database must be migrated and hold the business: start the app on it once with DEMO_DATA=on).
import { connect } from './seed-payments.mjs';

const CHUNK = 25_000;
const CATEGORIES = 20;
const ORIGINS = ['Ethiopia', 'Colombia', 'Kenya', 'Brazil', 'Guatemala', 'Sumatra', 'House', 'Espresso', 'Decaf', 'Cold brew'];
const KINDS = ['beans', 'blend', 'roast', 'drip bags', 'capsules', 'mug', 'tote', 'grinder'];

const insertChunk = `
WITH src AS (
  SELECT g, gen_random_uuid() AS id, now() - (($3::bigint - g)::float8 / $3) * interval '365 days' AS at,
         (ARRAY[${ORIGINS.map((o) => `'${o}'`).join(',')}])[1 + g % ${ORIGINS.length}] || ' ' ||
         (ARRAY[${KINDS.map((k) => `'${k}'`).join(',')}])[1 + (g / ${ORIGINS.length}) % ${KINDS.length}] || ' ' || g AS name,
         'BN-' || lpad(g::text, 6, '0') AS sku,
         g % 10 = 0 AS sized
  FROM generate_series($4::bigint, $5::bigint) AS g
), p AS (
  INSERT INTO products (business_id, id, name, description, currency, category_id, track_stock, options, codes, created_at, updated_at)
  SELECT $1, id, name, 'Benchmark product ' || g, $2,
         (SELECT c.id FROM product_categories c WHERE c.business_id = $1 AND c.name = 'Bench category ' || (g % ${CATEGORIES})),
         g % 3 = 0,
         CASE WHEN sized THEN '[{"name":"Size","values":["250 g","500 g","1 kg"]}]'::jsonb ELSE '[]'::jsonb END,
         -- The variants' codes as the app writes them (products.codes: each SKU in lower case and barcode after a space).
         CASE WHEN sized
           THEN ' ' || lower(sku) || '-s 20' || lpad((g * 10)::text, 11, '0') || ' ' || lower(sku) || '-m 20' || lpad((g * 10 + 1)::text, 11, '0')
             || ' ' || lower(sku) || '-l 20' || lpad((g * 10 + 2)::text, 11, '0')
           ELSE ' ' || lower(sku) || ' 20' || lpad((g * 10)::text, 11, '0') END,
         at, at
  FROM src
)
INSERT INTO product_variants (business_id, id, product_id, position, option_values, price, cost, sku, barcode, created_at, updated_at)
SELECT $1, gen_random_uuid(), src.id, v.position,
       CASE WHEN src.sized THEN ARRAY[v.size] ELSE '{}'::text[] END,
       500 + (src.g * 7919) % 9500 + v.position * 1000, 200 + (src.g * 31) % 1000,
       CASE WHEN src.sized THEN src.sku || '-' || v.code ELSE src.sku END,
       '20' || lpad((src.g * 10 + v.position)::text, 11, '0'),
       src.at, src.at
FROM src
CROSS JOIN LATERAL (VALUES (0, '250 g', 'S'), (1, '500 g', 'M'), (2, '1 kg', 'L')) AS v(position, size, code)
WHERE src.sized OR v.position = 0`;

/** Inserts `count` benchmark products for the business; answers its id, its currency and how long it took (ms). */
export async function seedProducts(db, count, identifier = 'demo-coffee', log = () => undefined) {
  const { rows } = await db.query('SELECT id, currency FROM businesses WHERE identifier = $1', [identifier]);
  const business = rows[0];
  if (!business) throw new Error(`No business ${identifier}: start the app on this database once with DEMO_DATA=on`);
  const started = performance.now();
  await db.query(
    `INSERT INTO product_categories (business_id, id, name, position, created_at, updated_at)
     SELECT $1, gen_random_uuid(), 'Bench category ' || g, 1000 + g, now(), now() FROM generate_series(0, ${CATEGORIES - 1}) AS g
     ON CONFLICT DO NOTHING`,
    [business.id],
  );
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await db.query(insertChunk, [business.id, business.currency, count, from, to]);
    log(`${to.toLocaleString('en')} of ${count.toLocaleString('en')} products`);
  }
  for (const table of ['products', 'product_variants', 'product_categories']) await db.query(`ANALYZE ${table}`);
  return { businessId: business.id, currency: business.currency, ms: performance.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [count = '100000', target, identifier] = process.argv.slice(2);
  if (!target) {
    console.error('Usage: node bench/seed-products.mjs <count> <postgres-url | pglite-data-dir> [business identifier]');
    process.exit(2);
  }
  const db = await connect(target);
  try {
    const { ms } = await seedProducts(db, Number(count), identifier, (line) => console.error(line));
    console.log(`${Number(count).toLocaleString('en')} products in ${(ms / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}
