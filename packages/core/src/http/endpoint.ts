import type { z } from 'zod';
import type { Permission } from '../permissions/permissions';
import type { Standing } from '../permissions/standing';
import type { ErrorCode } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. The server enforces it; the web uses it for comfort only.
 * - public: anyone (non-GET calls still need the anti-forgery token)
 * - guest: anyone; meant for signed-out people (login, register, password reset)
 * - user: a signed-in user
 * - business: a signed-in member of the path's :business_id holding the permission
 *   (super admins hold every permission on every business), in a business whose state allows the
 *   standing (`permissions/standing.ts`: partner, blocked, verified)
 * - super-admin: a signed-in super admin
 */
export type Access =
  { kind: 'public' } | { kind: 'guest' } | { kind: 'user' } | { kind: 'business'; permission: Permission; standing: Standing } | { kind: 'super-admin' };

/**
 * The host kind an endpoint is served on (spec 9). `app` covers the app, api and dashboard hosts (and any
 * host that is not one of the others); `shop` is `shop.<base>` and each storefront's `<identifier>.shop.<base>`;
 * `invoice` is `invoice.<base>`; `checkout` is the hosted checkout's `securecheckout.<base>`. The server answers
 * an endpoint only on its host kind.
 */
export type HostKind = 'app' | 'shop' | 'invoice' | 'checkout';

export const HOST_KINDS = ['app', 'shop', 'invoice', 'checkout'] as const satisfies readonly HostKind[];

/** The host kind of a host name (no port) under the base domain. */
export function hostKindOf(hostname: string, baseDomain: string): HostKind {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const base = baseDomain.toLowerCase();
  if (host === `invoice.${base}`) return 'invoice';
  if (host === `securecheckout.${base}`) return 'checkout';
  if (host === `shop.${base}` || host.endsWith(`.shop.${base}`)) return 'shop';
  return 'app';
}

/** A host name of the given kind under the base domain (tests and links). */
export function hostOfKind(kind: HostKind, baseDomain: string): string {
  if (kind === 'app') return baseDomain;
  return kind === 'checkout' ? `securecheckout.${baseDomain}` : `${kind}.${baseDomain}`;
}

/**
 * The origin of a host kind, from the dashboard's public URL (scheme and port kept): with
 * `http://localhost:3000` and base `localhost`, the checkout is `http://securecheckout.localhost:3000`.
 */
export function originOfKind(publicUrl: string, kind: HostKind, baseDomain: string): string {
  const url = new URL(publicUrl);
  url.hostname = hostOfKind(kind, baseDomain);
  return url.origin;
}

export interface Endpoint<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  id: string;
  method: HttpMethod;
  /** Fastify-style path: `/v1/business/:business_id` */
  path: string;
  host: HostKind;
  summary: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Answer status on success (default 200). */
  status?: 200 | 201 | 204;
  /** Money-moving: accepts an Idempotency-Key header whose first answer is replayed. */
  idempotent?: boolean;
  /**
   * The domain error codes the endpoint can answer. Those its access rule, input and idempotency imply
   * (401, 403, 404, 419, 422, ...) are derived by `errorCodesOf` and not written here.
   */
  errors?: readonly ErrorCode[];
}

/**
 * What names an endpoint and addresses a call of it, without its schemas. The endpoints the guest screens
 * call declare these in a module of their own (the contract spreads them), so signing in loads no schema
 * library; the answer's type still comes from the contract.
 */
export type EndpointRoute = Pick<Endpoint, 'id' | 'method' | 'path'>;

/** Keeps the literal access rule in the type, so handlers get the matching context. */
export function defineEndpoint<
  const A extends Access,
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
>(endpoint: Omit<Endpoint<P, Q, B, R>, 'host' | 'access'> & { access: A; host?: HostKind }): Endpoint<P, Q, B, R> & { access: A } {
  return { ...endpoint, host: endpoint.host ?? 'app' };
}

export type EndpointParams<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type EndpointQuery<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type EndpointBody<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type EndpointResponse<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:name` segments of a path. Values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=2` of a query object; empty, null and undefined values are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value as string | number | boolean));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** The path and query of one call of an endpoint (the web client and the API tests build URLs with it). */
export function endpointPath<E extends Endpoint>(endpoint: E, input: { params?: EndpointParams<E>; query?: EndpointQuery<E> } = {}): string {
  return (
    buildPath(endpoint.path, input.params as Record<string, string | number> | undefined) + queryString(input.query as Record<string, unknown> | undefined)
  );
}
