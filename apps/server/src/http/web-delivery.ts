import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, type ApiErrorBody } from '@merchant/core';

/**
 * Delivery of the built dashboard (apps/web/dist):
 * - files under /assets/ carry a content hash in their name: cached for a year, immutable;
 *   everything else (index.html) is revalidated on every use (`no-cache`, with its ETag);
 * - brotli and gzip variants made at build time (`<file>.br`, `<file>.gz`) are chosen by Accept-Encoding;
 * - every GET or HEAD outside the API's own paths answers the app's index.html, whatever the Accept header;
 * - source maps are never served (the production build makes none);
 * - a signed-in person's page carries what its first screen would ask for first (see `PageBootstrap`), so
 *   that page is never stored (`no-store`).
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
/** Vite's folder of content-hashed files. */
const HASHED_PREFIX = '/assets/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

type Encoding = 'br' | 'gzip';
const VARIANT_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
/**
 * Files that are never answered: precompressed variants stand behind their original, source maps stay private,
 * and the build's manifest (`.vite/`) is for the server alone.
 */
const NEVER_SERVED = /\.(br|gz|map)$|[\\/]\.vite[\\/]/;

interface Representation {
  body: Buffer;
  etag: string;
}

interface StaticFile {
  type: string;
  cacheControl: string;
  identity: Representation;
  variants: Partial<Record<Encoding, Representation>>;
}

function etagOf(body: Buffer, tag: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${tag}"`;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : entry.isFile() ? [full] : [];
  });
}

/** Reads the build once at start: it is small, and content hashes make it immutable while the process runs. */
function loadBuild(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const full of listFiles(root)) {
    if (NEVER_SERVED.test(full) || !statSync(full).isFile()) continue;
    const urlPath = `/${relative(root, full).split(sep).join('/')}`;
    const body = readFileSync(full);
    const variants: StaticFile['variants'] = {};
    for (const encoding of Object.keys(VARIANT_SUFFIX) as Encoding[]) {
      const variantFile = full + VARIANT_SUFFIX[encoding];
      if (!existsSync(variantFile)) continue;
      const variant = readFileSync(variantFile);
      if (variant.length < body.length) variants[encoding] = { body: variant, etag: etagOf(variant, `-${encoding}`) };
    }
    files.set(urlPath, {
      type: TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: urlPath.startsWith(HASHED_PREFIX) ? IMMUTABLE : REVALIDATE,
      identity: { body, etag: etagOf(body, '') },
      variants,
    });
  }
  return files;
}

/** The codings the client accepts (q > 0); `*` accepts every one not named. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let wildcard = false;
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const zero = q !== undefined && Number(q.slice(2)) === 0;
    if (name === '*') wildcard = !zero;
    else (zero ? refused : accepted).add(name);
  }
  if (wildcard) for (const encoding of Object.keys(VARIANT_SUFFIX)) if (!refused.has(encoding)) accepted.add(encoding);
  return accepted;
}

function choose(file: StaticFile, acceptEncoding: string | undefined): { representation: Representation; encoding?: Encoding } {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const encoding of ['br', 'gzip'] as const) {
    const representation = file.variants[encoding];
    if (representation && accepted.has(encoding)) return { representation, encoding };
  }
  return { representation: file.identity };
}

/** If-None-Match uses the weak comparison: `W/` prefixes do not matter. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

function send(req: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  const { representation, encoding } = choose(file, req.headers['accept-encoding']);
  reply.header('Cache-Control', file.cacheControl).header('ETag', representation.etag).header('Vary', 'Accept-Encoding');
  if (matches(req.headers['if-none-match'], representation.etag)) return reply.status(304).send();
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.type(file.type).send(representation.body);
}

/**
 * What a page carries for its first screen, or null for the plain, cacheable page: `data` for its data block,
 * and the named chunks (the web build's first-screen groups, `apps/web/vite.config.ts`) the page should preload.
 */
