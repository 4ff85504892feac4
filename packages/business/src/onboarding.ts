import { z } from 'zod';
import { CalendarDateSchema, CURRENCY_CODE_PATTERN, CurrencyCodeSchema, defineEndpoint, fileAnswer, text } from '@merchant/core';
import { BusinessIdSchema, BusinessParamsSchema, CountryCodeSchema, OnboardingStatusSchema } from './business';

/**
 * The onboarding questionnaire (spec 2, issue 3) and the super admins' review of it.
 * Four answer steps are saved one at a time (PUT); the documents step is complete when both kinds
 * of document are uploaded. See docs/decisions.md for the progress rule and the document limits.
 */
export const ONBOARDING_STEPS = ['business', 'owner', 'address', 'sales', 'documents'] as const;
export const OnboardingStepSchema = z.enum(ONBOARDING_STEPS);
export type OnboardingStep = z.infer<typeof OnboardingStepSchema>;
/** The steps whose answers are saved with PUT (documents are uploaded one by one). */
export const ANSWER_STEPS = ['business', 'owner', 'address', 'sales'] as const;
export type AnswerStep = (typeof ANSWER_STEPS)[number];

export const ONBOARDING_STEP_TITLES: Record<OnboardingStep, string> = {
  business: 'Business details',
  owner: 'Owner identity',
  address: 'Business address',
  sales: 'Expected sales',
  documents: 'Documents',
};

/** Progress rule: each complete step 15% (at most 75 before submitting), submitted 90, verified 100. */
export const PROGRESS_PER_STEP = 15;
export const PROGRESS_SUBMITTED = 90;

export const LEGAL_TYPES = {
  sole_proprietor: 'Sole proprietor',
  partnership: 'Partnership',
  company: 'Company',
  non_profit: 'Non-profit',
} as const;
export const LegalTypeSchema = z.enum(Object.keys(LEGAL_TYPES) as [keyof typeof LEGAL_TYPES, ...(keyof typeof LEGAL_TYPES)[]], {
  error: 'Choose the type of business',
});

export const INDUSTRIES = {
  food_beverage: 'Food and beverage',
  retail: 'Retail',
  ecommerce: 'Online shop',
  professional_services: 'Professional services',
  health_beauty: 'Health and beauty',
  education: 'Education',
  travel_hospitality: 'Travel and hospitality',
  events_entertainment: 'Events and entertainment',
  software: 'Software and digital goods',
  home_services: 'Home services',
  non_profit: 'Charity and non-profit',
  other: 'Other',
} as const;
export const IndustrySchema = z.enum(Object.keys(INDUSTRIES) as [keyof typeof INDUSTRIES, ...(keyof typeof INDUSTRIES)[]], {
  error: 'Choose an industry',
});

export const ID_TYPES = {
  passport: 'Passport',
  national_id: 'National identity card',
  driving_licence: 'Driving licence',
} as const;
/** An identity document's number as screens show it, all but its last four hidden ("•••• 567A", as Stripe shows one). */
export function maskIdNumber(idNumber: string): string {
  const kept = idNumber.trim();
  return kept.length <= 4 ? '••••' : `•••• ${kept.slice(-4)}`;
}
export const IdTypeSchema = z.enum(Object.keys(ID_TYPES) as [keyof typeof ID_TYPES, ...(keyof typeof ID_TYPES)[]], {
  error: 'Choose the type of identity document',
});

/** Monthly card volume ranges, in the business currency's major units. */
export const MONTHLY_VOLUMES = {
  under_10k: 'Under 10,000',
  '10k_50k': '10,000 to 50,000',
  '50k_250k': '50,000 to 250,000',
  '250k_1m': '250,000 to 1,000,000',
  over_1m: 'Over 1,000,000',
} as const;
export const MonthlyVolumeSchema = z.enum(Object.keys(MONTHLY_VOLUMES) as [keyof typeof MONTHLY_VOLUMES, ...(keyof typeof MONTHLY_VOLUMES)[]], {
  error: 'Choose the expected monthly volume',
});

