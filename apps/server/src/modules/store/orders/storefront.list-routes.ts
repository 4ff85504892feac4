import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ALL_PRODUCTS_PATH,
  allProductsPage,
  categoryPage,
  productPath,
  searchPage,
  searchWords,
  sitemapIndex,
  sitemapPages,
  sitemapUrls,
  type ListView,
} from './storefront.pages';
import { LIST_PAGE_SIZE, STOREFRONT_SORTS, type Store, type StorefrontService, type StorefrontSort } from './storefront.service';

/** A route's handler: a promise, or nothing when it answered at once (a kept page). */
type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown> | undefined;

/** What the storefront's routes lend the list pages: its route and page wrappers, its page cache, `send` and answers. */
export interface ListRouting {
  route: (method: 'GET' | 'POST', url: string, handler: Handler) => void;
  page: (handler: (store: Store, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => Handler;
  cached: (path: (req: FastifyRequest) => string, render: (store: Store, req: FastifyRequest) => Promise<string | null>, type?: string) => Handler;
  send: (req: FastifyRequest, reply: FastifyReply, body: string | Buffer, options?: { etag?: string }) => unknown;
  notFound: (store: Store, req: FastifyRequest, reply: FastifyReply) => unknown;
  closed: (store: Store, req: FastifyRequest, reply: FastifyReply) => unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a list's page starts: its order and the product it follows or precedes (none: the first page). */
interface ListPlace {
  sort: StorefrontSort;
  after?: string;
  before?: string;
}

/** A query value as one string (a repeated one is not one: undefined). */
const queryValue = (query: unknown, name: string): string | undefined => {
  const value = (query as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The place a list's URL asks for, or null when its query is not one this store writes (an unknown order, a cursor
 * that is no product id, both cursors): such a URL is sent to the list's first page.
 */
function listPlaceOf(query: unknown): ListPlace | null {
  const sort = queryValue(query, 'sort') ?? 'name';
  const after = queryValue(query, 'after');
  const before = queryValue(query, 'before');
  const raw = query as Record<string, unknown> | null;
  if (!(STOREFRONT_SORTS as readonly string[]).includes(sort)) return null;
  if (
    (raw?.['sort'] !== undefined && queryValue(query, 'sort') === undefined) ||
    (raw?.['after'] !== undefined && !after) ||
    (raw?.['before'] !== undefined && !before)
  )
    return null;
  if ((after && !UUID.test(after)) || (before && !UUID.test(before)) || (after && before)) return null;
  return { sort: sort as StorefrontSort, ...(after ? { after: after.toLowerCase() } : {}), ...(before ? { before: before.toLowerCase() } : {}) };
}

/** The URL of a list's page: its path, the search words, then the order (name is the default) and the cursor. */
function listHref(path: string, place: ListPlace, q?: string): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (place.sort !== 'name') params.set('sort', place.sort);
  if (place.after) params.set('after', place.after);
  if (place.before) params.set('before', place.before);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The storefront's lists (docs/online-store.md, "Storefront"): a category's pages, all products and the search, each
 * paged by keyset with "Previous" and "Next", and the sitemap, an index of its files listing every product on sale.
 */
export function storefrontListRoutes(shop: ListRouting, storefront: StorefrontService): void {
  const { route, page, cached, send, notFound, closed } = shop;
  /**
   * A paged list (a category, all products, a search): its place from the query (a query it does not write sends
   * the list's first page), the page read by keyset, its links. A cursor naming no product any more (a stale link)
   * sends the first page too. Cached per page unless it is a search.
   */
  function list(
    /** The list's path; null: no such list (a category path naming no id), a 404 whatever the query. */
    path: (req: FastifyRequest) => string | null,
    render: (
      store: Store,
      req: FastifyRequest,
      read: (place: ListPlace, options: { categoryId?: string; q?: string }) => Promise<ListView | 'stale' | 'closed'>,
    ) => Promise<string | 'stale' | 'closed' | null>,
    options: { q?: (req: FastifyRequest) => string; cache: boolean },
  ) {
    return page(async (store, req, reply) => {
      const q = options.q?.(req) ?? '';
      const base = path(req);
      if (base === null) return notFound(store, req, reply);
      const place = listPlaceOf(req.query);
      if (!place) return reply.redirect(listHref(base, { sort: 'name' }, q), 303);
      const href = listHref(base, place, q);
      const read = async (at: ListPlace, o: { categoryId?: string; q?: string }): Promise<ListView | 'stale' | 'closed'> => {
        const words = o.q ? searchWords(o.q) : undefined;
        const found = await storefront.listPage(store, {
          sort: at.sort,
          after: at.after,
          before: at.before,
          categoryId: o.categoryId,
          words,
          limit: LIST_PAGE_SIZE,
        });
        if (!found || ((at.after || at.before) && found.products.length === 0)) return 'stale';
        if (!found.location) return 'closed';
        const first = found.products[0];
        const last = found.products.at(-1);
        return {
          products: found.products,
          sort: at.sort,
          sortHrefs: { name: listHref(base, { sort: 'name' }, q), newest: listHref(base, { sort: 'newest' }, q) },
          previous: found.hasPrevious && first ? listHref(base, { sort: at.sort, before: first.id }, q) : null,
          next: found.hasNext && last ? listHref(base, { sort: at.sort, after: last.id }, q) : null,
          href,
        };
      };
      let outcome: 'stale' | 'closed' | null = null;
      const renderPage = async () => {
        const body = await render(store, req, (at, o) => read(at, o));
        if (body === 'stale' || body === 'closed') {
          outcome = body;
          return null;
        }
        return body;
      };
      const page = options.cache
        ? await storefront.cachedPage(store, href, renderPage)
        : await renderPage().then((body) => (body === null ? null : { body, etag: undefined }));
      if (outcome === 'stale') return reply.redirect(listHref(base, { sort: place.sort }, q), 303);
      if (outcome === 'closed') return closed(store, req, reply);
      return page === null ? notFound(store, req, reply) : send(req, reply, page.body, page.etag ? { etag: page.etag } : {});
    });
  }

  route(
    'GET',
    '/categories/:id',
    list(
      (req) => {
        const { id } = req.params as { id: string };
        return UUID.test(id) ? `/categories/${id.toLowerCase()}` : null;
      },
      async (store, req, read) => {
        const { id } = req.params as { id: string };
        const category = (await storefront.categories(store)).find((c) => c.id === id.toLowerCase());
        if (!category) return null;
        const view = await read(listPlaceOf(req.query)!, { categoryId: category.id });
        return typeof view === 'string' ? view : categoryPage(store.page, category, view);
      },
      { cache: true },
    ),
  );
  route(
    'GET',
    ALL_PRODUCTS_PATH,
    list(
      () => ALL_PRODUCTS_PATH,
      async (store, req, read) => {
        const view = await read(listPlaceOf(req.query)!, {});
        return typeof view === 'string' ? view : allProductsPage(store.page, view);
      },
      { cache: true },
    ),
  );
  // The sitemap: an index of its files, the pages' file and the products' files (every product on sale, by id).
  const XML = 'application/xml; charset=utf-8';
  route(
    'GET',
    '/sitemap.xml',
    cached(
      () => '/sitemap.xml',
      async (store) => {
        const files = await storefront.sitemapFiles(store);
        return sitemapIndex(store.page, ['/sitemap-pages.xml', ...Array.from({ length: files }, (_, i) => `/sitemap-products-${i + 1}.xml`)]);
      },
      XML,
    ),
  );
  route(
    'GET',
    '/sitemap-pages.xml',
    cached(
      () => '/sitemap-pages.xml',
      async (store) => sitemapPages(store.page, await storefront.categories(store)),
      XML,
    ),
  );
  route(
    'GET',
    '/sitemap-products-:n.xml',
    cached(
      (req) => `/sitemap-products-${(req.params as { n: string }).n}.xml`,
      async (store, req) => {
        const { n } = req.params as { n: string };
        const index = /^[1-9][0-9]{0,5}$/.test(n) ? Number(n) - 1 : -1;
        if (index < 0 || index >= (await storefront.sitemapFiles(store))) return null;
        const rows = await storefront.sitemapProducts(store, index);
        return sitemapUrls(rows.map((p) => ({ loc: `${store.page.origin}${productPath(p)}`, lastmod: p.updatedAt })));
      },
      XML,
    ),
  );
  const searchQuery = (req: FastifyRequest) => (queryValue(req.query, 'q') ?? '').trim().slice(0, 100);
  route(
    'GET',
    '/search',
    list(
      () => '/search',
      async (store, req, read) => {
        const q = searchQuery(req);
        if (searchWords(q).length === 0) return searchPage(store.page, q, null);
        const view = await read(listPlaceOf(req.query)!, { q });
        return typeof view === 'string' ? view : searchPage(store.page, q, view);
      },
      { q: searchQuery, cache: false },
    ),
  );
}
