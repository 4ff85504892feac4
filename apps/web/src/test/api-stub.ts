import { vi, type Mock } from 'vitest';
import { authEndpoints } from '@merchant/identity';
import type { Endpoint, EndpointResponse } from '@merchant/core';

/** The anti-forgery token the stub hands out. */
export const STUB_CSRF_TOKEN = 'stub-csrf-token';

/** A JSON answer. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An error answer in the server's shape. */
export function apiError(status: number, code: string, message = code, extra: { issues?: { path: string; message: string }[] } = {}): Response {
  return json(status, { code, message, requestId: 'stub-request', ...extra });
}

/** One request the stub saw: its URL and init, and what it resolved to. */
export interface StubRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  /** The parsed JSON body (undefined without one). */
  body: unknown;
  params: Record<string, string>;
}

/** A handler answers a body of the endpoint's response type (200), or any `Response` (errors, foreign bodies). */
type Handler<E extends Endpoint> = (request: StubRequest) => EndpointResponse<E> | Response | Promise<EndpointResponse<E> | Response>;

interface Route {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
  handler: Handler<Endpoint>;
}

export interface ApiStub {
  /** Answers an endpoint (a later `on` for the same endpoint replaces the earlier one). */
  on<E extends Endpoint>(endpoint: E, handler: Handler<E>): ApiStub;
  /** Answers whatever no endpoint handler answers (default: 404 NOT_FOUND in the server's shape). */
  otherwise(handler: (request: StubRequest) => Response): ApiStub;
  /** The requests made of one endpoint, in order. */
  requests(endpoint: Endpoint): StubRequest[];
  /** Every request, the anti-forgery token's included. */
  all: StubRequest[];
  fetch: Mock<typeof fetch>;
}

function patternOf(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
  return headers;
}

/**
 * Stubs `fetch` with a server of endpoints: each request is matched against the endpoint declarations by
 * method and path. `POST /csrf-token` is always answered (with `STUB_CSRF_TOKEN`), so tests name only the
 * endpoints they care about. The stub is removed by `vi.unstubAllGlobals()` (the shared setup does it).
 */
export function stubApi(): ApiStub {
  const routes = new Map<string, Route>();
  let fallback: (request: StubRequest) => Response = () => apiError(404, 'NOT_FOUND', 'Not found.');
  const all: StubRequest[] = [];
  const served = new Map<string, StubRequest[]>();

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: StubRequest = { url, method, headers: headersOf(init), body, params: {} };
    all.push(request);
    for (const route of [...routes.values()].reverse()) {
      if (route.endpoint.method !== method) continue;
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      route.names.forEach((name, i) => (request.params[name] = decodeURIComponent(match[i + 1]!)));
      served.set(route.endpoint.id, [...(served.get(route.endpoint.id) ?? []), request]);
      const answer = await route.handler(request);
      return answer instanceof Response ? answer : json(route.endpoint.status ?? 200, answer);
    }
    return fallback(request);
  });

  const stub: ApiStub = {
    on(endpoint, handler) {
      routes.delete(endpoint.id);
      routes.set(endpoint.id, { endpoint, ...patternOf(endpoint.path), handler: handler as Handler<Endpoint> });
      return stub;
    },
    otherwise(handler) {
      fallback = handler;
      return stub;
    },
    requests: (endpoint) => served.get(endpoint.id) ?? [],
    all,
    fetch: fetchMock,
  };
  stub.on(authEndpoints.csrfToken, () => ({ token: STUB_CSRF_TOKEN }));
  vi.stubGlobal('fetch', fetchMock);
  return stub;
}
