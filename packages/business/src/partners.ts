import { z } from 'zod';
import { CurrencyCodeSchema, csvAnswer, defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema, OnboardingStatusSchema } from './business';

/**
 * Partners and referrals (issue 30; docs/decisions.md, "Partners and referrals"): a partner business brings
 * merchants by its referral link; a merchant sees its partners and may end a link. A partner sees of a linked
 * merchant its name, onboarding state and totals only, never its customers or payments.
 */
export const PARTNER_LINK_STATUSES = ['active', 'ended'] as const;
export const PartnerLinkStatusSchema = z.enum(PARTNER_LINK_STATUSES);

/** One currency's total (volume or earnings), minor units. */
export const CurrencyTotalSchema = z.object({ currency: CurrencyCodeSchema, amount: z.number().int(), count: z.number().int() });
export type CurrencyTotal = z.infer<typeof CurrencyTotalSchema>;

/** The partner's referral code and the path of its referral link (the register screen with `?ref=`). */
export const PartnerReferralSchema = z.object({ code: z.string(), link_path: z.string() });
export type PartnerReferral = z.infer<typeof PartnerReferralSchema>;

/** A linked merchant as its partner sees it: state and totals, nothing of its customers or payments. */
export const LinkedBusinessSchema = z.object({
  link_id: z.string(),
  name: z.string(),
  onboarding_status: OnboardingStatusSchema,
  status: PartnerLinkStatusSchema,
  linked_at: z.string(),
  ended_at: z.string().nullable(),
  /** Captured payments' gross and count per currency since the link was made. */
  volume: z.array(CurrencyTotalSchema),
});
export type LinkedBusiness = z.infer<typeof LinkedBusinessSchema>;
export const LinkedBusinessesSchema = z.object({ businesses: z.array(LinkedBusinessSchema) });

/** What a partner of the business can see: written on the merchant's screen beside each partner. */
export const PARTNER_SEES = ['Your business name', 'Your verification state', 'Your payment volume and its count, as totals'] as const;

/** A partner linked to the business, as the merchant sees it. */
export const BusinessPartnerSchema = z.object({
  link_id: z.string(),
  partner_name: z.string(),
  source: z.enum(['referral', 'invitation']),
  status: PartnerLinkStatusSchema,
  linked_at: z.string(),
  ended_at: z.string().nullable(),
});
export type BusinessPartner = z.infer<typeof BusinessPartnerSchema>;

/**
 * Partner invitations (docs/decisions.md, "Partner invitations"): a partner invites an existing merchant by the email of
 * one of its owners; the merchant accepts (the link is made as a referral link's is) or declines. Valid `PARTNER_INVITATION_DAYS`.
 */
export const PARTNER_INVITATION_DAYS = 14;
/**
 * Invitations a partner business may send in any 24 hours (docs/decisions.md, "Partner invitations"); more answer 429
 * `PARTNER_INVITATION_LIMIT` on `email` with Retry-After.
 */
export const PARTNER_INVITATIONS_PER_DAY = 50;
export const PARTNER_INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked', 'expired'] as const;
export const PartnerInvitationStatusSchema = z.enum(PARTNER_INVITATION_STATUSES);
export type PartnerInvitationStatus = z.infer<typeof PartnerInvitationStatusSchema>;
export const PARTNER_INVITATION_STATUS_LABELS: Record<PartnerInvitationStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  revoked: 'Revoked',
  expired: 'Expired',
};

/** A pending invitation as the invited merchant sees it. */
export const MerchantPartnerInvitationSchema = z.object({
  invitation_id: z.string(),
  partner_name: z.string(),
  email: z.string(),
  invited_at: z.string(),
  expires_at: z.string(),
});
export type MerchantPartnerInvitation = z.infer<typeof MerchantPartnerInvitationSchema>;

export const BusinessPartnersSchema = z.object({
  partners: z.array(BusinessPartnerSchema),
  /** Pending invitations sent to one of the business's owners' emails. */
  invitations: z.array(MerchantPartnerInvitationSchema),
  partner_sees: z.array(z.string()),
});
export type BusinessPartners = z.infer<typeof BusinessPartnersSchema>;

/** An invitation as the partner sees it: the email it wrote and the status, nothing of the merchant until it accepts. */
export const PartnerInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: PartnerInvitationStatusSchema,
  invited_at: z.string(),
  expires_at: z.string(),
  responded_at: z.string().nullable(),
  /** The merchant's name once it accepted; null otherwise. */
  business_name: z.string().nullable(),
});
export type PartnerInvitation = z.infer<typeof PartnerInvitationSchema>;
export const PartnerInvitationsSchema = z.object({ invitations: z.array(PartnerInvitationSchema) });

