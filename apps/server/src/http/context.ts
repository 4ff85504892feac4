import type { Permission, Role } from '@merchant/core';
import type { businesses, sessions, users } from '../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type BusinessRow = typeof businesses.$inferSelect;

/** What the access layer learned about the caller; handlers receive it. */
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
  business: { row: BusinessRow; role: Role | null; permissions: Permission[] } | null;
}

export interface SignedInContext extends RequestContext {
  user: UserRow;
  session: SessionRow;
}

export interface BusinessContext extends SignedInContext {
  business: NonNullable<RequestContext['business']>;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}
