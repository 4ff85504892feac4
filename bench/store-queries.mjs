// The storefront's reads on a large catalogue, before and after (docs/benchmarks.md, "The storefront's reads"): the
// search for a rare word, the abandoned carts' catalogue and a sitemap file's miss, each as the SQL the read model
// sends (apps/server/src/modules/catalogue/products/storefront.read-model.ts), timed by EXPLAIN ANALYZE on PostgreSQL.
// A fresh database on the server is migrated, holds one business and N products (bench/seed-products.mjs: 50,000 by
// default), one of which has a rare word in its description and another in its name, then VACUUM ANALYZE (as
// autovacuum leaves a settled table); it is dropped at the end. "Before" runs the old statements in a transaction that
// drops the indexes of migration 0080 (rolled back), "after" the new ones with them. Each statement runs
// once to warm the cache, then RUNS times: the median execution time and the plan of the last run.
//
// Usage: node bench/store-queries.mjs [postgres-url]   (none: a server of scripts/postgres.mjs is started and stopped)
// BENCH_PRODUCTS=50000 RUNS=5
import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startPostgres } from '../scripts/postgres.mjs';
import { seedProducts } from './seed-products.mjs';

const COUNT = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const RUNS = Number(process.env.RUNS ?? 5);
const MIGRATIONS = new URL('../apps/server/src/db/migrations', import.meta.url).pathname;
const FILE = 10_000;
const ON_SALE = `business_id = $1 and status = 'active' and channels @> '{online_store}'`;
const TEXT = `(name || ' ' || coalesce(description, ''))`;

const started = process.argv[2] ? null : await startPostgres();
const serverUrl = process.argv[2] ?? started.url;
const dbName = `store_queries_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();

/** Median execution time (ms) of RUNS runs after one to warm up, and the text plan of the last. */
async function measure(text, params) {
  const times = [];
  let plan = [];
  for (let i = 0; i <= RUNS; i++) {
    const { rows } = await client.query(`explain (analyze, buffers) ${text}`, params);
    plan = rows.map((r) => r['QUERY PLAN']);
    const ms = Number(/Execution Time: ([0-9.]+) ms/.exec(plan.at(-1))?.[1]);
    if (i > 0) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], plan };
}

/** The plan's node lines, without timings' detail, to tell scans from index reads. */
const shape = (plan) =>
  plan
    .filter((l) => /(Scan|Limit|Sort|Append|BitmapAnd|BitmapOr|WindowAgg|Aggregate)/.test(l))
    .map((l) =>
      l
        .replace(/\s+\(cost=[^)]*\)/, '')
        .replace(/\(actual time=([0-9.]+)\.\.([0-9.]+) rows=(\d+) loops=(\d+)\)/, '(rows=$3, $2 ms)')
        .trimEnd(),
    );

function report(title, results) {
  console.log(`\n## ${title}`);
  for (const [name, r] of Object.entries(results)) {
    console.log(`- ${name}: ${r.ms.toFixed(2)} ms`);
    for (const line of shape(r.plan)) console.log(`    ${line}`);
  }
}

