import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { hostOfKind } from '@merchant/core';
import { BusinessSchema, businessEndpoints, businessRoutes } from '@merchant/business';
import { authEndpoints, identityRoutes, userEndpoints } from '@merchant/identity';
import { overviewEndpoints } from '@merchant/payments';
import { scriptJson } from '@/http/web-delivery';
import { createTestContext, type TestContext } from './harness';
import { brotliDecompressSync } from 'node:zlib';
import { createBusiness } from './factories/businesses';

/** The signed-in page's bootstrap: what the page carries, for whom, and that it is the API's own answers. */
const INDEX = '<!doctype html><html><head><title>Merchant Dashboard</title></head><body><div id="root"></div></body></html>';

/** A build's manifest as Vite writes it: the entry, the business shell and the overview with what they import. */
const MANIFEST = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_react-E2.js'], css: ['assets/index-E1.css'] },
  '_react-E2.js': { file: 'assets/react-E2.js' },
  '_business-shell-S1.js': {
    file: 'assets/business-shell-S1.js',
    name: 'business-shell',
    isDynamicEntry: true,
    imports: ['index.html', '_react-E2.js', '_app-shared-S2.js'],
    css: ['assets/business-shell-S1.css'],
  },
  '_app-shared-S2.js': { file: 'assets/app-shared-S2.js', name: 'app-shared', imports: ['index.html'], css: ['assets/app-shared-S2.css'] },
  '_payments-overview-O1.js': {
    file: 'assets/payments-overview-O1.js',
    name: 'payments-overview',
    isDynamicEntry: true,
    imports: ['index.html', '_app-shared-S2.js'],
  },
};

let dist: string;
let t: TestContext;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'md-web-boot-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestContext({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

interface Bootstrap {
  csrf_pad: string;
  csrf_masked: string;
  answers: { id: string; input: { params?: Record<string, string>; query?: Record<string, string> }; data: unknown }[];
}

/** The token the page carries, unmasked as the client does. */
const tokenOf = (boot: Bootstrap | null) => {
  const pad = Buffer.from(boot?.csrf_pad ?? '', 'base64url');
  return Buffer.from(Buffer.from(boot?.csrf_masked ?? '', 'base64url').map((b, i) => b ^ (pad[i] as number))).toString('utf8');
};

function bootstrapOf(res: LightMyRequestResponse): Bootstrap | null {
  const html = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString('utf8') : res.body;
  const found = /<script type="application\/json" id="bootstrap">(.*?)<\/script><\/head>/s.exec(html);
  return found ? (JSON.parse(found[1] as string) as Bootstrap) : null;
}

const answer = (boot: Bootstrap | null, id: string) => boot?.answers.find((a) => a.id === id);