export const InvitePartnerMerchantBodySchema = z.object({
  email: text().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254, 'Use at most 254 characters')),
});
export const PartnerInvitationParamsSchema = BusinessParamsSchema.extend({ invitation_id: z.uuid('Unknown invitation') });
/** Accepting or declining says so on purpose, as ending a link does. */
export const AnswerPartnerInvitationBodySchema = z.object({ confirm: z.literal(true, 'Confirm your answer') });

export const PartnerLinkParamsSchema = BusinessParamsSchema.extend({ link_id: z.uuid('Unknown link') });
/** Ending a link says so on purpose: the screen asks to confirm, the body carries the answer. */
export const EndPartnerLinkBodySchema = z.object({ confirm: z.literal(true, 'Confirm that the link ends'), reason: text().trim().max(500).optional() });

/** The commission plan: a share of the merchant's fees (from the ledger) for a number of months after linking. */
export const COMMISSION_PLAN = { share_basis_points: 2000, months: 12 } as const;
export const COMMISSION_STATUSES = ['accrued', 'approved', 'paid'] as const;

/**
 * How commissions are paid (docs/decisions.md, "Partners and referrals"), as Shopify pays its partners: a closed month's
 * commissions are approved `hold_days` after the merchant's month ends; approved commissions are paid on the partner's
 * `pay_days` of each month (its calendar), per currency once they sum to at least `minimum_major` of the currency.
 */
export const COMMISSION_PAYOUT = { hold_days: 14, pay_days: [1, 16], minimum_major: '25' } as const;

