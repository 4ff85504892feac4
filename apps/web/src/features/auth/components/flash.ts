import { RETURN_PARAM, safeReturnPath } from '@/app/guards';

/**
 * Navigation state the sign-in screen understands: a one-off message (session expired, password reset)
 * and where to go back to after signing in.
 */
export interface LoginState {
  flash?: string;
  from?: string;
}

/**
 * Reads the navigation state and the `from` query parameter (set when a deep link or a 401 sent the
 * person to sign in). Only same-app paths are kept.
 */
export function readLoginState(state: unknown, search = ''): LoginState {
  const record = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  const out: LoginState = {};
  if (typeof record.flash === 'string' && record.flash.trim() !== '') out.flash = record.flash;
  const from = safeReturnPath(record.from) ?? safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
  if (from) out.from = from;
  return out;
}
