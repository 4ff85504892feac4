import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  CSRF_EXEMPT_ENDPOINTS,
  STANDING_MESSAGES,
  TWO_FACTOR_EXEMPT_ENDPOINT,
  permissionsOf,
  standingRefusal,
  type Access,
  type Endpoint,
  type Role,
} from '@merchant/core';
import { safeEqual } from '../lib/crypto';
import type { BusinessRow, UserRow } from './context';

type BusinessAccess = Extract<Access, { kind: 'business' }>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the access hook reads of a business endpoint's path, offered by the business module (the route host
 * carries it): the business, and the caller's active membership of it (each null when there is none).
 */
export interface BusinessStandings {
  standingOf(
    businessId: string,
    userId: string,
  ): Promise<{ business: BusinessRow | null; membership: { role: Role } | null; locationIds: readonly string[] | null }>;
}

/**
 * Laravel semantics the client depends on (field notes): a non-GET call with a missing or wrong
 * anti-forgery token answers 419 before any authentication check; no session answers 401;
 * an object of another business 404; a missing permission 403; a business whose state does not allow the
 * endpoint's standing (a partner business, a blocked or unverified one) 403 with the reason's own code.
 */
export function createAccessHook(endpoint: Endpoint, deps: { standings: BusinessStandings }) {
  const check = createAccessCheck(endpoint, deps);
  return async function accessHook(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    await check(req);
  };
}

/**
 * The access rule as a check that decides at once where it can: it throws its refusal, or returns nothing when the
 * request may pass, and returns a promise only for a business endpoint (whose standing is looked up). The endpoints'
 * callback hook (http/endpoint.ts) makes no promise for the other kinds.
 */
export function createAccessCheck(endpoint: Endpoint, deps: { standings: BusinessStandings }): (req: FastifyRequest) => Promise<void> | undefined {
  const access: Access = endpoint.access;
  const standing = async (req: FastifyRequest, user: UserRow, businessId: string, rule: BusinessAccess): Promise<void> => {
    const { business, membership, locationIds } = await deps.standings.standingOf(businessId, user.id);
    if (!business) throw new AppError('NOT_FOUND', 'Business not found.');
    if (!membership && !user.isSuperAdmin) throw new AppError('NOT_FOUND', 'Business not found.');
    // A business that requires two-factor keeps members without it out of everything but the business
    // itself, which tells the web to send them to the staff two-factor set-up screen.
    if (membership && business.requireTwoFactor && !user.twoFactorConfirmedAt && endpoint.id !== TWO_FACTOR_EXEMPT_ENDPOINT) {
      throw new AppError('BUSINESS_TWO_FACTOR_REQUIRED', 'This business requires two-factor authentication: turn it on to continue.');
    }
    // Super admins open any business read-only: they change it only through the admin endpoints.
    if (!membership && !SAFE_METHODS.has(req.method)) {
      throw new AppError('FORBIDDEN', 'Super admins open businesses read-only; use the admin area to change them.');
    }
    const role = membership?.role ?? null;
    const permissions = permissionsOf({ isSuperAdmin: user.isSuperAdmin, role });
    if (!permissions.includes(rule.permission)) throw new AppError('FORBIDDEN', 'This action is unauthorized.');
    const refusal = standingRefusal(rule.standing, business);
    if (refusal) throw new AppError(refusal, STANDING_MESSAGES[refusal]);
    req.ctx.business = { row: business, role, isSuperAdmin: user.isSuperAdmin, permissions, locationIds };
  };
  return function accessCheck(req: FastifyRequest): Promise<void> | undefined {
    if (!SAFE_METHODS.has(req.method) && !CSRF_EXEMPT_ENDPOINTS.includes(endpoint.id)) {
      const header = req.headers['x-csrf-token'] ?? req.headers['x-xsrf-token'];
      const token = Array.isArray(header) ? header[0] : header;
      const expected = req.ctx.csrfToken;
      if (!token || !expected || !safeEqual(token, expected)) {
        throw new AppError('CSRF_TOKEN_MISMATCH', 'CSRF token mismatch.');
      }
    }
    if (access.kind === 'public' || access.kind === 'guest') return undefined;
    const user = req.ctx.user;
    if (!user) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
    if (access.kind === 'user') return undefined;
    if (access.kind === 'super-admin') {
      if (!user.isSuperAdmin) throw new AppError('FORBIDDEN', 'This action is unauthorized.');
      return undefined;
    }
    const businessId = (req.params as Record<string, unknown> | undefined)?.business_id;
    if (typeof businessId !== 'string' || !UUID.test(businessId)) throw new AppError('NOT_FOUND', 'Business not found.');
    return standing(req, user, businessId, access);
  };
}
