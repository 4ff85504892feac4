import type { Endpoint, EndpointParams } from '@merchant/core';
import { endpointUrl } from '@/lib/api-client';

/**
 * The address of a download (a CSV export): a plain link the browser follows with the session cookie, with the
 * filters that have a value as its query.
 */
export function downloadUrl<E extends Endpoint>(
  endpoint: E,
  params: EndpointParams<E>,
  query: Record<string, string | number | boolean | undefined | null>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const qs = search.toString();
  return endpointUrl(endpoint, params) + (qs ? `?${qs}` : '');
}
