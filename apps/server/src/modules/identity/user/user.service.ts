import QRCode from 'qrcode';
import { AppError, fieldError } from '@merchant/core';
import { USER_AUDIT_ACTIONS } from '@merchant/identity';
import type { Executor } from '@/db/client';
import type { SignedInContext, UserRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { hashPassword, randomToken, sha256 } from '@/lib/crypto';
import { totp } from '@/lib/totp';
import type { StaffService } from '@/modules/business/staff/staff.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { assertAcceptablePassword, type AuthService } from '../auth/auth.service';
import type { SessionService } from '../session/session.service';
import { publicSessionId } from '../session/session.service';
import { presentUserWith } from './user.presenter';
import type { BusinessService } from '@/modules/business/business/business.service';
import { userRepository } from './user.repository';

const ISSUER = 'Merchant Dashboard';
const RECOVERY_CODE_COUNT = 8;

function newRecoveryCode(): string {
  const raw = randomToken(8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const padded = (raw + sha256(raw)).slice(0, 10);
  return `${padded.slice(0, 5)}-${padded.slice(5, 10)}`;
}

export function createUserService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  sessions: SessionService;
  auth: AuthService;
  business: Pick<BusinessService, 'homeOf'>;
  staff: Pick<StaffService, 'pendingInvitationsFor' | 'findPendingInvitation' | 'answerInvitation'>;
}) {
  const { db, clock, audit } = deps;
  const presentUser = async (user: UserRow, now: Date) => presentUserWith(user, await deps.business.homeOf(db, user, now), now);

  return {
    /** GET /v1/user: the user row comes with the session, the rest from the session cache. */
    present: async (ctx: SignedInContext) => presentUserWith(ctx.user, await deps.sessions.home(ctx.user), clock.now()),

    async updateAccount(ctx: SignedInContext, body: { name: string }) {
      const { user } = ctx;
      const updated = await db.transaction(async (tx) => {
        const row = await userRepository.update(tx, user.id, { name: body.name, updatedAt: clock.now() });
        await audit.record(tx, ctx, { action: 'user.updated', description: 'Changed account details', actorUserId: user.id });
        return row;
      });
      return presentUser(updated, clock.now());
    },

    async changeEmail(ctx: SignedInContext, body: { email: string; password: string }) {
      const { user } = ctx;
      await deps.auth.confirmPassword(user, body.password);
      if (body.email !== user.email) {
        const other = await userRepository.findByEmail(db, body.email);
        if (other) throw fieldError('AUTH_EMAIL_TAKEN', 'email', 'This email is already used by another account.');
      }
      const updated = await db.transaction(async (tx) => {
        const row = await userRepository.update(tx, user.id, { email: body.email, updatedAt: clock.now() });
        await audit.record(tx, ctx, {
          action: 'user.email_changed',
          description: `Changed the sign-in email from ${user.email} to ${body.email}`,
          actorUserId: user.id,
        });
        return row;
      });
      return presentUser(updated, clock.now());
    },

    /** Field notes: a password change ends the other sessions. */
    async changePassword(ctx: SignedInContext, body: { current_password: string; password: string }) {
      const { user, session } = ctx;
      await deps.auth.confirmPassword(user, body.current_password, 'current_password');
      assertAcceptablePassword(body.password);
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        await userRepository.update(tx, user.id, { passwordHash, updatedAt: clock.now() });
        await deps.sessions.destroyAllForUser(user.id, session.id, tx);
        await audit.record(tx, ctx, { action: 'user.password_changed', description: 'Changed the password', actorUserId: user.id });
      });
    },

    async startTwoFactor(ctx: SignedInContext, body: { password: string }) {
      const { user } = ctx;
      if (user.twoFactorConfirmedAt) throw new AppError('AUTH_TWO_FACTOR_ALREADY_ENABLED', 'Two-factor authentication is already on.');
      await deps.auth.confirmPassword(user, body.password);
      const secret = totp.generateSecret();
      await userRepository.update(db, user.id, { twoFactorPendingSecret: secret });
      const otpauthUrl = totp.keyUri(user.email, ISSUER, secret);
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
      return { secret, otpauth_url: otpauthUrl, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    async confirmTwoFactor(ctx: SignedInContext, body: { code: string }) {
      const { user } = ctx;
      if (user.twoFactorConfirmedAt) throw new AppError('AUTH_TWO_FACTOR_ALREADY_ENABLED', 'Two-factor authentication is already on.');
      const secret = user.twoFactorPendingSecret;
      if (!secret) throw new AppError('AUTH_TWO_FACTOR_NOT_STARTED', 'Start enabling two-factor authentication first.');
      const step = totp.matchStep(body.code, secret, clock.now());
      if (step === null) throw fieldError('AUTH_TWO_FACTOR_INVALID', 'code', 'The provided two-factor code was invalid.');
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction(async (tx) => {
        const now = clock.now();
        await userRepository.update(tx, user.id, {
          twoFactorSecret: secret,
          twoFactorPendingSecret: null,
          twoFactorConfirmedAt: now,
          twoFactorLastStep: step,
          updatedAt: now,
        });
        await userRepository.replaceRecoveryCodes(tx, user.id, codes.map(sha256), now);
        await audit.record(tx, ctx, { action: 'user.two_factor_enabled', description: 'Turned on two-factor authentication', actorUserId: user.id });
      });
      return { recovery_codes: codes };
    },

    async disableTwoFactor(ctx: SignedInContext, body: { code: string }) {
      const { user } = ctx;
      if (!user.twoFactorConfirmedAt) throw new AppError('AUTH_TWO_FACTOR_NOT_ENABLED', 'Two-factor authentication is off.');
      const isTotp = /^\d{6}$/.test(body.code);
      await deps.auth.confirmSecondFactor(user, isTotp ? { code: body.code } : { recovery_code: body.code }, async (tx) => {
        await userRepository.update(tx, user.id, {
          twoFactorSecret: null,
          twoFactorPendingSecret: null,
          twoFactorConfirmedAt: null,
          updatedAt: clock.now(),
        });
        await userRepository.replaceRecoveryCodes(tx, user.id, [], clock.now());
        await audit.record(tx, ctx, { action: 'user.two_factor_disabled', description: 'Turned off two-factor authentication', actorUserId: user.id });
      });
    },

    async sessions(ctx: SignedInContext) {
      const { user, session: current } = ctx;
      const rows = await deps.sessions.listForUser(user.id);
      return rows
        .map((r) => ({
          id: publicSessionId(r),
          ip: r.ip,
          user_agent: r.userAgent,
          last_active_at: r.lastActivityAt.toISOString(),
          created_at: r.createdAt.toISOString(),
          current: r.id === current.id,
        }))
        .sort((a, b) => b.last_active_at.localeCompare(a.last_active_at));
    },

    async revokeSession(ctx: SignedInContext, publicId: string) {
      const { user, session: current } = ctx;
      if (publicId === publicSessionId(current)) {
        throw fieldError('VALIDATION_FAILED', 'session_id', 'Use Sign out to end the session you are using.');
      }
      if (!(await deps.sessions.destroyByPublicId(user.id, publicId))) throw new AppError('NOT_FOUND', 'Session not found.');
      await audit.record(db, ctx, { action: 'user.session_revoked', description: 'Signed out another session', actorUserId: user.id });
    },

    async revokeOtherSessions(ctx: SignedInContext, body: { password: string }) {
      const { user, session: current } = ctx;
      await deps.auth.confirmPassword(user, body.password);
      const revoked = await deps.sessions.destroyAllForUser(user.id, current.id);
      await audit.record(db, ctx, {
        action: 'user.sessions_revoked',
        description: `Signed out ${revoked} other session${revoked === 1 ? '' : 's'}`,
        actorUserId: user.id,
      });
      return revoked;
    },

    async auditLogs(ctx: SignedInContext, query: { limit: number; cursor?: string | undefined }) {
      const { user } = ctx;
      // Sign-ins and the account's own changes only: what the person did in a business is in that business's log.
      const page = await audit.pageForUser(db, user.id, USER_AUDIT_ACTIONS, query.limit, query.cursor);
      return {
        data: page.rows.map((r) => ({
          id: r.id,
          action: r.action,
          description: r.description,
          ip: r.ip,
          user_agent: r.userAgent,
          created_at: r.createdAt.toISOString(),
          business_id: r.businessId,
        })),
        next_cursor: page.nextCursor,
      };
    },

    async invitations(ctx: SignedInContext) {
      const { user } = ctx;
      const rows = await deps.staff.pendingInvitationsFor(user.email);
      return rows.map(({ invitation, businessName, invitedBy }) => ({
        id: invitation.id,
        business: { id: invitation.businessId, name: businessName },
        role: { title: ({ owner: 'Owner', admin: 'Admin', manager: 'Manager', cashier: 'Cashier' } as const)[invitation.role] },
        invited_by: invitedBy,
        expires_at: invitation.expiresAt.toISOString(),
      }));
    },

    async respondToInvitation(ctx: SignedInContext, invitationId: string, answer: 'accepted' | 'declined') {
      const { user } = ctx;
      const now = clock.now();
      return db.transaction(async (tx) => {
        const invitation = await deps.staff.findPendingInvitation(tx, invitationId, user.email, now);
        if (!invitation) throw new AppError('INVITATION_INVALID', 'This invitation is invalid or has expired.');
        await deps.staff.answerInvitation(tx, invitation, user.id, answer, now);
        await audit.record(tx, ctx, {
          action: `invitation.${answer}`,
          description: answer === 'accepted' ? 'Accepted an invitation' : 'Declined an invitation',
          actorUserId: user.id,
          businessId: invitation.businessId,
          objectType: 'invitation',
          objectId: invitation.id,
        });
        return invitation.businessId;
      });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
