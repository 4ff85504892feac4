import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildPath, hostKindOf, type EndpointRoute } from '@merchant/core';
import { identityRoutes } from '@merchant/identity';
import { businessRoutes } from '@merchant/business';
import { OVERVIEW_PERIODS, overviewEndpoints } from '@merchant/payments';
import type { PageBootstrap } from './web-delivery';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const BUSINESS_PAGE = new RegExp(`^/business/(${UUID})(/[^?#]*)?$`);

/** An API answer a page carries: the endpoint, and the input the web client caches its query under (with the endpoint's id). */
interface Answer {
  route: EndpointRoute;
  input: { params?: Record<string, string>; query?: Record<string, string> };
}

/** The web build's chunks of the screens a page can open on (first-screen groups named in apps/web/vite.config.ts). */
const BUSINESS_SHELL = 'business-shell';
const PAYMENTS_OVERVIEW = 'payments-overview';

/**
 * The answers a page's first screen asks for before it can draw: the user everywhere; on a business's pages the
 * business; on the payments overview (where a business's members land) its one answer (figures, money, set-up) for
 * the period in the address. Custom ranges and other screens fetch their own.
 */
function firstScreenOf(pathname: string, search: URLSearchParams): { answers: Answer[]; chunks: string[] } {
  const answers: Answer[] = [{ route: identityRoutes.me, input: {} }];
  const match = BUSINESS_PAGE.exec(pathname);
  if (!match) return { answers, chunks: [] };
  const params = { business_id: match[1] as string };
  answers.push({ route: businessRoutes.get, input: { params } });
  const rest = (match[2] ?? '').replace(/\/$/, '');
  if (rest !== '/payments') return { answers, chunks: [BUSINESS_SHELL] };
  const period = search.get('period') ?? '7d';
  if (period !== 'custom' && (OVERVIEW_PERIODS as readonly string[]).includes(period)) {
    answers.push({ route: overviewEndpoints.get, input: { params, query: { period } } });
  }
  return { answers, chunks: [BUSINESS_SHELL, PAYMENTS_OVERVIEW] };
}

/**
 * The anti-forgery token as the page carries it: XORed with a random pad sent beside it, so its bytes differ in
 * every page and a compressed page gives away nothing of it (BREACH-style guessing measures compressed sizes).
 * The client XORs them back (`apps/web/src/lib/page-bootstrap.ts`).
 */
export function maskToken(token: string): { csrf_pad: string; csrf_masked: string } {
  const bytes = Buffer.from(token, 'utf8');
  const pad = randomBytes(bytes.length);
  const masked = Buffer.from(bytes.map((b, i) => b ^ (pad[i] as number)));
  return { csrf_pad: pad.toString('base64url'), csrf_masked: masked.toString('base64url') };
}

/**
 * What a signed-in person's dashboard page carries, so its first screen starts without a chain of requests
 * (token, then user and business, then the screen's own answers: each a round trip on a phone): the session's
 * anti-forgery token and the API answers `firstScreenOf` names, and the files of that screen to preload. Each
 * answer is the API's own, asked of the app in process with the page request's cookie, so it passes the same
 * session, membership and permission checks and the same response schema as the browser's own request would;
 * one that is not a 200 is left out (the screen asks for it and shows what the API said). Guests, other hosts
 * (checkout, invoice, shop), files (a path whose last part has a dot) and sessions whose sign-in is not finished
 * get the plain page. Answers other than the user's that take longer than `budgetMs` are left out.
 */
export function pageBootstrap(app: FastifyInstance, baseDomain: string, budgetMs: number): PageBootstrap {
  return async (req: FastifyRequest) => {
    const { ctx } = req;
    if (!ctx?.user || !ctx.session || !ctx.csrfToken) return null;
    if (hostKindOf(req.hostname, baseDomain) !== 'app') return null;
    const url = new URL(req.url, 'http://page.invalid');
    if (/\.[^/]*$/.test(url.pathname)) return null;
    const headers = {
      host: req.headers.host ?? baseDomain,
      cookie: req.headers.cookie ?? '',
      'x-csrf-token': ctx.csrfToken,
      'x-requested-with': 'XMLHttpRequest',
      ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
    };
    const ask = async ({ route, input }: Answer) => {
      const query = new URLSearchParams(input.query ?? {}).toString();
      const res = await app.inject({
        method: 'GET',
        url: buildPath(route.path, input.params) + (query ? `?${query}` : ''),
        headers,
        // The person's own address, as their browser's request would have had (logs, limits).
        remoteAddress: req.ip,
      });
      return res.statusCode === 200 ? { id: route.id, input, data: res.json() as unknown } : null;
    };
    // The user is needed; the others are left for the screen to fetch when they take longer than the budget,
    // so a slow figure never holds up the page.
    const inBudget = <T>(answer: Promise<T>): Promise<T | 'late'> => {
      answer.catch(() => undefined); // a late answer's failure is nobody's business
      if (budgetMs <= 0) return Promise.resolve('late');
      return Promise.race([answer, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), budgetMs).unref())]);
    };
    const first = firstScreenOf(url.pathname, url.searchParams);
    const results = await Promise.all(first.answers.map((a, i) => (i === 0 ? ask(a) : inBudget(ask(a)))));
    const [user] = results;
    if (!user || user === 'late') return null;
    // A business the person may not see shows the 404 page, not the shell: nothing of it to preload.
    const refused = first.answers.some((a, i) => a.route === businessRoutes.get && results[i] === null);
    const chunks = refused ? [] : first.chunks;
    const answers = results.filter((a) => a !== null && a !== 'late');
    return { data: { ...maskToken(ctx.csrfToken), answers }, chunks };
  };
}
