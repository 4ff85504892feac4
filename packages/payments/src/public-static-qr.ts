import { z } from 'zod';
import { text } from '@merchant/core';
import { PublicMethodLogoSchema } from './public-charges';
import { PublicAmountSchema, cursorPageOf } from './public-transfers';

/**
 * HitPay's static QR codes in the public API (docs/developers.md, "Public API: money out"): a code opens the hosted
 * checkout (`qr_value`), a fixed amount or one the customer types (`amount` 0).
 */
export const PUBLIC_STATIC_QR_PATHS = {
  staticQrs: '/v1/static_qr',
  staticQr: '/v1/static_qr/:static_qr_id',
} as const;

/** HitPay's methods of a static QR; the product's code opens its checkout, which offers the business's methods. */
export const PUBLIC_STATIC_QR_METHODS = ['paynow_online', 'upi_qr', 'qrph_netbank'] as const;

const fields = {
  name: text().trim().min(1, 'The name field is required.').max(120, 'The name may not be greater than 120 characters.'),
  /** A location of the business by id: the product names a code's place in free text, so none is taken (422). */
  location_id: text().trim().max(100).optional(),
  amount: PublicAmountSchema,
  currency: text()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'The currency must be 3 letters.')
    .transform((v) => v.toLowerCase())
    .optional(),
};

export const PublicStaticQrBodySchema = z.object({
  ...fields,
  payment_provider_method: z.enum(PUBLIC_STATIC_QR_METHODS, { error: 'The selected payment provider method is invalid.' }).optional(),
  device_id: text().trim().max(100).optional(),
});
export type PublicStaticQrBody = z.output<typeof PublicStaticQrBodySchema>;

export const PublicStaticQrUpdateBodySchema = z.object({ ...fields, name: fields.name.optional() });
export type PublicStaticQrUpdateBody = z.output<typeof PublicStaticQrUpdateBodySchema>;

/** HitPay's static QR (its published schemas of the list, the detail and create, together). */
export const PublicStaticQrSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The code's public id (the last part of its address). */
  reference: z.string(),
  payment_provider: z.string(),
  payment_provider_method: z.string(),
  /** Major units; 0 when the customer types the amount. */
  amount: z.number(),
  currency: z.string(),
  payment_provider_method_logos: z.array(PublicMethodLogoSchema),
  payment_provider_method_main_logo: PublicMethodLogoSchema,
  created_by: z.object({ id: z.string(), display_name: z.string(), first_name: z.string(), last_name: z.string() }),
  /** No location ids here: `""`, the place's free-text name in `location.name`. */
  location_id: z.string(),
  location: z.object({ name: z.string(), address: z.string() }),
  /** No devices here: `""` and a device with no label (HitPay's list types them a string and an object). */
  device_id: z.string(),
  device: z.object({ label: z.string() }),
  /** What the code holds: its address on the checkout host. */
  qr_value: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicStaticQr = z.infer<typeof PublicStaticQrSchema>;

export const PublicStaticQrPageSchema = cursorPageOf(PublicStaticQrSchema);
export const PublicStaticQrListQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  cursor: text().max(200).optional(),
});
export const PublicStaticQrDeletedSchema = z.object({ message: z.string() });