try {
  const t0 = performance.now();
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  const businessId = randomUUID();
  await client.query(`insert into businesses (id, identifier, name, country, currency) values ($1, 'bench-store', 'Bench store', 'sg', 'sgd')`, [businessId]);
  const seeded = await seedProducts(client, COUNT, 'bench-store');
  console.log(
    `# ${COUNT.toLocaleString('en')} products seeded in ${(seeded.ms / 1000).toFixed(1)} s (migrations and all: ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  // A rare word in one description, another in one name (neither in any other product).
  await client.query(`update products set description = 'Picked by the Quokkaville cooperative' where business_id = $1 and name like '% 31337'`, [businessId]);
  await client.query(`update products set name = 'Wombatine special 4242' where business_id = $1 and name like '% 4242'`, [businessId]);
  await client.query('vacuum analyze products');
  /** Runs `fn` as the schema was before: without the new indexes (dropped in a transaction, then rolled back). */
  const withoutNewIndexes = async (fn) => {
    await client.query('begin');
    try {
      await client.query('drop index products_search_trgm_idx');
      await client.query('drop index products_on_sale_id_idx');
      return await fn();
    } finally {
      await client.query('rollback');
    }
  };

  // 1. Search, first page by name (24 and one more to know of a next page).
  const before = (w) =>
    measure(`select id from products where ${ON_SALE} and (name ilike $2 or description ilike $2) order by name, id limit 25`, [businessId, `%${w}%`]);
  const named = (w) => measure(`select id from products where ${ON_SALE} and name ilike $2 order by name, id limit 25`, [businessId, `%${w}%`]);
  const described = (w) =>
    measure(`select id from products where ${ON_SALE} and ${TEXT} ilike $2 and not (name ilike $2) order by name, id limit 25`, [businessId, `%${w}%`]);
  for (const [word, why] of [
    ['quokkaville', 'a rare word of one description'],
    ['wombatine', 'a rare word of one name'],
    ['kenya', 'a common word of names'],
    ['benchmark', 'a word of every description, no name'],
  ]) {
    report(`Search "${word}" (${why})`, {
      'before (name or description, one statement)': await withoutNewIndexes(() => before(word)),
      'after, part 1 (the name holds it)': await named(word),
      'after, part 2 (the description does; read when part 1 leaves room)': await described(word),
    });
  }

  // 2. The abandoned carts' catalogue: before, the first 2,000 products by name and their variants; after, the
  // products of the listed carts' variants (100 carts of 3 lines, spread over the catalogue) and theirs.
  const { rows: picked } = await client.query(`select id from product_variants where business_id = $1 order by (hashtext(id::text)) limit 300`, [businessId]);
  const variantIds = picked.map((r) => r.id);
  const capped = await measure(`select * from products where ${ON_SALE} order by name, id limit 2000`, [businessId]);
  const cappedIds = (await client.query(`select id from products where ${ON_SALE} order by name, id limit 2000`, [businessId])).rows.map((r) => r.id);
  const cappedVariants = await measure(`select * from product_variants where business_id = $1 and product_id = any($2::uuid[]) order by product_id, position`, [
    businessId,
    cappedIds,
  ]);
  const chosen = await measure(
    `select * from products where ${ON_SALE} and id in (select product_id from product_variants where business_id = $1 and id = any($2::uuid[])) order by name, id limit 300`,
    [businessId, variantIds],
  );
  const chosenIds = (
    await client.query(`select product_id from product_variants where business_id = $1 and id = any($2::uuid[])`, [businessId, variantIds])
  ).rows.map((r) => r.product_id);
  const chosenVariants = await measure(`select * from product_variants where business_id = $1 and product_id = any($2::uuid[]) order by product_id, position`, [
    businessId,
    chosenIds,
  ]);
  report('Abandoned carts: the catalogue that names 100 carts of 3 lines', {
    'before: the first 2,000 products': capped,
    'before: their variants': cappedVariants,
    'after: the carts’ products': chosen,
    'after: their variants': chosenVariants,
  });

  // 3. A sitemap file's miss: the last file.
  const last = Math.ceil(COUNT / FILE) - 1;
  const [count, offset] = await withoutNewIndexes(async () => [
    await measure(`select count(*) from products where ${ON_SALE}`, [businessId]),
    await measure(`select id, updated_at from products where ${ON_SALE} order by id limit ${FILE} offset ${last * FILE}`, [businessId]),
  ]);
  const startsText = `select id from (select id, row_number() over (order by id) as n from products where ${ON_SALE}) numbered where (n - 1) % $2 = 0 order by id`;
  const starts = await measure(startsText, [businessId, FILE]);
  const ids = (await client.query(startsText, [businessId, FILE])).rows.map((r) => r.id);
  const keyset = await measure(`select id, updated_at from products where ${ON_SALE} and id >= $2 order by id limit 50000`, [businessId, ids[last]]);
  const middle = await measure(`select id, updated_at from products where ${ON_SALE} and id >= $2 and id < $3 order by id limit 50000`, [
    businessId,
    ids[1],
    ids[2],
  ]);
  report(`Sitemap: file ${last + 1} of ${last + 1} on a miss`, {
    'before: the count of products on sale (every miss)': count,
    'before: the file by offset': offset,
    'after: the files’ first ids (one pass, kept per catalogue version)': starts,
    'after: the last file by keyset': keyset,
    'after: a middle file by keyset (its id range)': middle,
  });
} finally {
  await client.end();
  await admin.query(`drop database ${dbName}`);
  await admin.end();
  if (started) await started.stop?.();
}
