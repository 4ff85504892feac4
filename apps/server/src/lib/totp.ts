import { authenticator } from 'otplib';

const STEP_SECONDS = 30;

export const totp = {
  generateSecret: (): string => authenticator.generateSecret(20),
  keyUri: (account: string, issuer: string, secret: string): string => authenticator.keyuri(account, issuer, secret),
  /** The code for a moment (tests and the seed use it). */
  codeAt: (secret: string, at: Date): string => authenticator.clone({ epoch: at.getTime() }).generate(secret),
  /**
   * The time step a code belongs to (current step +-1 for clock drift), or null when it matches
   * none. Callers accept a step only once (field notes: each code usable once).
   */
  matchStep(code: string, secret: string, at: Date): number | null {
    const delta = authenticator.clone({ epoch: at.getTime(), window: 1 }).checkDelta(code, secret);
    if (delta === null) return null;
    return Math.floor(at.getTime() / 1000 / STEP_SECONDS) + delta;
  },
};
