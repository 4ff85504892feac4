import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, hostOfKind, type Endpoint } from '@merchant/core';
import { Agent, createTestContext, type TestContext } from './harness';
import { createBusiness, createSuperAdmin, type Person } from './factories';

/**
 * For every operation of the OpenAPI document, generated bad input (wrong types, huge and unicode strings
 * with NUL characters, out-of-range numbers and dates, unknown enum values, missing and extra fields,
 * malformed JSON, foreign content types, bad path parameters) gets a 4xx in the product's error shape,
 * never a 500. Requests come from an owner of a real business (a super admin for the admin area, a guest
 * for sign-in and registration) with the anti-forgery token, so they reach validation. Fixed seed,
 * bounded runs. The operations are those of docs/openapi.json, which openapi.test.ts keeps equal to the
 * document the app serves.
 */

/** JSON Schema as the OpenAPI document writes it (the parts this test reads). */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}
interface Parameter {
  in: 'path' | 'query';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}

const SEED = 20_261_101;
const RUNS = { body: 8, malformed: 3, query: 8, path: 4, anything: 3 };

// ---------------------------------------------------------------------------------------------
// Values

/** A number written into the JSON text as is (1e400, -0, 30 digits): JSON.stringify cannot. */
const RAW = '\u0002raw-number\u0002';
const rawNumber = (text: string) => `${RAW}${text}`;
const stringify = (value: unknown) => JSON.stringify(value).replace(new RegExp(`"${RAW}([^"]*)"`, 'g'), '$1');

const unicodeText = fc.string({ unit: 'binary', maxLength: 40 });
const withNul = fc.tuple(unicodeText, unicodeText).map(([a, b]) => `${a}\u0000${b}`);
const hugeText = fc.tuple(fc.constantFrom('x', 'é', '😀', '\u0000', ' '), fc.integer({ min: 1_000, max: 50_000 })).map(([c, n]) => c.repeat(n));
const trickyText = fc.constantFrom(
  '\ud800',
  '\udfff x',
  '\u202e',
  '\ufeff',
  "'; DROP TABLE users; --",
  '{{customer_name}}',
  '<script>',
  '../../etc/passwd',
  '%00',
  '\\u0000',
);
const anyText = fc.oneof(
  { weight: 4, arbitrary: unicodeText },
  { weight: 2, arbitrary: withNul },
  { weight: 1, arbitrary: hugeText },
  { weight: 2, arbitrary: trickyText },
);
const badDate = fc.constantFrom(
  '0000-01-01',
  '9999-12-31',
  '2024-02-31',
  '2023-02-29',
  '1899-12-31',
  '3000-01-01',
  '2026-13-01',
  '2026-1-1',
  '+002026-01-01',
  '2026-01-01T00:00:00Z',
);
const jsonAnything = fc.jsonValue({ maxDepth: 3 });

const typesOf = (s: JsonSchema): Set<string> | null => {
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const all = new Set<string>();
    for (const b of branches) {
      const t = typesOf(b);
      if (!t) return null;
      for (const x of t) all.add(x);
    }
    return all;
  }
  if (s.enum) return new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)));
  if (s.const !== undefined) return new Set([s.const === null ? 'null' : typeof s.const]);
  if (s.type === undefined) return null;
  const types = new Set(Array.isArray(s.type) ? s.type : [s.type]);
  if (types.has('integer')) types.add('number');
  return types;
};
const typeOfValue = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const branchesOf = (s: JsonSchema) => s.anyOf ?? s.oneOf ?? [s];

