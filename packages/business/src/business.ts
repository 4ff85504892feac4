import { z } from 'zod';
import { ALL_PERMISSIONS, CurrencyCodeSchema, ROLES, ROLE_TITLES, isKnownCountry, text, type Permission } from '@merchant/core';

export const BusinessIdSchema = z.uuid();
export const BusinessParamsSchema = z.object({ business_id: BusinessIdSchema });

export const BUSINESS_TYPES = ['merchant', 'partner'] as const;
export const MEMBER_STATUSES = ['active', 'deactivated'] as const;
export const WARNING_STYLES = ['info', 'danger', 'warning'] as const;
export const BusinessTypeSchema = z.enum(BUSINESS_TYPES);

/** questionnaire -> pending_verification -> completed | blocked (spec 4). */
export const ONBOARDING_STATUSES = ['questionnaire', 'pending_verification', 'blocked', 'completed'] as const;
export const OnboardingStatusSchema = z.enum(ONBOARDING_STATUSES);
export type OnboardingStatus = z.infer<typeof OnboardingStatusSchema>;

export const RoleSchema = z.enum(ROLES);
export const RoleTitleSchema = z.enum(Object.values(ROLE_TITLES) as [string, ...string[]]);
export const PermissionSchema = z.enum(ALL_PERMISSIONS as [string, ...string[]]);

export const CountryCodeSchema = text()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Use a two-letter country code')
  .refine(isKnownCountry, 'Unknown country')
  .transform((c) => c.toLowerCase());
/** Defined once with the money schemas in `@merchant/core`; re-exported for the business contracts. */
export { CurrencyCodeSchema };

export const BusinessWarningSchema = z.object({
  id: z.string(),
  style: z.enum(WARNING_STYLES),
  title: z.string(),
  body: z.string(),
  cta_title: z.string().nullable(),
  cta_url: z.string().nullable(),
  /** The permission its action needs: the screens offer the action only to who holds it, and tell the others who can. */
  cta_permission: z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]]).nullable(),
});
export type BusinessWarning = z.infer<typeof BusinessWarningSchema>;

export const BusinessSummarySchema = z.object({
  id: BusinessIdSchema,
  identifier: z.string(),
  name: z.string(),
  type: BusinessTypeSchema,
  country: z.string(),
  currency: CurrencyCodeSchema,
  onboarding_status: OnboardingStatusSchema,
  role: z.object({ title: RoleTitleSchema }).nullable(),
});
export type BusinessSummary = z.infer<typeof BusinessSummarySchema>;

export const BusinessAddressSchema = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
});
export type BusinessAddress = z.infer<typeof BusinessAddressSchema>;

/** The business as GET /v1/business/{id} answers it (spec 3). */
export const BusinessSchema = BusinessSummarySchema.extend({
  /** The IANA time zone of the business's days: every day, week and month, and every time the screens show. */
  time_zone: z.string(),
  logo_url: z.string().nullable(),
  address: BusinessAddressSchema,
  /** The tax registration (GST, VAT...) number printed on its invoices, or null. */
  tax_number: z.string().nullable(),
  /** Every member must have two-factor authentication on before working in the business. */
  require_two_factor: z.boolean(),
  /** The caller is a member without two-factor while the business requires it: the web sends them to the set-up screen. */
  two_factor_required_for_user: z.boolean(),
  stripe_enabled: z.boolean(),
  xendit_enabled: z.boolean(),
  active_providers: z.array(z.string()),
  features: z.object({ send_money: z.boolean() }),
  platform_enabled: z.boolean(),
  warnings: z.array(BusinessWarningSchema),
  /** What the signed-in user may do here (from the permission map). */
  permissions: z.array(PermissionSchema),
  /**
   * The viewer may only read this business: a super admin who is not one of its members (they change a
   * business through the admin area). Screens hide every control that would change it.
   */
  read_only: z.boolean(),
  /** Transfers awaiting review, for the Send Payments dot. */
  transfers_awaiting_review: z.number().int(),
  /** Payments run on the test processor: no real money moves. The dashboard shows a Test mode mark while it is true. */
  test_mode: z.boolean(),
});
export type Business = z.infer<typeof BusinessSchema>;

export const CreateBusinessBodySchema = z.object({
  name: text().trim().min(2, 'Enter the business name').max(120),
  country: CountryCodeSchema,
  currency: CurrencyCodeSchema,
});
export type CreateBusinessBody = z.input<typeof CreateBusinessBodySchema>;

export const BusinessUserSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.object({ title: RoleTitleSchema }),
  status: z.enum(MEMBER_STATUSES),
  two_factor_enabled: z.boolean(),
  joined_at: z.string(),
});
export type BusinessUser = z.infer<typeof BusinessUserSchema>;

export const DomainInfoSchema = z.object({
  business_shop_domain: z.string().nullable(),
  app_shop_domain: z.string(),
  app_api_shop_domain: z.string(),
  is_domain_verified: z.boolean(),
});
export type DomainInfo = z.infer<typeof DomainInfoSchema>;

export const OnboardingProgressSchema = z.object({
  is_completed: z.boolean(),
  progress: z.number().int().min(0).max(100),
});
export type OnboardingProgress = z.infer<typeof OnboardingProgressSchema>;

/** Headers of the storefront cache calls (spec 7). */
export const ShopCacheHeadersSchema = z.object({
  'x-business-id': BusinessIdSchema,
  'x-business-identifier': text().min(1).max(200),
  'x-business-domain': text().min(1).max(255),
});
