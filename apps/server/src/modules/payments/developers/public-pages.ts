/**
 * Laravel's pages as HitPay's lists answer them (docs/developers.md): numbered pages (`paginate()`, `{ data, links,
 * meta }`) and cursor pages.
 */

/** Where a numbered page is, and how its links are written. */
export interface LaravelPageAt {
  page: number;
  perPage: number;
  total: number;
  /** The list's address, Laravel's `meta.path`. */
  path: string;
  /** The address of page `n`: `pageUrl` or `defaultPerPageUrl`. */
  url: (n: number) => string;
  /** The pager's numbered links: the pages up to 3 either side of this one (Laravel's window), or the first 10. */
  pager: 'window' | 'first-ten';
  /**
   * Where HitPay's document types `from`, `to` and a pager link's `url` a number and a string: 0 on an empty page and
   * a link without a page has no `url` (else Laravel's nulls).
   */
  typed?: boolean;
  /** A page past the last one has the last as its previous page (else the one before it). */
  prevAtMostLast?: boolean;
  /** Where HitPay's document types `links.next` a string only: left out on the last page (else null). */
  nextOmittedOnLast?: boolean;
}

/** Page `n`'s address: the list's `path` with its other parameters (`query`), then `page`. */
export const pageUrl =
  (path: string, query: Record<string, string> = {}) =>
  (n: number) =>
    `${path}?${new URLSearchParams({ ...query, page: String(n) }).toString()}`;

/** Page `n`'s address: `page`, then `per_page` when it is not the list's default. */
export const defaultPerPageUrl = (path: string, perPage: number, defaultPerPage: number) => (n: number) =>
  `${path}?page=${n}${perPage === defaultPerPage ? '' : `&per_page=${perPage}`}`;

/** Laravel's numbered page (`paginate()` as a resource collection), as HitPay's numbered lists answer. */
export function laravelPage<T>(data: T[], at: LaravelPageAt) {
  const last = Math.max(1, Math.ceil(at.total / at.perPage));
  const start = (at.page - 1) * at.perPage;
  const empty = at.typed ? 0 : null;
  const prev = at.page > 1 ? at.url(at.prevAtMostLast ? Math.min(at.page - 1, last) : at.page - 1) : null;
  const next = at.page < last ? at.url(at.page + 1) : null;
  const numbers: number[] = [];
  const [low, high] = at.pager === 'window' ? [Math.max(1, at.page - 3), Math.min(last, at.page + 3)] : [1, Math.min(last, 10)];
  for (let n = low; n <= high; n++) numbers.push(n);
  const link = (url: string | null, label: string, active: boolean) => (url === null && at.typed ? { label, active } : { url, label, active });
  return {
    data,
    links: { first: at.url(1), last: at.url(last), prev, ...(next !== null || !at.nextOmittedOnLast ? { next } : {}) },
    meta: {
      current_page: at.page,
      from: data.length > 0 ? start + 1 : empty,
      last_page: last,
      links: [link(prev, '&laquo; Previous', false), ...numbers.map((n) => link(at.url(n), String(n), n === at.page)), link(next, 'Next &raquo;', false)],
      path: at.path,
      per_page: at.perPage,
      to: data.length > 0 ? start + data.length : empty,
      total: at.total,
    },
  };
}

/**
 * Laravel's cursor page (HitPay's customers): `links.next` and `meta.next_cursor` carry the next page's cursor, null
 * on the last page; pages only go forwards here (`prev` is null).
 */
export function cursorPage<T>(path: string, perPage: number, data: T[], nextCursor: string | null) {
  const next = nextCursor ? `${path}?${new URLSearchParams({ per_page: String(perPage), cursor: nextCursor }).toString()}` : null;
  return {
    data,
    links: { first: null, last: null, prev: null, next },
    meta: { path, per_page: perPage, next_cursor: nextCursor, prev_cursor: null },
  };
}
