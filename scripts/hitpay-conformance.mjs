// HitPay's published OpenAPI document against the running public API, checked by an independent tool: Stoplight Prism
// (5.14, the last release that runs on Node 20) as a validating proxy in front of the API host. Every operation the
// API's own /openapi.json lists is called once through Prism with what HitPay's document says of it (its path ids from
// what earlier calls answered, else a random one; a JSON body sampled from its schema's examples); Prism compares each
// answer with HitPay's schemas and reports what breaks them in its `sl-violations` header.
//
//   API_KEY=<a full-access key> [SERVER=http://127.0.0.1:3000] [BASE_DOMAIN=localhost] node scripts/hitpay-conformance.mjs
//
// Exits 1 when an answer is a server error (5xx) or breaks HitPay's schemas other than where its document contradicts
// its own examples (KNOWN_DOCUMENT_ERRORS, each with its reason; docs/developers.md). A server with the demo data
// (`npm start`) prints a key of the demo business while it seeds.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';

const ROOT = new URL('..', import.meta.url);
const SERVER = new URL(process.env.SERVER ?? 'http://127.0.0.1:3000');
const API_KEY = process.env.API_KEY;
const API_HOST = `api.${process.env.BASE_DOMAIN ?? 'localhost'}:${SERVER.port || 80}`;
if (!API_KEY) {
  console.error("Set API_KEY to a full-access key of the business to call as (npm start prints the demo business's).");
  process.exit(2);
}
const hitpay = JSON.parse(readFileSync(new URL('apps/server/test/fixtures/hitpay.openapi.json', ROOT), 'utf8'));

/**
 * Where HitPay's document contradicts its own examples or HTTP itself, we answer as its examples (and Laravel) do, or as
 * HTTP requires; Prism reports these, and they are listed here, each with its reason, rather than hidden. `operation`
 * limits one to an operation; `where` is matched against the violation's place and message.
 */
const KNOWN_DOCUMENT_ERRORS = [
  {
    where: /^body\.(links\.(next|prev|first|last)|meta\.(next_cursor|prev_cursor)):/,
    why: "a page link is null where there is no such page (HitPay's examples answer null; its schemas say string)",
  },
  {
    operation: 'GET /v1/invoices',
    where: /^: Unable to match the returned status code/,
    why: 'HitPay documents the invoice list as 204 (with an example body) or 404 only; it answers the list with 200, as here',
  },
  {
    operation: /^DELETE /,
    where: /^(: The received media type "" does not match|body: Response body must be integer)/,
    why: 'HitPay documents several deletes as 204 with the body `1`; HTTP allows no body on a 204, so none is sent',
  },
  {
    operation: /^(DELETE|PUT) \/v1\/recurring-billing\/\{recurring_billing_id\}$/,
    where:
      /^(: The received media type "application\/json; charset=utf-8" does not match the one specified in the current response: text\/plain|body: Response body must match exactly one schema in oneOf)/,
    why: 'HitPay labels these errors text/plain while their examples are JSON, and writes its 422 as a oneOf of shapes that any `{ message, errors }` matches all at once (read as the anyOf it means)',
  },
  {
    operation: 'GET /v1/customers/{customer_id}',
    where: /^: Unable to match the returned status code/,
    why: 'HitPay documents reading a customer as 201 (Created); a read answers 200',
  },
  {
    operation: 'GET /v1/orders/{order_id}',
    where:
      /^body\.(closed_at|location_id|location|payment_status): .* must be null$|^body\.(line_items_total|line_item_price|amount|subtotal): .* must be integer$|^body\.order_form: .*'membership_id'$/,
    why: "HitPay's order schema is its one example turned into a schema: what that order lacked must be null, its whole amounts integers, and its one merchant's order-form field `membership_id` required",
  },
];
const isKnown = (operation, violation) => {
  const text = `${violation.location.slice(1).join('.')}: ${violation.message}`;
  return KNOWN_DOCUMENT_ERRORS.some(
    (k) => k.where.test(text) && (k.operation === undefined || (typeof k.operation === 'string' ? k.operation === operation : k.operation.test(operation))),
  );
};

