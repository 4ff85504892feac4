import type { EndpointRoute } from '@merchant/core';

/**
 * The identity endpoints every visit may call before anyone signs in (the anti-forgery token, who is signed
 * in, signing in and out), by name and address only: the web app's first screen calls them without loading
 * the contract's schemas. `endpoints.ts` declares them in full on top of these.
 */
export const identityRoutes = {
  csrfToken: { id: 'auth.csrfToken', method: 'POST', path: '/csrf-token' },
  login: { id: 'auth.login', method: 'POST', path: '/auth' },
  logout: { id: 'auth.logout', method: 'DELETE', path: '/auth' },
  me: { id: 'user.me', method: 'GET', path: '/v1/user' },
} as const satisfies Record<string, EndpointRoute>;
