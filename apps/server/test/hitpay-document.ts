import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import Ajv from 'ajv';
import { apiKeyEndpoints } from '@merchant/payments';
import type { TestContext } from './harness';
import type { FactoryBusiness } from './factories';

/**
 * HitPay's published OpenAPI document (test/fixtures/hitpay.openapi.json, unchanged) and what the public API's tests
 * check against it: an answer's schema by path, method and status (HitPay writes `{id}` where our paths write `:id`),
 * and a request to the API host with a key.
 */
type Operation = { operationId?: string; responses: Record<string, { content?: Record<string, { schema?: object }> }> };
export const hitpayDocument = JSON.parse(readFileSync(new URL('./fixtures/hitpay.openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};

/** A path as HitPay's document writes it (`{request_id}` for our `:request_id`). */
export const inHitpayDocument = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The JSON schema HitPay's document gives an answer (undefined when it gives none: some answers only have examples). */
export function hitpaySchema(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, status: number): object | undefined {
  const operation = hitpayDocument.paths[inHitpayDocument(path)]?.[method];
  if (!operation) throw new Error(`HitPay's document has no ${method.toUpperCase()} ${path}`);
  return operation.responses[String(status)]?.content?.['application/json']?.schema;
}

/** HitPay's schemas are read as OpenAPI means them: `nullable: true` allows null (HitPay's own examples answer null there). */
const ajv = new Ajv({ validateSchema: false, unknownFormats: 'ignore', allErrors: true, nullable: true });

/** Asserts the value is valid under the schema (OpenAPI's `nullable` read), with ajv's errors as the message. */
export function expectSchema(schema: object, value: unknown): void {
  const validate = ajv.compile(schema);
  expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
}

/** Makes an API key of the business by its owner (the whole key, shown once). */
export async function makeApiKey(b: FactoryBusiness<'owner'>, access: 'full' | 'read_only' = 'full'): Promise<string> {
  const made = await b.people.owner.agent.ok(apiKeyEndpoints.create, {
    params: { business_id: b.id },
    body: { name: `Key ${access}`, access, password: b.people.owner.password },
  });
  return made.api_key;
}

export interface PublicCall {
  key?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body. */
  json?: unknown;
  /** A form body (`application/x-www-form-urlencoded`), as HitPay's clients often send. */
  form?: Record<string, string | string[]>;
  idempotencyKey?: string;
  /** Another host than the API host (the public API answers on the API host only). */
  host?: string;
}

/** A request to the public API on the API host, as a merchant's code makes it. */
export function publicCall(t: TestContext, path: string, options: PublicCall = {}) {
  const headers: Record<string, string> = { host: options.host ?? `api.${t.config.baseDomain}` };
  if (options.key !== undefined) headers['x-business-api-key'] = options.key;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let payload: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(options.form)) {
      for (const one of Array.isArray(value) ? value : [value]) form.append(Array.isArray(value) ? `${name}[]` : name, one);
    }
    payload = form.toString();
  }
  return t.app.inject({ method: options.method ?? 'GET', url: path, headers, ...(payload !== undefined ? { payload } : {}) });
}
