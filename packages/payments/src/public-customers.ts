import { z } from 'zod';
import { optionalText, requiredText } from '@merchant/core';

/**
 * HitPay's customers in the public API (docs/developers.md, "Public API: customers, products, staff, account status,
 * notifications"): the Payments section's customers under HitPay's names. JSON and form bodies are read alike.
 */
export const PUBLIC_CUSTOMERS_PATHS = { customers: '/v1/customers', customer: '/v1/customers/:customer_id' } as const;

/** HitPay's address: an object (a form's `address[city]`), which this product does not keep (refused with a value). */
const AddressSchema = z.record(z.string(), z.unknown(), { error: 'The address must be an object.' }).optional();

const customerFields = {
  name: optionalText(120),
  email: requiredText('email').trim().max(254, 'The email may not be greater than 254 characters.').pipe(z.email('The email must be a valid email address.')),
  phone_number: requiredText('phone number')
    .trim()
    .min(1, 'The phone number field is required.')
    .max(32, 'The phone number may not be greater than 32 characters.'),
  /** Digits of the country's calling code (`65`, `+65`): kept in front of the number (`+65 91234567`). */
  phone_number_country_code: optionalText(5).refine((v) => v === undefined || /^\+?\d{1,4}$/.test(v), 'The phone number country code must be digits.'),
  remark: optionalText(255),
  /** Not kept by this product: a value is refused (422), an empty one is accepted. */
  birth_date: optionalText(40),
  gender: optionalText(40),
  address: AddressSchema,
};

/** `POST /v1/customers`: `email` and `phone_number` are required, as HitPay's document says. */
export const PublicCustomerBodySchema = z.object(customerFields);
export type PublicCustomerBody = z.output<typeof PublicCustomerBodySchema>;

/** `PATCH /v1/customers/{customer_id}`: only the fields sent change. */
export const PublicCustomerPatchSchema = z.object({
  ...customerFields,
  email: customerFields.email.optional(),
  phone_number: customerFields.phone_number.optional(),
});
export type PublicCustomerPatch = z.output<typeof PublicCustomerPatchSchema>;

/** HitPay's customer: every field a string (an empty one when this product has no value for it). */
export const PublicCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  birth_date: z.string(),
  gender: z.string(),
  email: z.string(),
  phone_number: z.string(),
  address: z.object({ city: z.string(), state: z.string(), street: z.string(), postal_code: z.string(), country: z.string() }),
  remark: z.string(),
  phone_number_country_code: z.string(),
  /** `2024-01-24T16:05:10+00:00` (UTC). */
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicCustomer = z.infer<typeof PublicCustomerSchema>;

/** Laravel's cursor page, as HitPay lists customers: `next` and `next_cursor` are null on the last page. */
export const PublicCursorLinksSchema = z.object({ first: z.null(), last: z.null(), prev: z.null(), next: z.string().nullable() });
export const PublicCursorMetaSchema = z.object({ path: z.string(), per_page: z.number().int(), next_cursor: z.string().nullable(), prev_cursor: z.null() });
export const PublicCustomerListSchema = z.object({ data: z.array(PublicCustomerSchema), links: PublicCursorLinksSchema, meta: PublicCursorMetaSchema });
export type PublicCustomerList = z.infer<typeof PublicCustomerListSchema>;

/** `?per_page` (1-100, 10 by default) and `?cursor` (from `meta.next_cursor`); `page` is accepted and pages follow the cursor. */
export const PublicCursorQuerySchema = z.object({
  per_page: z.coerce.number('The per page must be a number.').int('The per page must be an integer.').min(1).max(100).default(10),
  page: z.coerce.number('The page must be a number.').int().min(1).optional(),
  cursor: z.string().max(200).optional(),
});
export type PublicCursorQuery = z.output<typeof PublicCursorQuerySchema>;
