import type { Permission, Role } from '@merchant/core';
import type { Executor } from '../db/client';
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
  /** Set when the request runs under an Idempotency-Key it holds (http/idempotency.ts). */
  idempotency?: IdempotentRequest;
}

/**
 * A request that holds its Idempotency-Key. The service of an idempotent endpoint stores the request's success
 * answer in the transaction that commits its effect, so the two commit together: a process that dies after the
 * commit leaves the answer for the retry to replay, one that dies before it leaves nothing done, and the retry
 * runs the request again once the key's lease has ended (docs/architecture.md, "Contracts": `idempotent`).
 */
export interface IdempotentRequest {
  /**
   * Stores `answer`, the endpoint's success answer exactly as the request will answer it, in `tx`: call it in
   * the transaction of the effect, before it commits. It throws (and so rolls the transaction back) when the
   * key's lease ended and a retry took the key over: that retry runs the request instead.
   */
  answerIn(tx: Executor, answer: unknown): Promise<void>;
  /**
   * The request's key with its scope, hashed: a service whose effect spans two transactions (a processor call
   * between them, docs/payments.md "Two-phase processor calls") records it in the first, so a retry of the same
   * request resumes that work instead of starting it again.
   */
  requestKey: string;
}

/** What a service needs of the request context to store an idempotent answer: the context itself, or a part of it. */
export type KeyedContext = Pick<RequestContext, 'idempotency'>;

/** The caller's standing in the business of the path; it is also the `Actor` the permission helpers take. */
export interface BusinessStanding {
  row: BusinessRow;
  /** Null for a super admin who opens a business they are no member of (read-only). */
  role: Role | null;
  isSuperAdmin: boolean;
  permissions: Permission[];
  /**
   * The locations the caller is limited to (null: every location), as the access check read them with the role; absent
   * where no access check read the standing (a key acting as its maker), and then read when needed
   * (modules/location-scope.ts).
   */
  locationIds?: readonly string[] | null;
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

/**
 * What a service that acts in a business needs of its caller: the business and the caller's standing in it, the
 * acting member's id (the audit's actor), where the request came from and its key. A dashboard request's
 * `BusinessContext` is one; so is the public API's key acting as its maker (a key has no session).
 */
export interface ActingContext extends Pick<RequestContext, 'requestId' | 'ip' | 'userAgent' | 'idempotency'> {
  user: Pick<UserRow, 'id'>;
  business: BusinessStanding;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** Where a change comes from when no request carries it (a schedule, a provider's own callback): no address. */
export const UNATTENDED: RequestMeta = { ip: '', userAgent: null };