describe('a signed-in page', () => {
  it('carries the token and the first screen answers, exactly as the API gives them, and is never stored', async () => {
    const shop = await createBusiness(t, { staff: ['cashier'] });
    const owner = shop.people.owner.agent;
    const res = await owner.get(`/business/${shop.id}/payments`, { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('Cookie, Accept-Encoding');
    expect(res.headers['etag']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const boot = bootstrapOf(res);
    const token = await owner.token();
    expect(tokenOf(boot)).toBe(token);
    // Masked afresh in every page: the token's own characters never appear, and two pages differ.
    expect(JSON.stringify(boot)).not.toContain(token);
    const again = bootstrapOf(await owner.get(`/business/${shop.id}/payments`));
    expect(tokenOf(again)).toBe(token);
    expect(again?.csrf_masked).not.toBe(boot?.csrf_masked);

    const params = { business_id: shop.id };
    expect(boot?.answers.map((a) => [a.id, a.input])).toEqual([
      [identityRoutes.me.id, {}],
      [businessRoutes.get.id, { params }],
      [overviewEndpoints.get.id, { params, query: { period: '7d' } }],
    ]);
    expect(answer(boot, identityRoutes.me.id)?.data).toEqual(await owner.ok(userEndpoints.me));
    expect(answer(boot, businessRoutes.get.id)?.data).toEqual(await owner.ok(businessEndpoints.get, { params }));
    expect(answer(boot, overviewEndpoints.get.id)?.data).toEqual(await owner.ok(overviewEndpoints.get, { params, query: { period: '7d' } }));
    // What the client caches unparsed is what the contract's schema gives.
    expect(BusinessSchema.parse(answer(boot, businessRoutes.get.id)?.data)).toEqual(answer(boot, businessRoutes.get.id)?.data);
    expect(userEndpoints.me.response.parse(answer(boot, identityRoutes.me.id)?.data)).toEqual(answer(boot, identityRoutes.me.id)?.data);
  });

  it("carries the overview for the address's period, and only the user and business on other screens", async () => {
    const shop = await createBusiness(t);
    const owner = shop.people.owner.agent;
    const params = { business_id: shop.id };
    const ninety = bootstrapOf(await owner.get(`/business/${shop.id}/payments?period=90d`));
    expect(answer(ninety, overviewEndpoints.get.id)?.input).toEqual({ params, query: { period: '90d' } });
    for (const url of [`/business/${shop.id}/payments?period=custom&from=2026-10-01&to=2026-10-31`, `/business/${shop.id}/payments/transactions`]) {
      const boot = bootstrapOf(await owner.get(url));
      expect(boot?.answers.map((a) => a.id)).toEqual([identityRoutes.me.id, businessRoutes.get.id]);
    }
    const settings = bootstrapOf(await owner.get('/user-settings/security'));
    expect(settings?.answers.map((a) => a.id)).toEqual([identityRoutes.me.id]);
  });

  it('leaves out what the API refuses the person: another business, a screen their role may not see', async () => {
    const mine = await createBusiness(t, { staff: ['cashier'] });
    const theirs = await createBusiness(t);
    const boot = bootstrapOf(await mine.people.owner.agent.get(`/business/${theirs.id}/payments`));
    expect(boot?.answers.map((a) => a.id)).toEqual([identityRoutes.me.id]);
    expect(JSON.stringify(boot)).not.toContain(theirs.name);

    // Whatever the cashier's role may read is there; what it may not is left for the screen to ask and show.
    const cashier = mine.people.cashier.agent;
    const cashierBoot = bootstrapOf(await cashier.get(`/business/${mine.id}/payments`));
    const overviewAnswer = await cashier.call(overviewEndpoints.get, { params: { business_id: mine.id }, query: { period: '7d' } });
    expect(answer(cashierBoot, overviewEndpoints.get.id) !== undefined).toBe(overviewAnswer.status === 200);
  });

  it('cannot be closed early by what a member typed (the data block escapes <, > and &)', async () => {
    const name = '</script><script>alert(1)</script> & Co';
    const shop = await createBusiness(t, { name });
    const res = await shop.people.owner.agent.get(`/business/${shop.id}/payments`);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect((answer(bootstrapOf(res), businessRoutes.get.id)?.data as { name: string }).name).toBe(name);
    expect(scriptJson({ a: '<>&\u2028\u2029' })).toBe('{"a":"\\u003c\\u003e\\u0026\\u2028\\u2029"}');
  });

  it("keeps what people typed exactly, replacement patterns such as $` and $' included", async () => {
    const name = "Bob $` $' $& $$ Shop";
    const shop = await createBusiness(t, { name });
    const res = await shop.people.owner.agent.get(`/business/${shop.id}/payments`);
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(res.body.indexOf('<div id="root">')).toBeGreaterThan(res.body.indexOf('</head>'));
    expect((answer(bootstrapOf(res), businessRoutes.get.id)?.data as { name: string }).name).toBe(name);
  });
});

describe("a signed-in page's preloads", () => {
  const preloaded = (res: LightMyRequestResponse) => [...res.body.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map((m) => m[2]);

  it("name the first screen's files (shell, overview, what they import, their styles), never what the page loads anyway", async () => {
    const shop = await createBusiness(t);
    const owner = shop.people.owner.agent;
    expect(preloaded(await owner.get(`/business/${shop.id}/payments`))).toEqual([
      '/assets/business-shell-S1.js',
      '/assets/app-shared-S2.js',
      '/assets/payments-overview-O1.js',
      '/assets/business-shell-S1.css',
      '/assets/app-shared-S2.css',
    ]);
    expect(preloaded(await owner.get(`/business/${shop.id}/payments/transactions`))).toEqual([
      '/assets/business-shell-S1.js',
      '/assets/app-shared-S2.js',
      '/assets/business-shell-S1.css',
      '/assets/app-shared-S2.css',
    ]);
    expect(preloaded(await owner.get('/user-settings/security'))).toEqual([]);
    // A business the person may not see: its page is the 404, no shell.
    const other = await createBusiness(t);
    expect(preloaded(await owner.get(`/business/${other.id}/payments`))).toEqual([]);
    expect(preloaded(await t.app.inject({ method: 'GET', url: `/business/${shop.id}/payments` }))).toEqual([]);
  });

  it('come from a manifest that is never served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.body).not.toContain('business-shell');
  });
});

describe("a signed-in page's time budget", () => {
  it('leaves out the answers that come later than the budget (the screen asks for them), never the user', async () => {
    const slow = await createTestContext({ webDist: dist, pageAnswersBudgetMs: 0 });
    try {
      const shop = await createBusiness(slow);
      const boot = bootstrapOf(await shop.people.owner.agent.get(`/business/${shop.id}/payments`));
      expect(boot?.answers.map((a) => a.id)).toEqual([identityRoutes.me.id]);
    } finally {
      await slow.close();
    }
  });
});

describe('the plain, cacheable page', () => {
  it('is what guests, files, other hosts and HEAD get', async () => {
    const shop = await createBusiness(t);
    const owner = shop.people.owner.agent;
    const plain = (res: LightMyRequestResponse) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['etag']).toMatch(/^".+"$/);
      expect(res.body === '' || res.body === INDEX).toBe(true);
    };
    plain(await t.app.inject({ method: 'GET', url: `/business/${shop.id}/payments` }));
    plain(await owner.get('/favicon.ico'));
    plain(await owner.get(`/business/${shop.id}/payments`, { host: hostOfKind('checkout', t.config.baseDomain) }));
    plain(
      await t.app.inject({
        method: 'HEAD',
        url: `/business/${shop.id}/payments`,
        headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      }),
    );
    // Signed out, the same cookie gets the plain page.
    await owner.ok(authEndpoints.logout);
    plain(await owner.get(`/business/${shop.id}/payments`));
  });
});
