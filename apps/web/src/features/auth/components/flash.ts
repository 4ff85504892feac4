/**
 * Navigation state the sign-in screen understands: a one-off message (session expired, password reset)
 * and where to go back to after signing in.
 */
export interface LoginState {
  flash?: string;
  from?: string;
}

export function readLoginState(state: unknown): LoginState {
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  const out: LoginState = {};
  if (typeof record.flash === 'string' && record.flash.trim() !== '') out.flash = record.flash;
  // Only same-app paths: never an absolute URL someone slipped into the state.
  if (typeof record.from === 'string' && record.from.startsWith('/') && !record.from.startsWith('//')) out.from = record.from;
  return out;
}
