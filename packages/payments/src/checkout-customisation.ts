import { z } from 'zod';
import { defineEndpoint, fileAnswer, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * Checkout customisation (docs/payments.md, "checkout-customisation"): how the hosted checkout looks
 * (brand colour, the business logo) and when payments settle, with the receipt mail switch. The logo is
 * the business's one logo: the same upload shows in business details and on the checkout.
 */

export const BRAND_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const DEFAULT_BRAND_COLOR = '#1c7ed6';
export const MAX_SETTLEMENT_DELAY_DAYS = 30;
export const DEFAULT_SETTLEMENT_DELAY_DAYS = 2;

/** Logo uploads: checked by content (magic bytes), never by name or declared type. */
export const MAX_LOGO_BYTES = 1024 * 1024;
export const MAX_LOGO_SIZE_LABEL = '1 MB';
export const LOGO_TYPES = {
  png: { contentType: 'image/png', label: 'PNG' },
  jpg: { contentType: 'image/jpeg', label: 'JPEG' },
  webp: { contentType: 'image/webp', label: 'WebP' },
} as const;
export type LogoExtension = keyof typeof LOGO_TYPES;
export const LOGO_EXTENSIONS = Object.keys(LOGO_TYPES) as [LogoExtension, ...LogoExtension[]];
/** The content types a logo is sent with. */
const LOGO_CONTENT_TYPES = [LOGO_TYPES.png.contentType, LOGO_TYPES.jpg.contentType, LOGO_TYPES.webp.contentType] as const;
const logoAnswer = fileAnswer(LOGO_CONTENT_TYPES, 'The image');
/** What the file picker offers (the server checks the bytes whatever the browser sends). */
export const LOGO_ACCEPT = Object.values(LOGO_TYPES)
  .map((t) => t.contentType)
  .join(',');

export const BrandColorSchema = text()
  .trim()
  .regex(BRAND_COLOR_PATTERN, 'Use a hex colour such as #1c7ed6')
  .transform((c) => c.toLowerCase());

export const CheckoutSettingsSchema = z.object({
  brand_color: z.string(),
  /** Where the dashboard shows the logo (null: none uploaded). */
  logo_url: z.string().nullable(),
  settlement_delay_days: z.number().int(),
  send_receipts: z.boolean(),
});
export type CheckoutSettings = z.infer<typeof CheckoutSettingsSchema>;

export const UpdateCheckoutSettingsBodySchema = z.object({
  brand_color: BrandColorSchema,
  settlement_delay_days: z
    .number({ error: 'Enter a number of days' })
    .int('Use whole days')
    .min(0, 'Use 0 to 30 days')
    .max(MAX_SETTLEMENT_DELAY_DAYS, `Use 0 to ${MAX_SETTLEMENT_DELAY_DAYS} days`),
  send_receipts: z.boolean(),
});
export type UpdateCheckoutSettingsBody = z.infer<typeof UpdateCheckoutSettingsBodySchema>;

export const LogoSchema = z.object({ logo_url: z.string().nullable() });
export type Logo = z.infer<typeof LogoSchema>;

/** A logo file: `<uuid>.<png|jpg|webp>`, as the upload named it. */
export const LogoFileParamsSchema = BusinessParamsSchema.extend({
  file: text().regex(new RegExp(`^[0-9a-f-]{36}\\.(${LOGO_EXTENSIONS.join('|')})$`), 'Unknown logo file'),
});

/** What the hosted checkout shows of the business. */
export interface Branding {
  name: string;
  logo_url: string | null;
  brand_color: string;
  /** The business's time zone: the public pages show its times there, as its dashboard and mails do. */
  time_zone: string;
}

export const checkoutCustomisationEndpoints = {
  get: defineEndpoint({
    id: 'checkoutCustomisation.get',
    method: 'GET',
    path: '/v1/business/:business_id/checkout-settings',
    summary: 'Brand colour, logo, settlement delay and receipt mails of the checkout',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: CheckoutSettingsSchema,
  }),
  update: defineEndpoint({
    id: 'checkoutCustomisation.update',
    method: 'PUT',
    path: '/v1/business/:business_id/checkout-settings',
    summary: 'Change the brand colour, settlement delay (0-30 days) and receipt mails',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: UpdateCheckoutSettingsBodySchema,
    response: CheckoutSettingsSchema,
  }),
  uploadLogo: defineEndpoint({
    id: 'checkoutCustomisation.uploadLogo',
    method: 'POST',
    path: '/v1/business/:business_id/logo',
    summary: 'Upload the business logo (multipart/form-data, one `file` part; PNG, JPEG or WebP up to 1 MB)',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: LogoSchema,
    status: 201,
    errors: ['LOGO_INVALID', 'LOGO_TOO_LARGE'],
  }),
  removeLogo: defineEndpoint({
    id: 'checkoutCustomisation.removeLogo',
    method: 'DELETE',
    path: '/v1/business/:business_id/logo',
    summary: 'Remove the business logo',
    access: { kind: 'business', permission: 'settings:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: LogoSchema,
  }),
  /** The logo on the dashboard host: public (it is shown to customers anyway), only the current logo. */
  logoFile: defineEndpoint({
    id: 'checkoutCustomisation.logoFile',
    method: 'GET',
    path: '/v1/logos/:business_id/:file',
    summary: "A business's current logo image",
    access: { kind: 'public' },
    params: LogoFileParamsSchema,
    response: logoAnswer,
    errors: ['LOGO_NOT_FOUND'],
  }),
  /** The same logo on the checkout host, so the checkout shows it from its own origin. */
  checkoutLogoFile: defineEndpoint({
    id: 'checkoutCustomisation.checkoutLogoFile',
    method: 'GET',
    host: 'checkout',
    path: '/v1/checkout/logos/:business_id/:file',
    summary: "A business's current logo image, on the checkout host",
    access: { kind: 'public' },
    params: LogoFileParamsSchema,
    response: logoAnswer,
    errors: ['LOGO_NOT_FOUND'],
  }),
  /** The same logo on the invoice host, for the customer's invoice page. */
  invoiceLogoFile: defineEndpoint({
    id: 'checkoutCustomisation.invoiceLogoFile',
    method: 'GET',
    host: 'invoice',
    path: '/v1/invoice-pages/logos/:business_id/:file',
    summary: "A business's current logo image, on the invoice host",
    access: { kind: 'public' },
    params: LogoFileParamsSchema,
    response: logoAnswer,
    errors: ['LOGO_NOT_FOUND'],
  }),
} as const;

/** Where a logo file is served on the dashboard (`app`), the checkout host and the invoice host. */
export function logoPath(host: 'app' | 'checkout' | 'invoice', businessId: string, file: string): string {
  const endpoints = checkoutCustomisationEndpoints;
  const path = host === 'app' ? endpoints.logoFile.path : host === 'checkout' ? endpoints.checkoutLogoFile.path : endpoints.invoiceLogoFile.path;
  return path.replace(':business_id', encodeURIComponent(businessId)).replace(':file', encodeURIComponent(file));
}
