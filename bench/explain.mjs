// EXPLAIN ANALYZE of one statement on a benchmark's database (bench/seed-payments.mjs's connect): the plan's nodes
// in order (each with the index it reads), its planning and execution times (ms).

/** The plan of `text` with `params`, as `Node > Node on index > ...`, and its times. */
export async function explainPlan(db, text, params) {
  const { rows } = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
  const raw = Object.values(rows[0])[0];
  const [plan] = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const nodes = [];
  const walk = (node) => {
    nodes.push(node['Index Name'] ? `${node['Node Type']} on ${node['Index Name']}` : node['Node Type']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return { plan: nodes.join(' > '), ms: plan['Execution Time'], planning: plan['Planning Time'] };
}
