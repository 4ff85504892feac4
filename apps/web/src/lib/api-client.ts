import type { z } from 'zod';
import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse, HostKind } from '@merchant/core';
import { ApiErrorBodySchema, buildPath, endpointPath, type ApiErrorBody } from '@merchant/core';
import { authEndpoints } from '@merchant/identity';

/**
 * An answer outside 200-299. `body` is the server's error body when it has the product's shape;
 * `data` is whatever JSON came back (a proxy or another service may answer in its own shape).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
    message: string,
    readonly data: unknown = body,
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

/** The endpoint that issues the anti-forgery token of a host kind (the hosted checkout keeps its own cookies). */
type TokenEndpoint = Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType<{ token: string }>>;
const tokenSources = new Map<HostKind, TokenEndpoint>([['app', authEndpoints.csrfToken]]);
const csrfTokens = new Map<HostKind, string>();
const csrfRequests = new Map<HostKind, Promise<string>>();

/** A host kind whose pages take their token from another endpoint than the session's (the checkout's). */
export function registerCsrfSource(host: HostKind, endpoint: TokenEndpoint): void {
  tokenSources.set(host, endpoint);
}

/** Base of the app/api host. Same origin unless the build names another. */
const API_ORIGIN: string = import.meta.env.VITE_API_ORIGIN ?? '';

/** Asks the server for the anti-forgery token of a host kind (through its contract; the call itself needs none). */
export async function refreshCsrfToken(host: HostKind = 'app'): Promise<string> {
  const source = tokenSources.get(host) ?? authEndpoints.csrfToken;
  let request = csrfRequests.get(host);
  if (!request) {
    request = (async () => {
      try {
        const { token } = await answerOf(source, await send(source, {}, {}));
        csrfTokens.set(host, token);
        return token;
      } finally {
        csrfRequests.delete(host);
      }
    })();
    csrfRequests.set(host, request);
  }
  return request;
}

async function toApiError(res: Response): Promise<ApiError> {
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // not JSON: no body to read
  }
  const parsed = ApiErrorBodySchema.safeParse(data);
  const body = parsed.success ? parsed.data : null;
  return new ApiError(res.status, body, body?.message ?? `Request failed with status ${res.status}`, data);
}

/** The URL of a path the API answered (an uploaded image such as the business logo). */
export const apiAssetUrl = (path: string): string => API_ORIGIN + path;

/** The absolute URL of an endpoint (links to file downloads, which the browser fetches itself). */
export function endpointUrl<E extends Endpoint>(endpoint: E, params: EndpointParams<E>): string {
  return API_ORIGIN + buildPath(endpoint.path, params as Record<string, string>);
}

export interface CallInput<E> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** A multipart upload (file endpoints): sent as multipart/form-data instead of a JSON body. */
  formData?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Calls one endpoint of the contract. Sends cookies, X-Requested-With and, on every request (GET
 * included, spec 7), X-CSRF-TOKEN. On 419 it fetches a fresh token and retries once, reusing the same
 * Idempotency-Key.
 */
export async function call<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<EndpointResponse<E>> {
  const idempotencyKey = endpoint.idempotent ? crypto.randomUUID() : undefined;
  const tokenHost: HostKind = tokenSources.has(endpoint.host) ? endpoint.host : 'app';

  const attempt = async (): Promise<Response> => {
    const headers: Record<string, string> = { 'X-CSRF-TOKEN': csrfTokens.get(tokenHost) ?? (await refreshCsrfToken(tokenHost)) };
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    return send(endpoint, input, headers);
  };

  let res = await attempt();
  if (res.status === 419) {
    await refreshCsrfToken(tokenHost);
    res = await attempt();
    if (res.status === 419) emit({ type: isAuthenticated() ? 'session-expired' : 'token-refused' });
  }
  if (res.status === 401 && isAuthenticated()) emit({ type: 'unauthenticated' });
  return answerOf(endpoint, res);
}

/** One request of an endpoint: its URL from the contract's path and the input, cookies, the JSON or multipart body. */
function send<E extends Endpoint>(endpoint: E, input: CallInput<E>, extraHeaders: Record<string, string>): Promise<Response> {
  const url = API_ORIGIN + endpointPath(endpoint, input);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...input.headers,
    ...extraHeaders,
  };
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  const init: RequestInit = { method: endpoint.method, credentials: 'include', headers };
  if (input.body !== undefined) init.body = JSON.stringify(input.body);
  else if (input.formData) init.body = input.formData;
  if (input.signal) init.signal = input.signal;
  return fetch(url, init);
}

/** The answer the contract promises, or the server's error as an ApiError. */
async function answerOf<E extends Endpoint>(endpoint: E, res: Response): Promise<EndpointResponse<E>> {
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as EndpointResponse<E>;
  const json: unknown = await res.json();
  return endpoint.response.parse(json) as EndpointResponse<E>;
}

function emit(event: AuthEvent): void {
  for (const listener of listeners) listener(event);
}

/** Forget the token (after logout the server session is gone). */
export function clearCsrfToken(): void {
  csrfTokens.clear();
}