/** A month's commission on one merchant in one currency (`month`: the merchant's calendar month, YYYY-MM). */
export const CommissionSchema = z.object({
  business_name: z.string(),
  month: z.string(),
  currency: CurrencyCodeSchema,
  fees: z.number().int(),
  share_basis_points: z.number().int(),
  amount: z.number().int(),
  status: z.enum(COMMISSION_STATUSES),
  /** When it was approved, and paid (credited to the partner's balance); null until then. */
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type Commission = z.infer<typeof CommissionSchema>;
export const CommissionsSchema = z.object({
  plan: z.object({ share_basis_points: z.number().int(), months: z.number().int() }),
  commissions: z.array(CommissionSchema),
});

/** A month's statement: the partner's calendar month, YYYY-MM. */
export const CommissionStatementQuerySchema = z.object({
  month: text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month (YYYY-MM)'),
});
/** The columns of a month's commission statement (CSV): one row per merchant and currency, then a total per currency. */
export const COMMISSION_STATEMENT_COLUMNS = ['Business', 'Month', 'Currency', 'Fees', 'Share (%)', 'Commission', 'Status'] as const;

/** Money per currency (minor units): one figure of the partner's overview. */
export const MoneyByCurrencySchema = z.array(z.object({ currency: CurrencyCodeSchema, amount: z.number().int() }));
export type MoneyByCurrency = z.infer<typeof MoneyByCurrencySchema>;

/**
 * The partner's overview: earnings (this month so far is an estimate from the ledger's fees, the month is counted
 * once it ends), what waits and what was paid, the live merchants by onboarding state, and twelve months of
 * commissions for the chart (months without commissions are in it with nothing).
 */
export const PartnerOverviewSchema = z.object({
  /** The partner's calendar months (YYYY-MM). */
  this_month: z.string(),
  last_month: z.string(),
  earnings: z.object({
    this_month_estimate: MoneyByCurrencySchema,
    last_month: MoneyByCurrencySchema,
    pending: MoneyByCurrencySchema,
    paid: MoneyByCurrencySchema,
  }),
  merchants: z.object({
    /** Live links by their business's onboarding state (their sum is the live merchants). */
    ended: z.number().int(),
    by_state: z.array(z.object({ onboarding_status: OnboardingStatusSchema, count: z.number().int() })),
  }),
  months: z.array(z.object({ month: z.string(), totals: MoneyByCurrencySchema })),
  /** The partner's available balance per currency: where its paid commissions are credited. */
  balance: MoneyByCurrencySchema,
  /** The currencies with a default bank account: the balance in them is paid out to it (docs/decisions.md, "Partner payouts"). */
  bank_account_currencies: z.array(CurrencyCodeSchema),
});
export type PartnerOverview = z.infer<typeof PartnerOverviewSchema>;

export const partnerEndpoints = {
  overview: defineEndpoint({
    id: 'partner.overview',
    method: 'GET',
    path: '/v1/business/:business_id/partner/overview',
    summary: "The partner's earnings this month and last, pending and paid, its merchants by state and a year of commissions",
    access: { kind: 'business', permission: 'business:view', standing: 'partner' },
    params: BusinessParamsSchema,
    response: PartnerOverviewSchema,
  }),
  commissions: defineEndpoint({
    id: 'partner.commissions',
    method: 'GET',
    path: '/v1/business/:business_id/partner/commissions',
    summary: "The partner's commissions per merchant and month, newest month first, with the plan",
    access: { kind: 'business', permission: 'business:view', standing: 'partner' },
    params: BusinessParamsSchema,
    response: CommissionsSchema,
  }),
  statement: defineEndpoint({
    id: 'partner.commissions.statement',
    method: 'GET',
    path: '/v1/business/:business_id/partner/commissions/statement',
    summary: "A month's commission statement as a CSV download: each merchant's fees, the share and the commission, with totals",
    access: { kind: 'business', permission: 'business:view', standing: 'partner' },
    params: BusinessParamsSchema,
    query: CommissionStatementQuerySchema,
    response: csvAnswer(),
  }),
  referral: defineEndpoint({
    id: 'partner.referral',
    method: 'GET',
    path: '/v1/business/:business_id/partner/referral',
    summary: "The partner business's referral code and link",
    access: { kind: 'business', permission: 'business:view', standing: 'partner' },
    params: BusinessParamsSchema,
    response: PartnerReferralSchema,
  }),
  linkedBusinesses: defineEndpoint({
    id: 'partner.linkedBusinesses',
    method: 'GET',
    path: '/v1/business/:business_id/partner/linked-businesses',
    summary: 'The merchants linked to the partner: name, onboarding state and volume totals only',
    access: { kind: 'business', permission: 'business:view', standing: 'partner' },
    params: BusinessParamsSchema,
    response: LinkedBusinessesSchema,
  }),
  businessPartners: defineEndpoint({
    id: 'business.partners',
    method: 'GET',
    path: '/v1/business/:business_id/partners',
    summary: 'The partners linked to the business and what they can see',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: BusinessPartnersSchema,
  }),
  invitations: defineEndpoint({
    id: 'partner.invitations',
    method: 'GET',
    path: '/v1/business/:business_id/partner/invitations',
    summary: "The partner's invitations of merchants, newest first, with their status",
    access: { kind: 'business', permission: 'business:view', standing: 'partner' },
    params: BusinessParamsSchema,
    response: PartnerInvitationsSchema,
  }),
  invite: defineEndpoint({
    id: 'partner.invitations.create',
    method: 'POST',
    path: '/v1/business/:business_id/partner/invitations',
    summary:
      "Invite an existing merchant by an owner's email (answered alike whether or not the email is known); one pending invitation per email, at most PARTNER_INVITATIONS_PER_DAY in 24 hours",
    access: { kind: 'business', permission: 'settings:manage', standing: 'partner' },
    params: BusinessParamsSchema,
    body: InvitePartnerMerchantBodySchema,
    response: PartnerInvitationSchema,
    status: 201,
    errors: ['PARTNER_ALREADY_INVITED', 'PARTNER_INVITATION_LIMIT'],
  }),
  revokeInvitation: defineEndpoint({
    id: 'partner.invitations.revoke',
    method: 'POST',
    path: '/v1/business/:business_id/partner/invitations/:invitation_id/revoke',
    summary: 'Revoke a pending invitation (audited)',
    access: { kind: 'business', permission: 'settings:manage', standing: 'partner' },
    errors: ['PARTNER_INVITATION_NOT_FOUND', 'PARTNER_INVITATION_NOT_PENDING'],
    params: PartnerInvitationParamsSchema,
    response: PartnerInvitationSchema,
  }),
  acceptInvitation: defineEndpoint({
    id: 'business.partners.invitations.accept',
    method: 'POST',
    path: '/v1/business/:business_id/partner-invitations/:invitation_id/accept',
    summary: "Accept a partner's invitation: links the business to the partner (audited and mailed on both sides)",
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    errors: ['PARTNER_INVITATION_NOT_FOUND', 'PARTNER_INVITATION_NOT_PENDING', 'PARTNER_ALREADY_LINKED'],
    params: PartnerInvitationParamsSchema,
    body: AnswerPartnerInvitationBodySchema,
    response: BusinessPartnerSchema,
  }),
  declineInvitation: defineEndpoint({
    id: 'business.partners.invitations.decline',
    method: 'POST',
    path: '/v1/business/:business_id/partner-invitations/:invitation_id/decline',
    summary: "Decline a partner's invitation (audited on both sides)",
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    errors: ['PARTNER_INVITATION_NOT_FOUND', 'PARTNER_INVITATION_NOT_PENDING'],
    params: PartnerInvitationParamsSchema,
    body: AnswerPartnerInvitationBodySchema,
    response: z.object({ ok: z.literal(true) }),
  }),
  endLink: defineEndpoint({
    id: 'business.partners.end',
    method: 'POST',
    path: '/v1/business/:business_id/partners/:link_id/end',
    summary: 'End the link with a partner (audited, mailed to both sides)',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    errors: ['PARTNER_LINK_NOT_FOUND'],
    params: PartnerLinkParamsSchema,
    body: EndPartnerLinkBodySchema,
    response: BusinessPartnerSchema,
  }),
};