export type PageBootstrap = (req: FastifyRequest) => Promise<{ data: Record<string, unknown>; chunks: readonly string[] } | null>;

interface ManifestChunk {
  file: string;
  name?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The preload tags for named chunks, from the build's manifest: each chunk, the chunks it imports and their
 * stylesheets, less what the page loads anyway (the entry and its imports). Without a manifest (an older
 * build) or a chunk of that name, no tags for it.
 */
function preloadsOf(root: string): (names: readonly string[]) => string {
  const path = join(root, '.vite', 'manifest.json');
  const manifest = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>) : {};
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) walk(next, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, loaded);
  const cache = new Map<string, string>();
  const keyOf = new Map(Object.entries(manifest).flatMap(([key, chunk]) => (chunk.name && !chunk.isEntry ? [[chunk.name, key] as const] : [])));
  return (names) => {
    const id = names.join('\n');
    let tags = cache.get(id);
    if (tags === undefined) {
      const wanted = new Set<string>();
      for (const name of names) walk(keyOf.get(name) ?? '', wanted);
      const chunks = [...wanted].filter((key) => !loaded.has(key)).map((key) => manifest[key] as ManifestChunk);
      const scripts = chunks.map((c) => `<link rel="modulepreload" crossorigin href="/${c.file}">`);
      const styles = [...new Set(chunks.flatMap((c) => c.css ?? []))].map((css) => `<link rel="preload" as="style" crossorigin href="/${css}">`);
      tags = scripts.concat(styles).join('');
      cache.set(id, tags);
    }
    return tags;
  };
}

/** The JSON as the text of a `<script type="application/json">`: nothing in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page with its bootstrap in a data block (not a script: the content security policy runs none inline) and
 * preloads of its first screen's files, so they download beside the entry instead of after it has run.
 */
function sendBootstrapped(req: FastifyRequest, reply: FastifyReply, index: StaticFile, data: Record<string, unknown>, preloads: string) {
  const html = Buffer.from(
    // A function, not a string: `$&`, `$'` and the like in what people typed must stay as they are.
    index.identity.body
      .toString('utf8')
      .replace('</head>', () => `${preloads}<script type="application/json" id="bootstrap">${scriptJson(data)}</script></head>`),
  );
  reply.header('Cache-Control', 'no-store').header('Vary', 'Cookie, Accept-Encoding').type(index.type);
  // Compressed as the static files are (the token in it is masked afresh for each page: see page-bootstrap.ts).
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  if (accepted.has('br')) return reply.header('Content-Encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  if (accepted.has('gzip')) return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

function notFound(req: FastifyRequest, reply: FastifyReply) {
  const body: ApiErrorBody = { code: 'NOT_FOUND', message: 'Not found.', requestId: req.id };
  return reply.status(404).send(body);
}

/**
 * Serves the built dashboard from `dist` when it exists. Without a build (API tests, a server started
 * before `npm run build`) every unknown path answers the JSON 404.
 */
export function installWebDelivery(app: FastifyInstance, dist: string, bootstrap?: PageBootstrap): void {
  const root = resolve(dist);
  const files = existsSync(join(root, 'index.html')) ? loadBuild(root) : new Map<string, StaticFile>();
  const index = files.get('/index.html');
  const preloads = preloadsOf(root);

  for (const [url, file] of files) {
    if (isApiPath(url)) continue;
    app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler: (req, reply) => send(req, reply, file) });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    const isPage = isRead && !isApiPath(req.url) && !req.url.startsWith(HASHED_PREFIX);
    if (!isPage || !index) return notFound(req, reply);
    // A bootstrap that fails costs the page nothing: the plain page asks for the same answers itself.
    const page =
      bootstrap && req.method === 'GET' ? await bootstrap(req).catch((error: unknown) => (req.log.warn({ err: error }, 'page bootstrap failed'), null)) : null;
    return page ? sendBootstrapped(req, reply, index, page.data, preloads(page.chunks)) : send(req, reply, index);
  });
}
