import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse, EndpointRoute, HostKind } from '@merchant/core';
import { buildPath, endpointPath, readApiErrorBody, type ApiErrorBody } from '@merchant/core';
import { identityRoutes, type authEndpoints } from '@merchant/identity';

/**
 * An answer outside 200-299. `body` is the server's error body when it has the product's shape;
 * `data` is whatever JSON came back (a proxy or another service may answer in its own shape);
 * `retryAfterSeconds` the answer's `Retry-After` in seconds (a rate limit's 429), when it gives one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
    message: string,
    readonly data: unknown = body,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * `session-expired`: a 419 survived the retry while signed in. `token-refused`: the same while signed
 * out (no session to extend: the person is told to reload).
 */
export type AuthEvent = { type: 'unauthenticated' } | { type: 'session-expired' } | { type: 'token-refused' };
type Listener = (event: AuthEvent) => void;
const listeners = new Set<Listener>();
/** The app shell listens: 401 -> log out and go to login; 419 after a retry -> "Session Expired". */
export function onAuthEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let isAuthenticated: () => boolean = () => false;
/** The session layer tells the client whether a user is signed in (401/419 handling depends on it). */
export function setAuthenticatedProbe(probe: () => boolean): void {
  isAuthenticated = probe;
}

/**
 * The route that issues the anti-forgery token of each host kind (the hosted checkout keeps its own cookies);
 * routes only, so the first screen loads no schema to ask for a token.
 */
const tokenSources = new Map<HostKind, EndpointRoute>([['app', identityRoutes.csrfToken]]);
const csrfTokens = new Map<HostKind, string>();
const csrfRequests = new Map<HostKind, Promise<string>>();

/** The token a page brought with it (the signed-in page's bootstrap), used until the server refuses it. */
export function setCsrfToken(host: HostKind, token: string): void {
  csrfTokens.set(host, token);
}

/** A host kind whose pages take their token from another endpoint than the session's (the checkout's). */
export function registerCsrfSource(host: HostKind, route: EndpointRoute): void {
  tokenSources.set(host, route);
}

/** Base of the app/api host. Same origin unless the build names another. */
const API_ORIGIN: string = import.meta.env.VITE_API_ORIGIN ?? '';

/** Asks the server for the anti-forgery token of a host kind (its route from the contract; the call itself needs none). */
export async function refreshCsrfToken(host: HostKind = 'app'): Promise<string> {
  const source = tokenSources.get(host) ?? identityRoutes.csrfToken;
  let pending = csrfRequests.get(host);
  if (!pending) {
    pending = (async () => {
      try {
        const { token } = (await answerOf(await send(source, {}, {}))) as EndpointResponse<typeof authEndpoints.csrfToken>;
        csrfTokens.set(host, token);
        return token;
      } finally {
        csrfRequests.delete(host);
      }
    })();
    csrfRequests.set(host, pending);
  }
  return pending;
}

async function toApiError(res: Response): Promise<ApiError> {
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // not JSON: no body to read
  }
  const body = readApiErrorBody(data);
  return new ApiError(res.status, body, body?.message ?? `Request failed with status ${res.status}`, data, retryAfterOf(res.headers.get('Retry-After')));
}

/** `Retry-After` in whole seconds from now: the header's seconds or its date; null without a readable one. */
function retryAfterOf(header: string | null): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The URL of a path the API answered (an uploaded image such as the business logo). */
export const apiAssetUrl = (path: string): string => API_ORIGIN + path;

/** The absolute URL of an endpoint (links to file downloads, which the browser fetches itself). */
export function endpointUrl<E extends Endpoint>(endpoint: E, params: EndpointParams<E>): string {
  return API_ORIGIN + buildPath(endpoint.path, params as Record<string, string>);
}

