import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness';

/** docs/openapi.json is regenerated and compared: run with UPDATE_OPENAPI=1 to rewrite it. */
const FILE = new URL('../../../docs/openapi.json', import.meta.url);
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The parts of the document these tests read. */
interface Schema {
  type?: string | string[];
  pattern?: string;
  format?: string;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  [key: string]: unknown;
}
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; schema: Schema }[];
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

async function served(): Promise<Document> {
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json<Document>();
}

const operations = (document: Document): Operation[] => Object.values(document.paths).flatMap((methods) => Object.values(methods));

/** Every property of every schema in the document (at any depth), with where it is. */
function properties(value: unknown, where: string, found: [string, string, Schema][] = []): [string, string, Schema][] {
  if (Array.isArray(value)) value.forEach((v, i) => properties(v, `${where}[${i}]`, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'properties' && v && typeof v === 'object') {
        for (const [name, schema] of Object.entries(v as Record<string, Schema>)) found.push([`${where}.${name}`, name, schema]);
      }
      properties(v, `${where}.${key}`, found);
    }
  }
  return found;
}

/** The lower-case ISO 4217 code every currency of the API is. */
const CURRENCY_PATTERN = '^[a-z]{3}$';

/** A currency schema's string branches (a nullable one is `anyOf` [string, null] or `type: [string, null]`). */
function stringBranches(schema: Schema): Schema[] {
  if (schema.anyOf) return schema.anyOf.filter((s) => s.type !== 'null');
  return [schema];
}

/** The downloads: answers that are files, not JSON, with the content types they are sent with. */
const DOWNLOADS: Record<string, string[]> = {
  'auditLog.export': ['text/csv'],
  'partner.commissions.statement': ['text/csv'],
  'productLog.export': ['text/csv'],
  'productImports.template': ['text/csv'],
  'productImports.export': ['text/csv'],
  'productImports.report': ['text/csv'],
  'posOrders.export': ['text/csv'],
  'mallGto.runFile': ['text/plain'],
  'storeOrders.export': ['text/csv'],
  'customers.export': ['text/csv'],
  'invoices.export': ['text/csv'],
  'subscriptions.export': ['text/csv'],
  'invoiceImports.template': ['text/csv'],
  'invoiceImports.problems': ['text/csv'],
  'transactions.export': ['text/csv'],
  'balances.export': ['text/csv'],
  'sales-report.export': ['text/csv'],
  'pos-report.export': ['text/csv'],
  'store-report.export': ['text/csv'],
  'payouts.export': ['text/csv'],
  'connections.exportJournals': ['text/csv'],
  'payouts.exportLines': ['text/csv'],
  'transfers.export': ['text/csv'],
  'invoices.pdf': ['application/pdf'],
  'invoices.publicPdf': ['application/pdf'],
  'onboarding.downloadDocument': ['application/pdf', 'image/png', 'image/jpeg'],
  'checkoutCustomisation.logoFile': ['image/png', 'image/jpeg', 'image/webp'],
  'checkoutCustomisation.checkoutLogoFile': ['image/png', 'image/jpeg', 'image/webp'],
  'checkoutCustomisation.invoiceLogoFile': ['image/png', 'image/jpeg', 'image/webp'],
  'media.file': ['image/webp', 'image/jpeg', 'image/png', 'image/gif'],
  'media.shopFile': ['image/webp', 'image/jpeg', 'image/png', 'image/gif'],
  'supportChat.readAttachment': ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'],
  'supportChat.staffAttachment': ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'],
};

describe('OpenAPI document', () => {
  it('matches the committed docs/openapi.json', async () => {
    const current = `${JSON.stringify(await served(), null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(FILE, current);
    expect(current).toBe(readFileSync(FILE, 'utf8'));
  });

  it('declares every currency (fields, parameters, components) as a lower-case three-letter code, never an empty schema (issue 23)', async () => {
    const document = await served();
    const currencies = properties(document, '#').filter(([, name]) => name === 'currency' || name.endsWith('_currency'));
    for (const operation of operations(document)) {
      for (const p of operation.parameters ?? []) if (p.name === 'currency') currencies.push([`${operation.operationId} ${p.in} ${p.name}`, p.name, p.schema]);
    }
    expect(currencies.length).toBeGreaterThan(250);
    const wrong = currencies.filter(([, , schema]) =>
      stringBranches(schema).some((s) => {
        const type = Array.isArray(s.type) ? s.type.filter((x) => x !== 'null') : [s.type];
        return type.length !== 1 || type[0] !== 'string' || s.pattern !== CURRENCY_PATTERN;
      }),
    );
    expect(wrong.map(([where, , schema]) => `${where}: ${JSON.stringify(schema)}`)).toEqual([]);
  });

  it('declares each download with the content types it is sent with, and every other success answer as JSON (issue 23)', async () => {
    const document = await served();
    const declared = Object.fromEntries(
      operations(document).flatMap((operation) =>
        Object.entries(operation.responses)
          .filter(([status]) => status.startsWith('2'))
          .map(([, answer]) => [operation.operationId, Object.keys(answer.content ?? {})]),
      ),
    );
    for (const [id, types] of Object.entries(DOWNLOADS)) expect(declared[id], id).toEqual(types);
    const others = Object.entries(declared).filter(([id, types]) => !(id in DOWNLOADS) && types.length > 0 && types.join() !== 'application/json');
    expect(others).toEqual([]);
    // A download's answer is a string of its type (text, or binary for PDFs and images), not an empty schema.
    for (const operation of operations(document)) {
      if (!(operation.operationId in DOWNLOADS)) continue;
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (!status.startsWith('2')) continue;
        for (const [type, media] of Object.entries(answer.content ?? {})) {
          expect(media.schema, `${operation.operationId} ${type}`).toEqual(
            type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' },
          );
        }
      }
    }
  });
});