const required = (label: string, max = 120) => text().trim().min(1, `Enter ${label}`).max(max);
/** An optional text: blank becomes null. */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const BusinessStepSchema = z.object({
  legal_name: required('the legal name', 160).min(2, 'Enter the legal name'),
  legal_type: LegalTypeSchema,
  registration_number: required('the registration number', 40).regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, 'Use letters, digits, spaces, dots, slashes or dashes'),
  website: text()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(v), 'Enter a full address starting with https://'),
  industry: IndustrySchema,
});
export type BusinessStep = z.output<typeof BusinessStepSchema>;

export const OwnerStepSchema = z.object({
  full_name: required('the full name', 120).min(2, 'Enter the full name'),
  /** A real day in the shared date range; the server checks the owner's age against its clock. */
  date_of_birth: CalendarDateSchema,
  nationality: CountryCodeSchema,
  id_type: IdTypeSchema,
  id_number: required('the document number', 40).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Use letters, digits, spaces or dashes'),
});
export type OwnerStep = z.output<typeof OwnerStepSchema>;
/** The owner must be an adult (checked on the server against its clock). */
export const MINIMUM_OWNER_AGE = 18;

export const AddressStepSchema = z.object({
  line1: required('the street address', 160),
  line2: optionalText(160),
  city: required('the city', 80),
  state: optionalText(80),
  postal_code: required('the postal code', 16).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Use letters, digits, spaces or dashes'),
});
export type AddressStep = z.output<typeof AddressStepSchema>;
/** As answered: the country is the business's, read-only. */
export const AddressAnswerSchema = AddressStepSchema.extend({ country: z.string() });

export const TicketAmountSchema = z.object({
  /** Integer minor units of `currency`. */
  amount: z.number({ error: 'Enter an amount' }).int('Use whole minor units').positive('Enter an amount above zero').max(Number.MAX_SAFE_INTEGER),
  currency: text().trim().toLowerCase().regex(CURRENCY_CODE_PATTERN, 'Use a three-letter currency code'),
});
export type TicketAmount = z.infer<typeof TicketAmountSchema>;

export const SalesStepSchema = z.object({
  monthly_volume: MonthlyVolumeSchema,
  /** In the business currency (checked on the server). */
  average_ticket: TicketAmountSchema,
  description: required('what you sell', 1000).min(20, 'Describe what you sell in at least 20 characters'),
});
export type SalesStep = z.output<typeof SalesStepSchema>;

export const STEP_BODY_SCHEMAS = {
  business: BusinessStepSchema,
  owner: OwnerStepSchema,
  address: AddressStepSchema,
  sales: SalesStepSchema,
} as const;