/** The API host's requests go to the server's address with the API host's name (Node does not resolve *.localhost). */
function relay() {
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { hostname: SERVER.hostname, port: SERVER.port, path: req.url, method: req.method, headers: { ...req.headers, host: API_HOST } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => res.writeHead(502).end(String(error)));
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function startPrism(upstream) {
  const port = 4000 + Math.floor(Math.random() * 1000);
  const document = new URL('apps/server/test/fixtures/hitpay.openapi.json', ROOT).pathname;
  const prism = spawn('npx', ['--yes', '@stoplight/prism-cli@5.14.2', 'proxy', document, upstream, '-p', String(port), '--errors=false'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group: npx starts Prism as a child, and stopping the group stops both.
    detached: true,
  });
  await new Promise((resolve, reject) => {
    prism.stdout.on('data', (chunk) => String(chunk).includes('Prism is listening') && resolve());
    prism.once('exit', (code) => reject(new Error(`Prism exited (${code})`)));
  });
  return { prism, base: `http://127.0.0.1:${port}` };
}

/** A value from a schema: its example, its first enum value, or one of its type; objects with their required and exemplified properties. */
function sample(schema, depth = 0) {
  if (!schema || depth > 5) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.oneOf || schema.anyOf) return sample((schema.oneOf ?? schema.anyOf)[0], depth + 1);
  if (type === 'object' || schema.properties) {
    const required = new Set(schema.required ?? []);
    const out = {};
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (required.has(name) || property.example !== undefined) {
        const value = sample(property, depth + 1);
        if (value !== undefined) out[name] = value;
      }
    }
    return out;
  }
  if (type === 'array') return [sample(schema.items, depth + 1)].filter((v) => v !== undefined);
  if (type === 'integer') return 1;
  if (type === 'number') return 10;
  if (type === 'boolean') return false;
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'email') return 'conformance@example.com';
  if (schema.format === 'date') return '2030-01-01';
  return 'Conformance';
}

function bodyOf(operation) {
  const content = operation.requestBody?.content;
  if (!content) return undefined;
  const media = content['application/json'] ?? Object.values(content)[0];
  const example = media.example ?? Object.values(media.examples ?? {})[0]?.value;
  return example ?? sample(media.schema);
}

/** The ids answers named, by the path parameter they fill (`customer_id` from the customers' answers). */
const ids = new Map();
function remember(path, answer) {
  const resource = path.split('/')[2]; // /v1/<resource>/...
  const items = Array.isArray(answer?.data) ? answer.data : Array.isArray(answer) ? answer : answer?.id ? [answer] : [];
  for (const item of items) if (typeof item?.id === 'string') ids.set(resource, ids.get(resource) ?? item.id);
}
const idFor = (path) => ids.get(path.split('/')[2]) ?? randomUUID();

async function call(base, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method: method.toUpperCase(),
    headers: { 'x-business-api-key': API_KEY, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const violations = JSON.parse(res.headers.get('sl-violations') ?? '[]');
  return { status: res.status, json, violations };
}

const ORDER = { post: 0, get: 1, put: 2, patch: 2, delete: 3 };
/** The API's own document (from the API host: Node's fetch would not send our Host header). */
const ours = await new Promise((resolve, reject) => {
  http
    .get({ hostname: SERVER.hostname, port: SERVER.port, path: '/openapi.json', headers: { host: API_HOST } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(JSON.parse(text)));
    })
    .on('error', reject);
});
const operations = Object.entries(ours.paths)
  .flatMap(([path, item]) => Object.keys(item).map((method) => ({ path, method })))
  .filter(({ path, method }) => hitpay.paths[path]?.[method])
  .sort((a, b) => ORDER[a.method] - ORDER[b.method] || a.path.split('/').length - b.path.split('/').length || a.path.localeCompare(b.path));

const upstream = await relay();
const { prism, base } = await startPrism(`http://127.0.0.1:${upstream.address().port}`);
const rows = [];
try {
  for (const { path, method } of operations) {
    const operation = hitpay.paths[path][method];
    const concrete = path.replace(/\{(\w+)\}/g, () => idFor(path));
    const answer = await call(base, method, concrete, ['post', 'put', 'patch'].includes(method) ? bodyOf(operation) : undefined);
    if (answer.status < 300) remember(path, answer.json);
    const name = `${method.toUpperCase()} ${path}`;
    const response = answer.violations.filter((v) => v.location[0] === 'response' && v.severity === 'Error');
    const known = response.filter((v) => isKnown(name, v));
    rows.push({ operation: name, id: operation.operationId ?? '(no id)', status: answer.status, breaks: response.filter((v) => !known.includes(v)), known });
  }
} finally {
  process.kill(-prism.pid, 'SIGTERM');
  upstream.close();
}

let failed = 0;
for (const row of rows) {
  const bad = row.status >= 500 || row.breaks.length > 0;
  if (bad) failed++;
  console.log(`${bad ? '✗' : '✓'} ${row.operation} [${row.id}] ${row.status}${row.known.length ? ` (${row.known.length} known document errors)` : ''}`);
  for (const v of row.breaks) console.log(`    ${v.location.join('.')}: ${v.message}`);
}
console.log(`\n${rows.length} operations through Prism: ${rows.length - failed} hold HitPay's schemas, ${failed} do not or answered 5xx.`);
for (const k of KNOWN_DOCUMENT_ERRORS) console.log(`known document error: ${k.why}`);
process.exit(failed > 0 ? 1 : 0);