export interface CallInput<E> {
  /** The Idempotency-Key of an idempotent endpoint's call (`keptIdempotencyKey`); a new one per call without it. */
  idempotencyKey?: string;
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** A multipart upload (file endpoints): sent as multipart/form-data instead of a JSON body. */
  formData?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Calls one endpoint of the contract and parses its answer with the contract's response schema. Sends
 * cookies, X-Requested-With and, on every request (GET included, spec 7), X-CSRF-TOKEN. On 419 it fetches
 * a fresh token and retries once, reusing the same Idempotency-Key.
 */
export async function call<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<EndpointResponse<E>> {
  const json = await request(endpoint, input);
  return (json === NO_CONTENT ? undefined : endpoint.response.parse(json)) as EndpointResponse<E>;
}

/**
 * Calls an endpoint by its route alone (`identityRoutes`: the calls any visit makes before signing in), as
 * `call` does, and takes the answer as the contract types it: the server serialises every answer through
 * the contract's response schema, so the first screen need not load the schemas to parse it again.
 */
export async function callRoute<E extends Endpoint>(route: EndpointRoute, input: CallInput<E> = {}): Promise<EndpointResponse<E>> {
  const json = await request(route, input);
  return (json === NO_CONTENT ? undefined : json) as EndpointResponse<E>;
}

/**
 * One Idempotency-Key for the tries of one money-moving action. A person who sends the same request again after an
 * answer that settled nothing (a 5xx, or no answer at all: the server may still finish the first try, as a payment
 * whose processor did not answer in time is finished by the server's reconciliation) sends the same key, so the
 * server resumes the first try instead of starting a second. Any other answer, or another request, takes a new key.
 */
export function keptIdempotencyKey() {
  let kept: { request: string; key: string } | null = null;
  return async function withKey<T>(request: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T> {
    const id = JSON.stringify(request);
    const key = kept?.request === id ? kept.key : crypto.randomUUID();
    kept = { request: id, key };
    try {
      const answer = await send(key);
      kept = null;
      return answer;
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) kept = null;
      throw error;
    }
  };
}

const NO_CONTENT = Symbol('no content');

/** One call with the anti-forgery token and its 419 retry; the answer's JSON, or the server's error as an ApiError. */
async function request<E extends Endpoint>(route: EndpointRoute & { idempotent?: boolean; host?: HostKind }, input: CallInput<E>): Promise<unknown> {
  const idempotencyKey = route.idempotent ? (input.idempotencyKey ?? crypto.randomUUID()) : undefined;
  const tokenHost: HostKind = route.host && tokenSources.has(route.host) ? route.host : 'app';

  const attempt = async (): Promise<Response> => {
    const headers: Record<string, string> = { 'X-CSRF-TOKEN': csrfTokens.get(tokenHost) ?? (await refreshCsrfToken(tokenHost)) };
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    return send(route, input, headers);
  };

  let res = await attempt();
  if (res.status === 419) {
    await refreshCsrfToken(tokenHost);
    res = await attempt();
    if (res.status === 419) emit({ type: isAuthenticated() ? 'session-expired' : 'token-refused' });
  }
  if (res.status === 401 && isAuthenticated()) emit({ type: 'unauthenticated' });
  return answerOf(res);
}

/** One request of an endpoint: its URL from the contract's path and the input, cookies, the JSON or multipart body. */
function send<E extends Endpoint>(route: EndpointRoute, input: CallInput<E>, extraHeaders: Record<string, string>): Promise<Response> {
  // endpointPath reads the route's path alone.
  const url = API_ORIGIN + endpointPath(route as E, input);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...input.headers,
    ...extraHeaders,
  };
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  const init: RequestInit = { method: route.method, credentials: 'include', headers };
  if (input.body !== undefined) init.body = JSON.stringify(input.body);
  else if (input.formData) init.body = input.formData;
  if (input.signal) init.signal = input.signal;
  return fetch(url, init);
}

/** The answer's JSON (NO_CONTENT for a 204), or the server's error as an ApiError. */
async function answerOf(res: Response): Promise<unknown> {
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return NO_CONTENT;
  return (await res.json()) as unknown;
}

function emit(event: AuthEvent): void {
  for (const listener of listeners) listener(event);
}

/** Forget the token (after logout the server session is gone). */
export function clearCsrfToken(): void {
  csrfTokens.clear();
}