/** A value the schema plausibly accepts (it may not: this is filler around the one bad value). */
function plausible(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (s.anyOf || s.oneOf) return fc.oneof(...branchesOf(s).map((b) => plausible(b, depth)));
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'uuid') return fc.uuid({ version: 4 });
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'date')
        return fc.date({ min: new Date('1950-01-01'), max: new Date('2050-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      return fc.string({ unit: 'grapheme', minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 60) });
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
      const max = Math.min(s.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(plausible(s.items ?? {}, depth + 1), { maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const props = Object.entries(s.properties ?? {});
      return fc.record(Object.fromEntries(props.map(([k, v]) => [k, plausible(v, depth + 1)])), {
        requiredKeys: props.map(([k]) => k).filter((k) => s.required?.includes(k)),
      });
    }
    default:
      return jsonAnything;
  }
}

/**
 * Values the schema refuses whatever its refinements: each one is a 4xx on its own. In a query or path
 * every value is text, so a wrong JSON type means nothing there; text that is no number does.
 */
function refused(s: JsonSchema, where: 'body' | 'query' | 'path' = 'body'): fc.Arbitrary<unknown>[] {
  const out: fc.Arbitrary<unknown>[] = [];
  const types = typesOf(s);
  if (types && where === 'body') {
    const wrong = fc.oneof(
      unicodeText,
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 2 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
    );
    out.push(wrong.filter((v) => !types.has(typeOfValue(v))));
  }
  if (types && where !== 'body' && !types.has('string')) out.push(fc.constantFrom('abc', 'NaN', 'Infinity', '1,5', '0x', '\u0000'));
  if (types?.has('string')) out.push(withNul);
  const branches = branchesOf(s);
  const only = branches.filter((b) => b.type !== 'null');
  const nullable = only.length < branches.length;
  if (only.length === 1) {
    const b = only[0]!;
    const guard = (arb: fc.Arbitrary<unknown>) => (nullable ? arb.filter((v) => v !== null) : arb);
    if (b.enum) out.push(guard(unicodeText.map((t) => `\u2603${t}`)));
    if (b.format === 'date') out.push(badDate);
    if (b.format === 'uuid') out.push(fc.string({ maxLength: 35 }).map((t) => `not-a-uuid-${t}`));
    // One over the limit (the boundary, which a path parameter reaches before the router's own length limit), and far over it.
    if (b.type === 'string' && b.maxLength !== undefined)
      out.push(
        fc
          .oneof(
            fc.constant(b.maxLength + 1),
            fc.integer({ min: 1, max: 20_000 }).map((n) => b.maxLength! + n),
          )
          .map((n) => 'x'.repeat(n)),
      );
    if (b.type === 'integer' || b.type === 'number') {
      const bounds: unknown[] = [];
      if (b.maximum !== undefined) bounds.push(b.maximum + 1, 1e300, rawNumber('1e400'));
      if (b.minimum !== undefined) bounds.push(b.minimum - 1, -1e300, rawNumber('-1e400'));
      if (b.exclusiveMinimum !== undefined) bounds.push(b.exclusiveMinimum, b.exclusiveMinimum - 1);
      if (b.type === 'integer') bounds.push(0.5, 1.25);
      if (bounds.length > 0) out.push(fc.constantFrom(...bounds));
    }
  }
  return out;
}

/** Paths to every property of an object schema, nested objects included. */
function leaves(s: JsonSchema, path: string[] = []): { path: string[]; schema: JsonSchema; required: boolean }[] {
  const found: { path: string[]; schema: JsonSchema; required: boolean }[] = [];
  for (const [key, child] of Object.entries(s.properties ?? {})) {
    const childPath = [...path, key];
    found.push({ path: childPath, schema: child, required: s.required?.includes(key) ?? false });
    const objectBranch = branchesOf(child).find((b) => b.type === 'object' && b.properties);
    if (objectBranch) found.push(...leaves(objectBranch, childPath));
  }
  return found;
}

const setAt = (target: unknown, path: string[], value: unknown, remove = false): unknown => {
  const [head, ...rest] = path;
  const obj = typeof target === 'object' && target !== null && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  if (head === undefined) return value;
  if (rest.length === 0) {
    if (remove) delete obj[head];
    else obj[head] = value;
  } else obj[head] = setAt(obj[head], rest, value, remove);
  return obj;
};

const extraFields = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }).map((k) => `x_${k}`),
  jsonAnything,
  { maxKeys: 3 },
);

/**
 * The object schemas a body may take, one per choice of branch: `allOf` parts merged (properties and required),
 * `oneOf`/`anyOf` of objects each their own (a bank account's local or cross-border body with its confirmation).
 */
function objectAlternatives(s: JsonSchema): JsonSchema[] {
  if (s.allOf) {
    return s.allOf.map(objectAlternatives).reduce<JsonSchema[]>(
      (combined, parts) =>
        combined.flatMap((a) =>
          parts.map((b) => ({
            type: 'object',
            properties: { ...a.properties, ...b.properties },
            required: [...(a.required ?? []), ...(b.required ?? [])],
          })),
        ),
      [{ type: 'object', properties: {}, required: [] }],
    );
  }
  const branches = s.oneOf ?? s.anyOf;
  if (branches && branches.every((b) => b.type === 'object' || b.allOf || b.oneOf || b.anyOf)) return branches.flatMap(objectAlternatives);
  return [s];
}

/** A body the schema refuses: plausible filler, then one property made bad (or removed), or the whole body of a wrong kind. */
function badBody(s: JsonSchema): fc.Arbitrary<unknown> {
  const alternatives = objectAlternatives(s);
  if (alternatives.length > 1 || alternatives[0] !== s) return fc.oneof(...alternatives.map(badBody));
  const options: fc.Arbitrary<unknown>[] = [...refused(s)];
  for (const leaf of leaves(s)) {
    for (const bad of refused(leaf.schema))
      options.push(fc.tuple(plausible(s), bad, extraFields).map(([body, v, extra]) => ({ ...extra, ...(setAt(body, leaf.path, v) as object) })));
    if (leaf.required && leaf.schema.default === undefined)
      options.push(fc.tuple(plausible(s), extraFields).map(([body, extra]) => ({ ...extra, ...(setAt(body, leaf.path, undefined, true) as object) })));
  }
  if (options.length === 0) throw new Error('No bad value is known for this body schema');
  return fc.oneof(...options);
}