export const DOCUMENT_KINDS = {
  business_registration: 'Business registration document',
  owner_id: "Owner's identity document",
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;
export const DOCUMENT_KIND_KEYS = Object.keys(DOCUMENT_KINDS) as [DocumentKind, ...DocumentKind[]];
export const DocumentKindSchema = z.enum(DOCUMENT_KIND_KEYS, {
  error: 'Choose which document this is',
});
/** Upload limits (checked on the server; the web checks them too for comfort). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENT_SIZE_LABEL = `${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB`;
export const MAX_DOCUMENTS_PER_KIND = 3;
export const DOCUMENT_TYPES = {
  'application/pdf': { label: 'PDF', extensions: ['pdf'] },
  'image/png': { label: 'PNG', extensions: ['png'] },
  'image/jpeg': { label: 'JPEG', extensions: ['jpg', 'jpeg'] },
} as const;
export type DocumentContentType = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_CONTENT_TYPES = Object.keys(DOCUMENT_TYPES) as [DocumentContentType, ...DocumentContentType[]];
export const DocumentContentTypeSchema = z.enum(DOCUMENT_CONTENT_TYPES);

export const OnboardingDocumentSchema = z.object({
  id: z.uuid(),
  kind: DocumentKindSchema,
  file_name: z.string(),
  content_type: DocumentContentTypeSchema,
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
});
export type OnboardingDocument = z.infer<typeof OnboardingDocumentSchema>;

export const VERIFICATION_DECISIONS = ['approved', 'changes_requested', 'blocked'] as const;
export const VerificationDecisionSchema = z.enum(VERIFICATION_DECISIONS);
export const VERIFICATION_EVENT_KINDS = ['submitted', ...VERIFICATION_DECISIONS, 'unblocked'] as const;
export type VerificationDecision = z.infer<typeof VerificationDecisionSchema>;

export const VerificationEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(VERIFICATION_EVENT_KINDS),
  message: z.string().nullable(),
  actor_name: z.string().nullable(),
  at: z.string(),
});
export type VerificationEvent = z.infer<typeof VerificationEventSchema>;

/** Everything saved so far, what is missing, and where the business stands. */
export const OnboardingSchema = z.object({
  business_id: BusinessIdSchema,
  status: OnboardingStatusSchema,
  country: z.string(),
  currency: CurrencyCodeSchema,
  answers: z.object({
    business: BusinessStepSchema.nullable(),
    owner: OwnerStepSchema.nullable(),
    address: AddressAnswerSchema.nullable(),
    sales: SalesStepSchema.nullable(),
  }),
  documents: z.array(OnboardingDocumentSchema),
  completed_steps: z.array(OnboardingStepSchema),
  missing_steps: z.array(OnboardingStepSchema),
  progress: z.number().int().min(0).max(100),
  submitted_at: z.string().nullable(),
  /** The latest review decision, when there is one. */
  last_decision: VerificationEventSchema.nullable(),
});
export type Onboarding = z.infer<typeof OnboardingSchema>;

export const DocumentParamsSchema = BusinessParamsSchema.extend({ document_id: z.uuid() });
export const UploadDocumentQuerySchema = z.object({ kind: DocumentKindSchema });

const stepEndpoint = <B extends z.ZodType>(step: AnswerStep, body: B) =>
  defineEndpoint({
    id: `onboarding.save.${step}`,
    method: 'PUT',
    path: `/v1/business/:business_id/onboarding/${step}`,
    summary: `Save the "${ONBOARDING_STEP_TITLES[step]}" step of the questionnaire`,
    access: { kind: 'business', permission: 'verification:view', standing: 'merchant' },
    errors: ['ONBOARDING_OWNER_ONLY', 'ONBOARDING_LOCKED'],
    params: BusinessParamsSchema,
    body,
    response: OnboardingSchema,
  });

export const onboardingEndpoints = {
  get: defineEndpoint({
    id: 'onboarding.get',
    method: 'GET',
    path: '/v1/business/:business_id/onboarding',
    summary: 'The questionnaire answers, documents, missing steps and status',
    access: { kind: 'business', permission: 'verification:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: OnboardingSchema,
  }),
  saveBusiness: stepEndpoint('business', BusinessStepSchema),
  saveOwner: stepEndpoint('owner', OwnerStepSchema),
  saveAddress: stepEndpoint('address', AddressStepSchema),
  saveSales: stepEndpoint('sales', SalesStepSchema),
  uploadDocument: defineEndpoint({
    id: 'onboarding.uploadDocument',
    method: 'POST',
    path: '/v1/business/:business_id/onboarding/documents',
    summary: 'Upload a document (multipart/form-data, one `file` part; PDF, PNG or JPEG up to 5 MB)',
    access: { kind: 'business', permission: 'verification:view', standing: 'merchant' },
    errors: [
      'ONBOARDING_OWNER_ONLY',
      'ONBOARDING_LOCKED',
      'ONBOARDING_DOCUMENT_INVALID',
      'ONBOARDING_DOCUMENT_TYPE_MISMATCH',
      'ONBOARDING_DOCUMENT_TOO_LARGE',
      'ONBOARDING_DOCUMENT_LIMIT',
    ],
    params: BusinessParamsSchema,
    query: UploadDocumentQuerySchema,
    response: OnboardingDocumentSchema,
    status: 201,
  }),
  downloadDocument: defineEndpoint({
    id: 'onboarding.downloadDocument',
    method: 'GET',
    path: '/v1/business/:business_id/onboarding/documents/:document_id',
    summary: 'Download an uploaded document, as an attachment',
    access: { kind: 'business', permission: 'verification:view', standing: 'merchant' },
    errors: ['ONBOARDING_DOCUMENT_NOT_FOUND'],
    params: DocumentParamsSchema,
    response: fileAnswer(DOCUMENT_CONTENT_TYPES, 'The file, as it was uploaded (PDF, PNG or JPEG)'),
  }),
  deleteDocument: defineEndpoint({
    id: 'onboarding.deleteDocument',
    method: 'DELETE',
    path: '/v1/business/:business_id/onboarding/documents/:document_id',
    summary: 'Remove an uploaded document while the questionnaire is open',
    access: { kind: 'business', permission: 'verification:view', standing: 'merchant' },
    errors: ['ONBOARDING_DOCUMENT_NOT_FOUND', 'ONBOARDING_OWNER_ONLY', 'ONBOARDING_LOCKED'],
    params: DocumentParamsSchema,
    response: OnboardingSchema,
  }),
  submit: defineEndpoint({
    id: 'onboarding.submit',
    method: 'POST',
    path: '/v1/business/:business_id/onboarding/submit',
    summary: 'Submit the questionnaire for verification (every step must be complete)',
    access: { kind: 'business', permission: 'verification:view', standing: 'merchant' },
    errors: ['ONBOARDING_OWNER_ONLY', 'ONBOARDING_LOCKED', 'ONBOARDING_INCOMPLETE'],
    params: BusinessParamsSchema,
    response: OnboardingSchema,
  }),
} as const;

// ---- Super admin review ----

export const VerificationQueueItemSchema = z.object({
  business_id: BusinessIdSchema,
  name: z.string(),
  identifier: z.string(),
  country: z.string(),
  currency: CurrencyCodeSchema,
  owner_name: z.string().nullable(),
  owner_email: z.string().nullable(),
  submitted_at: z.string().nullable(),
});
export type VerificationQueueItem = z.infer<typeof VerificationQueueItemSchema>;

export const BusinessFlagsSchema = z.object({
  send_money: z.boolean(),
  stripe_enabled: z.boolean(),
  xendit_enabled: z.boolean(),
  platform_enabled: z.boolean(),
});
export type BusinessFlags = z.infer<typeof BusinessFlagsSchema>;
/**
 * What the review sets: `stripe_enabled` and `xendit_enabled` follow the business's provider connections
 * (payment methods) and are read here, never written (docs/payments.md, "payment-methods", business flags).
 */
export const UpdateBusinessFlagsBodySchema = BusinessFlagsSchema.pick({ send_money: true, platform_enabled: true })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Change at least one flag');
export type BusinessFlagsChanges = z.infer<typeof UpdateBusinessFlagsBodySchema>;

export const BusinessReviewSchema = z.object({
  business: z.object({
    id: BusinessIdSchema,
    name: z.string(),
    identifier: z.string(),
    type: z.enum(['merchant', 'partner']),
    country: z.string(),
    currency: CurrencyCodeSchema,
    onboarding_status: OnboardingStatusSchema,
    created_at: z.string(),
  }),
  owners: z.array(z.object({ name: z.string(), email: z.string() })),
  flags: BusinessFlagsSchema,
  onboarding: OnboardingSchema,
  history: z.array(VerificationEventSchema),
});
export type BusinessReview = z.infer<typeof BusinessReviewSchema>;

export const RequestChangesBodySchema = z.object({
  message: text().trim().min(10, 'Tell the merchant what to change (at least 10 characters)').max(1000),
});
export const BlockBusinessBodySchema = z.object({
  reason: text().trim().min(10, 'Give the reason (at least 10 characters)').max(1000),
});

export const AdminBusinessParamsSchema = z.object({ business_id: BusinessIdSchema });

export const verificationAdminEndpoints = {
  queue: defineEndpoint({
    id: 'verificationAdmin.queue',
    method: 'GET',
    path: '/v1/admin/verifications',
    summary: 'Businesses waiting for verification, oldest submission first',
    access: { kind: 'super-admin' },
    response: z.object({ data: z.array(VerificationQueueItemSchema) }),
  }),
  business: defineEndpoint({
    id: 'verificationAdmin.business',
    method: 'GET',
    path: '/v1/admin/businesses/:business_id',
    summary: 'A business with its questionnaire answers, documents, flags and review history',
    access: { kind: 'super-admin' },
    errors: ['VERIFICATION_BUSINESS_NOT_FOUND'],
    params: AdminBusinessParamsSchema,
    response: BusinessReviewSchema,
  }),
  approve: defineEndpoint({
    id: 'verificationAdmin.approve',
    method: 'POST',
    path: '/v1/admin/businesses/:business_id/approve',
    summary: 'Approve a pending business: its onboarding is completed',
    access: { kind: 'super-admin' },
    errors: ['VERIFICATION_BUSINESS_NOT_FOUND', 'VERIFICATION_NOT_PENDING'],
    params: AdminBusinessParamsSchema,
    response: BusinessReviewSchema,
  }),
  requestChanges: defineEndpoint({
    id: 'verificationAdmin.requestChanges',
    method: 'POST',
    path: '/v1/admin/businesses/:business_id/request-changes',
    summary: 'Send a pending business back to the questionnaire with a message shown as a warning banner',
    access: { kind: 'super-admin' },
    errors: ['VERIFICATION_BUSINESS_NOT_FOUND', 'VERIFICATION_NOT_PENDING'],
    params: AdminBusinessParamsSchema,
    body: RequestChangesBodySchema,
    response: BusinessReviewSchema,
  }),
  block: defineEndpoint({
    id: 'verificationAdmin.block',
    method: 'POST',
    path: '/v1/admin/businesses/:business_id/block',
    summary: 'Block a business, with the reason',
    access: { kind: 'super-admin' },
    errors: ['VERIFICATION_BUSINESS_NOT_FOUND', 'VERIFICATION_NOT_PENDING'],
    params: AdminBusinessParamsSchema,
    body: BlockBusinessBodySchema,
    response: BusinessReviewSchema,
  }),
  unblock: defineEndpoint({
    id: 'verificationAdmin.unblock',
    method: 'POST',
    path: '/v1/admin/businesses/:business_id/unblock',
    summary: 'Unblock a business: it returns to the status the block interrupted (verified, waiting for verification or its questionnaire)',
    access: { kind: 'super-admin' },
    errors: ['VERIFICATION_BUSINESS_NOT_FOUND', 'VERIFICATION_NOT_BLOCKED'],
    params: AdminBusinessParamsSchema,
    response: BusinessReviewSchema,
  }),
  updateFlags: defineEndpoint({
    id: 'verificationAdmin.updateFlags',
    method: 'PATCH',
    path: '/v1/admin/businesses/:business_id/flags',
    summary: 'Turn features of a business on or off',
    access: { kind: 'super-admin' },
    errors: ['VERIFICATION_BUSINESS_NOT_FOUND'],
    params: AdminBusinessParamsSchema,
    body: UpdateBusinessFlagsBodySchema,
    response: BusinessReviewSchema,
  }),
} as const;
