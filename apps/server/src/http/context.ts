import type { Permission, Role } from '@merchant/core';
import type { businesses, sessions, users } from '../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type BusinessRow = typeof businesses.$inferSelect;

/**
 * The one request context: who is calling, from where, and (on business endpoints) their standing in the
 * business. The session loader starts it, the access hook completes it; handlers pass it to their service
 * as it is, and services record audit entries and sessions from it.
 */
export interface RequestContext {
  requestId: string;
  ip: string;
  userAgent: string | null;
  /** The raw session id from the cookie (hashed in the database), when a session exists. */
  sessionToken: string | null;
  session: SessionRow | null;
  user: UserRow | null;
  /**
   * The anti-forgery token this caller must send: the session's, or for a guest without a stored session
   * the token signed for their cookie value (null without a cookie).
   */
  csrfToken: string | null;
  /** For business endpoints: the business of the path and the caller's standing in it. */
  business: BusinessStanding | null;
}

/** The caller's standing in the business of the path; it is also the `Actor` the permission helpers take. */
export interface BusinessStanding {
  row: BusinessRow;
  /** Null for a super admin who opens a business they are no member of (read-only). */
  role: Role | null;
  isSuperAdmin: boolean;
  permissions: Permission[];
}

/**
 * Where a request came from: what audit entries and new sessions record (any context is one). A new
 * session keeps `csrfToken`, the anti-forgery token the page holds (a guest's signed token).
 */
export type RequestMeta = Pick<RequestContext, 'ip' | 'userAgent'> & { csrfToken?: string | null };

export interface SignedInContext extends RequestContext {
  user: UserRow;
  session: SessionRow;
}

export interface BusinessContext extends SignedInContext {
  business: BusinessStanding;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** Where a change comes from when no request carries it (a schedule, a provider's own callback): no address. */
export const UNATTENDED: RequestMeta = { ip: '', userAgent: null };
