import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Endpoint, EndpointParams, EndpointQuery, EndpointRoute } from '@merchant/core';
import { call } from './api-client';

/** What identifies an endpoint's answer: its path parameters and its query (never a body). */
export interface QueryInput<E> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
}

/**
 * THE query key of an endpoint's answer: `[endpoint.id, input]`. Every screen that shows an endpoint
 * caches it under this key, so invalidating the endpoint refreshes all of them. The cached value is the
 * endpoint's answer as the contract parses it; screens shape it with `select`, never in `queryFn`, so two
 * screens sharing a key always agree on what is stored. An endpoint is either paged (infinite query)
 * or not; its input then leaves out the cursor.
 */
export function endpointKey<E extends Endpoint>(endpoint: E | EndpointRoute, input: QueryInput<E> = {}) {
  return [endpoint.id, input] as const;
}

/** Query options that fetch an endpoint under its key. Spread them to add `select`, `meta` or `retry`. */
export function endpointQuery<E extends Endpoint>(endpoint: E, input: QueryInput<E> = {}) {
  return queryOptions({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => call(endpoint, { ...input, signal }),
  });
}

/** Part of an endpoint's input: matches every cached answer whose input holds these values. */
export interface InputScope<E> {
  params?: Partial<EndpointParams<E>>;
  query?: Partial<EndpointQuery<E>>;
}

/** The cached answers of an endpoint, all of them or those whose input holds `scope`'s values. */
export function endpointScope<E extends Endpoint>(endpoint: E, scope?: InputScope<E>): QueryKey {
  return scope ? [endpoint.id, scope] : [endpoint.id];
}

/**
 * Marks the answers of the given scopes stale and refetches those on screen (`refetchType: 'all'` also
 * refetches answers no screen watches right now, for guards that read them on the next navigation).
 */
export function invalidateEndpoints(client: QueryClient, scopes: readonly QueryKey[], refetchType?: 'all'): Promise<unknown> {
  return Promise.all(scopes.map((queryKey) => client.invalidateQueries({ queryKey, ...(refetchType ? { refetchType } : {}) })));
}
