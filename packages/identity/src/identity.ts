import { z } from 'zod';
import { text } from '@merchant/core';
import { BusinessSummarySchema, CreateBusinessBodySchema, RoleTitleSchema } from '@merchant/business';
import { EmailSchema } from './login';

/** Field notes: no composition rules; at least 8 characters, 64+ allowed; common ones refused server-side. */
export const NewPasswordSchema = text().min(8, 'Use at least 8 characters').max(128, 'Use at most 128 characters');
export const PersonNameSchema = text().trim().min(1, 'Enter your name').max(120);

export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  is_super_admin: z.boolean(),
  two_factor_enabled: z.boolean(),
  businesses: z.object({
    owned: z.array(BusinessSummarySchema),
    member: z.array(BusinessSummarySchema),
  }),
  pending_invitations: z.number().int(),
});
export type User = z.infer<typeof UserSchema>;

export const CsrfTokenSchema = z.object({ token: z.string() });

export const LoginResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('authenticated'), user: UserSchema }),
  z.object({ status: z.literal('two_factor_required') }),
]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const TotpCodeSchema = text()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');
export const RecoveryCodeSchema = text().trim().min(8).max(32);
export const CheckpointBodySchema = z
  .object({ code: TotpCodeSchema.optional(), recovery_code: RecoveryCodeSchema.optional() })
  .refine((b) => Boolean(b.code) !== Boolean(b.recovery_code), {
    message: 'Enter either an authentication code or a recovery code',
    path: ['code'],
  });

export const PasswordResetRequestBodySchema = z.object({ email: EmailSchema });
export const PasswordResetBodySchema = z
  .object({ token: text().min(10).max(200), email: EmailSchema, password: NewPasswordSchema, password_confirmation: text().max(1024) })
  .refine((b) => b.password === b.password_confirmation, { message: 'Passwords do not match', path: ['password_confirmation'] });

export const MessageSchema = z.object({ message: z.string() });
export const OkSchema = z.object({ ok: z.literal(true) });

export const RegisterBodySchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  business: CreateBusinessBodySchema,
  /**
   * A referral code (the `ref` of a referral link): a partner's links the new business to that partner; another
   * merchant's (Refer and Earn) records the referral for that merchant's reward.
   */
  referral_code: text()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9-]*$/, 'Use the code as it was given to you')
    .optional(),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;
export const RegisterResponseSchema = z.object({ user: UserSchema, business_id: z.string() });

export const InvitationHashParamsSchema = z.object({ hash: text().min(20).max(200) });
export const InvitationPreviewSchema = z.object({
  email: z.string(),
  business_name: z.string(),
  role: z.object({ title: RoleTitleSchema }),
  user_exists: z.boolean(),
  expires_at: z.string(),
});
export const RegisterCompleteBodySchema = z.object({ name: PersonNameSchema, password: NewPasswordSchema });

export const InvitationSchema = z.object({
  id: z.string(),
  business: z.object({ id: z.string(), name: z.string() }),
  role: z.object({ title: RoleTitleSchema }),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationParamsSchema = z.object({ invitation_id: z.uuid() });

export const UpdateAccountBodySchema = z.object({ name: PersonNameSchema });
export const ChangeEmailBodySchema = z.object({ email: EmailSchema, password: text().min(1, 'Enter your password').max(1024) });
export const ChangePasswordBodySchema = z
  .object({ current_password: text().min(1, 'Enter your current password').max(1024), password: NewPasswordSchema, password_confirmation: text().max(1024) })
  .refine((b) => b.password === b.password_confirmation, { message: 'Passwords do not match', path: ['password_confirmation'] });

export const StartTwoFactorBodySchema = z.object({ password: text().min(1, 'Enter your password').max(1024) });
export const StartTwoFactorResponseSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code: z.string().describe('SVG data URL of the otpauth URL'),
});
export const ConfirmTwoFactorBodySchema = z.object({ code: TotpCodeSchema });
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export const DisableTwoFactorBodySchema = z.object({ code: text().trim().min(6, 'Enter a code').max(32) });

export const SessionInfoSchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  last_active_at: z.string(),
  created_at: z.string(),
  current: z.boolean(),
});
export const SessionIdParamsSchema = z.object({ session_id: text().min(8).max(64) });
export const RevokeOtherSessionsBodySchema = z.object({ password: text().min(1, 'Enter your password').max(1024) });

/**
 * What the person's own audit log lists (spec 2, user settings: account, security, audit logs): their sign-ins
 * (failed ones too) and sign-outs, and the changes to their account and its security (details, email, password,
 * two-factor, sessions), and the invitations they accepted or declined. What they do in a business is that
 * business's audit log, not theirs.
 */
export const USER_AUDIT_ACTIONS = [
  'auth.registered',
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.password_reset',
  'user.updated',
  'user.email_changed',
  'user.password_changed',
  'user.two_factor_enabled',
  'user.two_factor_disabled',
  'user.session_revoked',
  'user.sessions_revoked',
  // Joining a business or refusing to: it changes what the account can reach, as a role given by someone else does not.
  'invitation.accepted',
  'invitation.declined',
] as const;

export const AuditLogEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  description: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  business_id: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;
