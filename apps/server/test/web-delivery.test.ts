import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { API_PATH_PREFIXES, isApiPath } from '@merchant/core';
import { createTestContext, type TestContext } from './harness';

/** Delivery of the built dashboard, against a small build made here the way `vite build` lays it out. */
const SCRIPT = `console.log(${JSON.stringify('the dashboard '.repeat(200))});\n`;
const INDEX = `<!doctype html><html><head><title>Merchant Dashboard</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const ASSET = '/assets/index-Ab12Cd34.js';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dist: string;
let t: TestContext;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'md-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  const write = (path: string, content: string, precompress = true) => {
    writeFileSync(join(dist, path), content);
    if (!precompress) return;
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(content));
  };
  write('index.html', INDEX);
  write(`.${ASSET}`, SCRIPT);
  write('assets/index-Ab12Cd34.js.map', '{"version":3,"sources":["secret.ts"]}', false);
  write('assets/logo-Zz99Yy88.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  t = await createTestContext({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' | 'POST' = 'GET') => t.app.inject({ method, url, headers });

function expectJson404(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String), requestId: res.headers['x-request-id'] });
}

function expectApp(res: LightMyRequestResponse, method: 'GET' | 'HEAD' = 'GET'): void {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.headers['etag']).toMatch(/^".+"$/);
  expect(res.headers['vary']).toBe('Accept-Encoding');
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  // A document denies the browser's powerful features to every origin (a JSON answer carries no such policy).
  expect(res.headers['permissions-policy']).toContain('camera=()');
  if (method === 'GET') expect(res.body).toBe(INDEX);
  else expect(res.body).toBe('');
}

describe('hashed assets', () => {
  it('are answered brotli-compressed when the client accepts it, cached for a year as immutable', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['etag']).toMatch(/^".+-br"$/);
    expect(Number(res.headers['content-length'])).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('fall back to gzip, then to the plain file, by Accept-Encoding and its q-values', async () => {
    const gzip = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    expect((await get(ASSET, { 'accept-encoding': 'br;q=0, gzip;q=0.8' })).headers['content-encoding']).toBe('gzip');
    expect((await get(ASSET, { 'accept-encoding': '*' })).headers['content-encoding']).toBe('br');
    expect((await get(ASSET, { 'accept-encoding': '*, br;q=0' })).headers['content-encoding']).toBe('gzip');

    for (const acceptEncoding of [undefined, 'identity', 'deflate', 'gzip;q=0, br;q=0']) {
      const plain = await get(ASSET, acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      expect(plain.headers['vary']).toBe('Accept-Encoding');
    }
  });

  it('keep an ETag per encoding and answer 304 when it still matches', async () => {
    const br = await get(ASSET, { 'accept-encoding': 'br' });
    const gzip = await get(ASSET, { 'accept-encoding': 'gzip' });
    const plain = await get(ASSET);
    const tags = new Set([br.headers['etag'], gzip.headers['etag'], plain.headers['etag']]);
    expect(tags.size).toBe(3);

    const again = await get(ASSET, { 'accept-encoding': 'br', 'if-none-match': String(br.headers['etag']) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['etag']).toBe(br.headers['etag']);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    // A weak form of the tag matches too; another encoding's tag does not.
    expect((await get(ASSET, { 'accept-encoding': 'br', 'if-none-match': `W/${String(br.headers['etag'])}` })).statusCode).toBe(304);
    expect((await get(ASSET, { 'accept-encoding': 'br', 'if-none-match': String(gzip.headers['etag']) })).statusCode).toBe(200);
  });

  it('answer HEAD with the headers of GET and no body', async () => {
    const head = await get(ASSET, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['cache-control']).toBe(IMMUTABLE);
    expect(head.headers['content-length']).toBe(String(brotliCompressSync(SCRIPT).length));
  });

  it('without precompressed variants are served as they are', async () => {
    const res = await get('/assets/logo-Zz99Yy88.svg', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('missing ones are a JSON 404, never the app in place of a script', async () => {
    expectJson404(await get('/assets/index-Old00000.js', { accept: '*/*' }));
    expectJson404(await get('/assets/index-Old00000.js', { accept: 'text/html' }));
  });

  it('never include source maps or the compressed files under their own names', async () => {
    for (const url of [`${ASSET}.map`, `${ASSET}.br`, `${ASSET}.gz`, '/index.html.br']) {
      const res = await get(url, { accept: '*/*' });
      expect(res.body).not.toContain('secret.ts');
      if (url.startsWith('/assets/')) expectJson404(res);
      else expectApp(res);
    }
  });
});

describe('pages', () => {
  const pages = ['/', '/login', '/register', '/password/reset/abc', '/business/0b1c/payments', '/user-settings/security', '/index.html'];

  it('answer the app to GET whatever the Accept header (browsers, curl, health checks, link previews)', async () => {
    for (const url of pages) {
      for (const accept of [undefined, '*/*', 'text/html,application/xhtml+xml', 'application/json', 'image/webp']) {
        expectApp(await get(url, accept ? { accept } : {}));
      }
    }
  });

  it('answer the app to HEAD', async () => {
    for (const url of pages) expectApp(await get(url, {}, 'HEAD'), 'HEAD');
  });

  it('are revalidated by ETag and compressed like the assets', async () => {
    const first = await get('/login', { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.rawPayload).toString()).toBe(INDEX);
    const again = await get('/business/0b1c/payments', { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers['etag']) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('are not answered to other methods', async () => {
    expectJson404(await get('/login', { accept: 'text/html' }, 'POST'));
  });
});

describe('the API paths', () => {
  it('answer JSON errors for every prefix the API owns, even to a browser asking for HTML, and to HEAD', async () => {
    for (const prefix of API_PATH_PREFIXES) {
      for (const accept of ['text/html', '*/*', 'application/json']) {
        expectJson404(await get(`${prefix}/no-such-thing`, { accept }));
      }
      const head = await get(`${prefix}/no-such-thing`, {}, 'HEAD');
      expect(head.statusCode).toBe(404);
    }
  });

  it('are where every endpoint lives, except the guest form posts that share a page path', async () => {
    expect(t.app.endpoints.length).toBeGreaterThan(40);
    const outside = t.app.endpoints.filter((e) => !isApiPath(e.path));
    // The form posts beside their pages: their GET is the page, so they must not be reads.
    expect(outside.filter((e) => e.method === 'GET').map((e) => e.path)).toEqual([]);
    expect(outside.every((e) => e.access.kind === 'guest' || e.access.kind === 'public')).toBe(true);
    // And a GET of such a path is the page.
    for (const e of outside) expectApp(await get(e.path.replace(/:[a-z_]+/g, 'x')));
  });
});