// ---------------------------------------------------------------------------------------------
// Requests

type Document = {
  paths: Record<string, Record<string, { operationId: string; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
};
const document = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8')) as Document;
const operations: Operation[] = Object.entries(document.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    operationId: op.operationId,
    parameters: op.parameters ?? [],
    body: op.requestBody?.content['application/json']?.schema,
  })),
);

let t: TestContext;
let endpoints: Map<string, Endpoint>;
let people: { owner: Person; super: Person };
let guest: Agent;
let businessId: string;
let pendingBusinessId: string;
/** The partner area's endpoints answer a partner business only (their standing is checked before their input). */
let partner: { id: string; owner: Person };

beforeAll(async () => {
  t = await createTestContext();
  endpoints = new Map(t.app.endpoints.map((e) => [e.id, e]));
  const business = await createBusiness(t);
  businessId = business.id;
  people = { owner: business.people.owner, super: await createSuperAdmin(t) };
  guest = new Agent(t.app);
  await guest.token();
  pendingBusinessId = (await createBusiness(t, { onboarding: 'pending_verification' })).id;
  const partnerBusiness = await createBusiness(t, { kind: 'partner' });
  partner = { id: partnerBusiness.id, owner: partnerBusiness.people.owner };
});
afterAll(() => t.close());

function agentFor(endpoint: Endpoint): { agent: Agent; person: Person | null } {
  if (endpoint.access.kind === 'super-admin') return { agent: people.super.agent, person: people.super };
  if (endpoint.access.kind === 'guest' || endpoint.access.kind === 'public') return { agent: guest, person: null };
  if (endpoint.access.kind === 'business' && endpoint.access.standing === 'partner') return { agent: partner.owner.agent, person: partner.owner };
  return { agent: people.owner.agent, person: people.owner };
}

/** A valid value for each path parameter, so the request reaches the validation of the rest. */
function validPathValue(op: Operation, name: string): string {
  if (name === 'business_id') {
    const access = endpoints.get(op.operationId)?.access;
    if (access?.kind === 'business' && access.standing === 'partner') return partner.id;
    return op.path.startsWith('/v1/admin/') ? pendingBusinessId : businessId;
  }
  const schema = op.parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
  if (schema.enum) return String(schema.enum[0]);
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 32));
}

/** Percent-encoding of text; a lone surrogate, which has no UTF-8 form, goes as U+FFFD. */
const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

function urlOf(op: Operation, pathValues: Record<string, string>, query: [string, string][]): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(pathValues[name] ?? validPathValue(op, name)));
  const qs = query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return qs ? `${path}?${qs}` : path;
}

interface Sent {
  url: string;
  payload?: string;
  contentType?: string;
}

async function send(op: Operation, request: Sent): Promise<LightMyRequestResponse> {
  const endpoint = endpoints.get(op.operationId)!;
  const { agent, person } = agentFor(endpoint);
  const res = await t.app.inject({
    method: op.method as 'GET',
    url: request.url,
    remoteAddress: agent.ip,
    headers: {
      host: hostOfKind(endpoint.host, t.config.baseDomain),
      cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-requested-with': 'XMLHttpRequest',
      ...(agent.csrf ? { 'x-csrf-token': agent.csrf } : {}),
      ...(request.payload !== undefined ? { 'content-type': request.contentType ?? 'application/json' } : {}),
    },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  for (const c of res.cookies) {
    if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) agent.cookies.delete(c.name);
    else agent.cookies.set(c.name, c.value);
  }
  // Keep the caller able to reach validation: a sign-out or a new session gets a fresh sign-in or token.
  if (res.statusCode === 401 && person) await agent.login(person.email, person.password);
  if (res.statusCode === 419) await agent.token();
  return res;
}

function expectErrorShape(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  const body = ApiErrorBodySchema.safeParse(res.json());
  expect(body.success, `${what}: ${res.body.slice(0, 300)}`).toBe(true);
  expect(body.data?.requestId, what).toBe(res.headers['x-request-id']);
}

/** Bad input: a 4xx in the error shape. Anything: never a 5xx, and any 4xx in the error shape. */
function check(res: LightMyRequestResponse, op: Operation, sent: Sent, mustFail: boolean): void {
  const what = short(`${op.method} ${sent.url} ${sent.payload ?? ''} -> ${res.statusCode} ${res.body}`);
  expect(res.statusCode, what).toBeLessThan(500);
  if (mustFail) expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
  if (res.statusCode >= 400) expectErrorShape(res, what);
}

const reachedValidation = new Map<string, boolean>();

async function run(op: Operation, sent: Sent, mustFail: boolean): Promise<void> {
  const res = await send(op, sent);
  check(res, op, sent, mustFail);
  if (res.statusCode === 422) reachedValidation.set(op.operationId, true);
}

const short = (text: string) => text.replace(/(.)\1{40,}/gsu, (run, c: string) => `${c}…(${run.length} times)`).slice(0, 1500);

/** Runs a property with the fixed seed; a failure reports the request shortened (huge strings are folded). */
async function fuzz<T>(arb: fc.Arbitrary<T>, numRuns: number, property: (value: T) => Promise<void>): Promise<void> {
  const details = await fc.check(fc.asyncProperty(arb, property), { seed: SEED, numRuns, endOnFailure: true });
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(short(`Counterexample ${JSON.stringify(details.counterexample)} (seed ${SEED}): ${cause}`));
  }
}

const malformedJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,',
    '"unterminated',
    '{"a":1}}',
    'nul',
    '\u0000',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"a":1e}',
    "{'a':1}",
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).map((s) => `{${s}`),
);
const foreignContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=zzz',
  'application/json; charset=utf-16',
);

describe('every operation of the OpenAPI document refuses bad input with a 4xx, never a 500', () => {
  it('knows every operation of the document as a registered endpoint', () => {
    expect(operations.length).toBeGreaterThan(50);
    for (const op of operations) expect(endpoints.has(op.operationId), op.operationId).toBe(true);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path} (${op.operationId})`, async () => {
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const queryParams = op.parameters.filter((p) => p.in === 'query');
      const takesBody = op.method !== 'GET';
      const plainUrl = urlOf(op, {}, []);

      if (op.body) {
        await fuzz(badBody(op.body), RUNS.body, async (value) => run(op, { url: plainUrl, payload: stringify(value) }, true));
      }
      if (takesBody) {
        await fuzz(malformedJson, RUNS.malformed, async (payload) => run(op, { url: plainUrl, payload }, true));
        await fuzz(fc.tuple(foreignContentType, unicodeText), RUNS.malformed, async ([contentType, payload]) =>
          run(op, { url: plainUrl, payload: payload || 'x', contentType }, true),
        );
      }
      if (queryParams.length > 0) {
        const badQuery = fc.oneof(
          ...queryParams.map((bad) =>
            fc
              .tuple(
                fc.oneof(...refused(bad.schema, 'query')),
                fc.tuple(...queryParams.map((p) => fc.option(plausible(p.schema), { nil: undefined }))),
                fc.boolean(),
              )
              .map(([value, others, repeat]) => {
                const query: [string, string][] = [];
                queryParams.forEach((p, i) => {
                  if (p !== bad && others[i] !== undefined) query.push([p.name, String(others[i])]);
                });
                query.push([bad.name, String(value).replace(RAW, '')]);
                // A repeated key arrives as an array.
                if (repeat) query.push([bad.name, String(value).replace(RAW, '')]);
                return query;
              }),
          ),
        );
        await fuzz(badQuery, RUNS.query, async (query) => run(op, { url: urlOf(op, {}, query), ...(takesBody ? { payload: '{}' } : {}) }, true));
      }
      if (pathParams.length > 0) {
        const badPath = fc.oneof(
          ...pathParams.map((p) =>
            fc
              .oneof(
                ...refused(p.schema, 'path'),
                unicodeText.map((s) => `${s}\u0000`),
                fc.constantFrom('...', '%', '%00', ' ', '-1', '0'),
              )
              .map((value) => ({ [p.name]: String(value).replace(RAW, '') })),
          ),
        );
        await fuzz(badPath, RUNS.path, async (values) => run(op, { url: urlOf(op, values, []), ...(op.body ? { payload: '{}' } : {}) }, true));
      }
      await fuzz(fc.tuple(jsonAnything, fc.dictionary(fc.string({ maxLength: 8 }), anyText, { maxKeys: 3 })), RUNS.anything, async ([body, query]) =>
        run(op, { url: urlOf(op, {}, Object.entries(query)), ...(takesBody ? { payload: stringify(body) } : {}) }, false),
      );
    });
  }

  it('reached the validation of every operation that takes input', () => {
    const withInput = operations.filter((op) => op.body || op.parameters.some((p) => p.name !== 'business_id'));
    const unreached = withInput.filter((op) => !reachedValidation.has(op.operationId)).map((op) => op.operationId);
    expect(unreached).toEqual([]);
  });
});
