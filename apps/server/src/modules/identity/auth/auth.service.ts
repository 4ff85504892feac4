import { AppError, SCREEN_PATHS, fieldError, screenLink } from '@merchant/core';
import type { User } from '@merchant/identity';
import type { Executor } from '@/db/client';
import type { RequestContext, RequestMeta, SessionRow, UserRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { dummyPasswordHash, hashPassword, newId, randomToken, sha256, verifyPassword } from '@/lib/crypto';
import type { RateLimiter } from '@/lib/rate-limit';
import { totp } from '@/lib/totp';
import type { Mailer } from '@/mail/mailer';
import type { BusinessService } from '@/modules/business/business/business.service';
import type { PartnersService } from '@/modules/business/partners/partners.service';
import type { ReferralsService } from '@/modules/business/partners/referrals.service';
import type { StaffService } from '@/modules/business/staff/staff.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { SessionService } from '../session/session.service';
import { presentUserWith } from '../user/user.presenter';
import { userRepository } from '../user/user.repository';
import { isCommonPassword } from './common-passwords';
import { passwordResetRepository } from './password-reset.repository';

const MINUTE = 60_000;
/** PCI DSS 8.3.4: lock after at most 10 failed attempts. */
export const MAX_FAILED_LOGINS = 10;
export const LOCK_WINDOW_MS = 15 * MINUTE;
export const MAX_LOGINS_PER_IP = 100;
/** Sign-ups from one address per window: each one hashes a password and stores a user and a business. */
export const MAX_REGISTRATIONS_PER_IP = 20;
const CHECKPOINT_TTL_MS = 10 * MINUTE;
const RESET_TTL_MS = 60 * MINUTE;

export interface SignedIn {
  user: User;
  session: { token: string; row: SessionRow };
}

export function assertAcceptablePassword(password: string, path = 'password'): void {
  if (isCommonPassword(password)) throw fieldError('VALIDATION_FAILED', path, 'This password is too common. Choose another one.');
}

export function createAuthService(deps: {
  db: Executor;
  clock: Clock;
  sessions: SessionService;
  audit: AuditService;
  mailer: Mailer;
  limiter: RateLimiter;
  business: Pick<BusinessService, 'create' | 'homeOf'>;
  staff: Pick<StaffService, 'openInvitationByToken' | 'answerInvitation'>;
  partners: Pick<PartnersService, 'linkReferred'>;
  referrals: Pick<ReferralsService, 'recordReferred'>;
  publicUrl: string;
}) {
  const { db, clock, sessions, audit, limiter } = deps;

  /**
   * The lock of one secret of one account (PCI DSS 8.3.4): at most MAX_FAILED_LOGINS attempts per
   * LOCK_WINDOW_MS. An attempt counts before the secret is checked, so guesses sent in parallel cannot
   * all pass a check made before any of them failed; a success clears the count.
   */
  function attemptLock(key: string) {
    return {
      async attempt(message = 'Too many failed attempts. Try again in 15 minutes.'): Promise<void> {
        if ((await limiter.hit(key, LOCK_WINDOW_MS)) > MAX_FAILED_LOGINS) throw new AppError('AUTH_ACCOUNT_LOCKED', message);
      },
      succeeded: () => limiter.reset(key),
    };
  }
  /** Sign-in and every signed-in confirmation of the password share one lock per email. */
  const passwordLock = (email: string) => attemptLock(`login:fail:${email}`);
  /** The two-factor checkpoint and turning two-factor off share one lock per user. */
  const secondFactorLock = (userId: string) => attemptLock(`checkpoint:fail:${userId}`);

  /**
   * A signed-in person confirms their password (changing it or the email, starting two-factor, signing
   * out other sessions): the same lock as sign-in, so a stolen session cannot guess the password.
   */
  async function confirmPassword(user: UserRow, password: string, path = 'password'): Promise<void> {
    const lock = passwordLock(user.email);
    await lock.attempt();
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw fieldError('AUTH_PASSWORD_INCORRECT', path, 'The password is incorrect.');
    }
    await lock.succeeded();
  }

  /**
   * A signed-in person confirms a current two-factor code or a recovery code (turning two-factor off):
   * the checkpoint's lock. `use` runs with the spent factor inside the caller's transaction.
   */
  async function confirmSecondFactor<T>(
    user: UserRow,
    input: { code?: string | undefined; recovery_code?: string | undefined },
    use: (tx: Executor) => Promise<T>,
  ): Promise<T> {
    const lock = secondFactorLock(user.id);
    await lock.attempt();
    const result = await db.transaction(async (tx) => ((await consumeSecondFactor(tx, user, input)) ? { value: await use(tx) } : null));
    if (!result) throw fieldError('AUTH_TWO_FACTOR_INVALID', 'code', 'The provided two-factor code was invalid.');
    await lock.succeeded();
    return result.value;
  }

  /**
   * A signed-in person confirms a change to where money goes (bank accounts): their password, or a current
   * two-factor code when they have two-factor on. Either counts against its own lock, exactly as above (the
   * password's is sign-in's, the code's the checkpoint's). `use` makes the change: in the transaction that
   * spends the code, or once the password is confirmed.
   */
  async function confirmIdentity<T>(
    user: UserRow,
    input: { password?: string | undefined; code?: string | undefined },
    use: (tx: Executor) => Promise<T>,
  ): Promise<T> {
    if (input.code) {
      if (!user.twoFactorConfirmedAt) {
        throw fieldError('VALIDATION_FAILED', 'code', 'Two-factor authentication is off for your account: confirm with your password.');
      }
      return confirmSecondFactor(user, { code: input.code }, use);
    }
    if (!input.password) throw fieldError('VALIDATION_FAILED', 'password', 'Enter your password to confirm this change.');
    await confirmPassword(user, input.password);
    return db.transaction(use);
  }

  async function signIn(current: SessionRow | null, user: UserRow, meta: RequestMeta, executor: Executor = db): Promise<SignedIn> {
    const session = await sessions.rotate(current, meta, { userId: user.id, pendingUserId: null }, executor);
    const now = clock.now();
    return { user: presentUserWith(user, await deps.business.homeOf(executor, user, now), now), session };
  }

  /** Accepts a TOTP code once per time step, or an unused recovery code (then spent). */
  async function consumeSecondFactor(executor: Executor, user: UserRow, input: { code?: string | undefined; recovery_code?: string | undefined }) {
    if (!user.twoFactorSecret) return false;
    if (input.code) {
      const step = totp.matchStep(input.code, user.twoFactorSecret, clock.now());
      if (step === null || (user.twoFactorLastStep !== null && step <= user.twoFactorLastStep)) return false;
      await userRepository.update(executor, user.id, { twoFactorLastStep: step });
      return 'totp' as const;
    }
    if (input.recovery_code) {
      const hash = sha256(input.recovery_code.trim().toLowerCase());
      return (await userRepository.spendRecoveryCode(executor, user.id, hash, clock.now())) ? ('recovery' as const) : false;
    }
    return false;
  }

  async function register(
    ctx: RequestContext,
    body: { name: string; email: string; password: string; business: { name: string; country: string; currency: string }; referral_code?: string | undefined },
    type: 'merchant' | 'partner',
  ): Promise<SignedIn & { businessId: string }> {
    const { session: current } = ctx;
    if ((await limiter.hit(`register:ip:${ctx.ip}`, LOCK_WINDOW_MS)) > MAX_REGISTRATIONS_PER_IP) {
      throw new AppError('RATE_LIMITED', 'Too many sign-ups from this network. Try again later.');
    }
    assertAcceptablePassword(body.password);
    if (await userRepository.findByEmail(db, body.email)) {
      throw fieldError('AUTH_EMAIL_TAKEN', 'email', 'This email is already registered. Sign in instead.');
    }
    const passwordHash = await hashPassword(body.password);
    return db.transaction(async (tx) => {
      const now = clock.now();
      const user = await userRepository.insert(tx, { id: newId(), name: body.name, email: body.email, passwordHash, createdAt: now, updatedAt: now });
      await audit.record(tx, ctx, { action: 'auth.registered', description: 'Created the account', actorUserId: user.id });
      const business = await deps.business.create(tx, user, body.business, type, ctx);
      // A merchant signed up through a partner's referral link is linked to that partner (an empty code is none); through
      // another merchant's (Refer and Earn), the referral is recorded for the referrer's reward.
      if (type === 'merchant' && body.referral_code) {
        const { referrer } = await deps.partners.linkReferred(tx, ctx, body.referral_code, business, user.id);
        if (referrer) await deps.referrals.recordReferred(tx, ctx, referrer, business, user.id);
      }
      const signedIn = await signIn(current, user, ctx, tx);
      return { ...signedIn, businessId: business.id };
    });
  }

  return {
    async login(ctx: RequestContext, body: { email: string; password: string }) {
      const { session: current } = ctx;
      if ((await limiter.hit(`login:ip:${ctx.ip}`, LOCK_WINDOW_MS)) > MAX_LOGINS_PER_IP) {
        throw new AppError('RATE_LIMITED', 'Too many sign-in attempts from this network. Try again later.');
      }
      const lock = passwordLock(body.email);
      await lock.attempt('Too many failed sign-in attempts. Try again in 15 minutes.');
      const user = await userRepository.findByEmail(db, body.email);
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
      if (!user || !valid) {
        if (user)
          await audit.record(db, ctx, { action: 'auth.login_failed', description: 'Failed sign-in attempt', actorUserId: null, subjectUserId: user.id });
        throw fieldError('AUTH_INVALID_CREDENTIALS', 'email', 'These credentials do not match our records.');
      }
      await lock.succeeded();
      if (user.twoFactorConfirmedAt) {
        const session = await sessions.rotate(current, ctx, { userId: null, pendingUserId: user.id });
        return { status: 'two_factor_required' as const, session };
      }
      const signedIn = await signIn(current, user, ctx);
      await audit.record(db, ctx, { action: 'auth.login', description: 'Signed in', actorUserId: user.id });
      return { status: 'authenticated' as const, ...signedIn };
    },

    async checkpoint(ctx: RequestContext, body: { code?: string | undefined; recovery_code?: string | undefined }): Promise<SignedIn> {
      const { session: current } = ctx;
      const pendingUserId = current?.pendingUserId;
      if (!current || !pendingUserId || clock.now().getTime() - current.createdAt.getTime() > CHECKPOINT_TTL_MS) {
        throw new AppError('AUTH_NO_PENDING_CHECKPOINT', 'Your sign-in has expired. Sign in again.');
      }
      const lock = secondFactorLock(pendingUserId);
      await lock.attempt();
      const result = await db.transaction(async (tx) => {
        const user = await userRepository.findById(tx, pendingUserId);
        if (!user) return null;
        const used = await consumeSecondFactor(tx, user, body);
        if (!used) return null;
        await audit.record(tx, ctx, {
          action: 'auth.login',
          description: used === 'recovery' ? 'Signed in with a recovery code' : 'Signed in with two-factor authentication',
          actorUserId: user.id,
        });
        return signIn(current, user, ctx, tx);
      });
      if (!result) {
        const path = body.recovery_code ? 'recovery_code' : 'code';
        throw fieldError('AUTH_TWO_FACTOR_INVALID', path, 'The provided two-factor code was invalid.');
      }
      await lock.succeeded();
      return result;
    },

    async logout(ctx: RequestContext): Promise<void> {
      const { session: current } = ctx;
      if (!current) return;
      await sessions.destroy(current);
      if (current.userId) await audit.record(db, ctx, { action: 'auth.logout', description: 'Signed out', actorUserId: current.userId });
    },

    /** Same answer whether or not the email is known (field notes). */
    async requestPasswordReset(ctx: RequestContext, email: string): Promise<void> {
      if ((await limiter.hit(`reset:ip:${ctx.ip}`, LOCK_WINDOW_MS)) > 20) {
        throw new AppError('RATE_LIMITED', 'Too many reset requests. Try again later.');
      }
      const user = await userRepository.findByEmail(db, email);
      if (!user) return;
      const token = randomToken(32);
      const now = clock.now();
      const link = screenLink(deps.publicUrl, SCREEN_PATHS.passwordReset, { reset_token: token }, { email: user.email });
      // The reset and its mail commit together (the outbox).
      await db.transaction(async (tx) => {
        await passwordResetRepository.insert(tx, {
          id: newId(),
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(now.getTime() + RESET_TTL_MS),
          createdAt: now,
        });
        await deps.mailer.send(tx, {
          to: user.email,
          subject: 'Reset your password',
          text: `Hello ${user.name},\n\nSomeone asked to reset the password of your account. Open this link within 60 minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
        });
      });
    },

    async resetPassword(ctx: RequestContext, body: { token: string; email: string; password: string }): Promise<void> {
      assertAcceptablePassword(body.password);
      const invalid = () => fieldError('AUTH_RESET_TOKEN_INVALID', 'token', 'This password reset link is invalid or has expired.');
      const reset = await passwordResetRepository.findByTokenHash(db, sha256(body.token));
      if (!reset || reset.usedAt || reset.expiresAt <= clock.now()) throw invalid();
      const user = await userRepository.findById(db, reset.userId);
      if (!user || user.email !== body.email) throw invalid();
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        await userRepository.update(tx, user.id, { passwordHash, updatedAt: clock.now() });
        await passwordResetRepository.markUsedForUser(tx, user.id, clock.now());
        await sessions.destroyAllForUser(user.id, undefined, tx);
        await audit.record(tx, ctx, { action: 'auth.password_reset', description: 'Reset the password by email', actorUserId: user.id });
      });
    },

    register,

    async invitationPreview(hash: string) {
      const found = await deps.staff.openInvitationByToken(hash);
      if (!found) throw new AppError('INVITATION_INVALID', 'This invitation is invalid or has expired.');
      const existing = await userRepository.findByEmail(db, found.invitation.email);
      return { invitation: found.invitation, businessName: found.businessName, userExists: Boolean(existing) };
    },

    /** Sign-up from an invitation: the new user joins the inviting business with the invited role. */
    async registerFromInvitation(ctx: RequestContext, hash: string, body: { name: string; password: string }) {
      const { session: current } = ctx;
      assertAcceptablePassword(body.password);
      const found = await deps.staff.openInvitationByToken(hash);
      if (!found) throw new AppError('INVITATION_INVALID', 'This invitation is invalid or has expired.');
      const { invitation } = found;
      if (await userRepository.findByEmail(db, invitation.email)) {
        throw fieldError('AUTH_EMAIL_TAKEN', 'email', 'An account with this email exists: sign in and accept the invitation.');
      }
      const passwordHash = await hashPassword(body.password);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const user = await userRepository.insert(tx, { id: newId(), name: body.name, email: invitation.email, passwordHash, createdAt: now, updatedAt: now });
        await deps.staff.answerInvitation(tx, invitation, user.id, 'accepted', now);
        await audit.record(tx, ctx, {
          action: 'invitation.accepted',
          description: `Joined ${found.businessName} from an invitation`,
          actorUserId: user.id,
          businessId: invitation.businessId,
          objectType: 'invitation',
          objectId: invitation.id,
        });
        const signedIn = await signIn(current, user, ctx, tx);
        return { ...signedIn, businessId: invitation.businessId };
      });
    },

    confirmPassword,
    confirmSecondFactor,
    confirmIdentity,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
