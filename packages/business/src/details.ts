import { z } from 'zod';
import { text, TimeZoneSchema } from '@merchant/core';
import { CountryCodeSchema, CurrencyCodeSchema } from './business';

const optionalLine = (max: number) =>
  text()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** The postal address of the business; empty strings are stored as "not given". */
export const BusinessAddressBodySchema = z.object({
  line1: optionalLine(200),
  line2: optionalLine(200),
  city: optionalLine(100),
  state: optionalLine(100),
  postal_code: text()
    .trim()
    .max(20, 'Use at most 20 characters')
    .regex(/^[A-Za-z0-9 -]*$/, 'Use letters, digits, spaces and dashes only')
    .transform((v) => (v === '' ? null : v))
    .nullable(),
});

/**
 * PATCH /v1/business/{id}: every field optional. The country is fixed once verification is completed
 * (the server answers 422 on `country` then). Changing the country moves a time zone that was the old
 * country's default to the new one's.
 */
export const UpdateBusinessBodySchema = z
  .object({
    name: text().trim().min(2, 'Enter the business name').max(120, 'Use at most 120 characters'),
    country: CountryCodeSchema,
    currency: CurrencyCodeSchema,
    /** An IANA name the server knows (`Intl.supportedValuesOf('timeZone')` lists the web's). */
    time_zone: TimeZoneSchema,
    address: BusinessAddressBodySchema,
    /** The tax registration (GST, VAT...) number its invoices print; empty clears it. */
    tax_number: optionalLine(40),
    require_two_factor: z.boolean(),
  })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Change at least one field');
export type UpdateBusinessBody = z.input<typeof UpdateBusinessBodySchema>;
