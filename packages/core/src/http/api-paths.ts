/**
 * The paths the server owns on the app host. Under these prefixes every answer is the API's own (JSON,
 * errors in the product's error shape); every other GET or HEAD is a page of the web app. The server's
 * static delivery and the web's dev proxy both read this list.
 *
 * Endpoint contracts live under these prefixes, except the guest form posts that share their path with
 * the page that shows the form (`POST /register` beside the page `/register`): a test walks every declared
 * endpoint to keep that true.
 */
export const API_PATH_PREFIXES = ['/v1', '/api', '/auth', '/csrf-token', '/openapi.json', '/healthz', '/_dev'] as const;

/** Whether a path (query string allowed) lies under one of the API's own prefixes. */
export function isApiPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return API_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
