import { z } from 'zod';
import { CursorQuerySchema, TimeZoneSchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { BusinessAddressBodySchema, BusinessAddressSchema, BusinessParamsSchema } from '@merchant/business';
import { LOCATION_STATUSES, WEEKDAYS } from './statuses';

/**
 * Locations (docs/catalogue.md): the shops, kiosks and warehouses where the register sells and stock is kept. Names
 * are unique per business (any case); a location is archived and brought back, never deleted (stock and sales point
 * at it). One business-wide setting names the location the online store sells from.
 */

export const LocationStatusSchema = z.enum(LOCATION_STATUSES);
export const WeekdaySchema = z.enum(WEEKDAYS);

/** A time of day, `HH:MM` on a 24-hour clock; `24:00` closes at midnight. */
const TIME_OF_DAY = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const TimeOfDaySchema = text().trim().regex(TIME_OF_DAY, 'Enter a time as HH:MM, such as 08:30');

/** One day's hours: open from `opens` to `closes` the same day (`closes` after `opens`). */
export const DayHoursSchema = z.object({ opens: TimeOfDaySchema, closes: TimeOfDaySchema }).superRefine((d, ctx) => {
  // Only two valid times compare: a wrong one has its own issue.
  if (TIME_OF_DAY.test(d.opens) && TIME_OF_DAY.test(d.closes) && d.closes <= d.opens)
    ctx.addIssue({ code: 'custom', path: ['closes'], message: 'The closing time must be after the opening time' });
});
export type DayHours = z.infer<typeof DayHoursSchema>;

/** Every weekday with its hours, or null when the location is closed that day. */
export const OpeningHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, DayHoursSchema.nullable()])) as Record<(typeof WEEKDAYS)[number], z.ZodNullable<typeof DayHoursSchema>>,
);
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

/** A location with no hours set: closed every day. */
export const CLOSED_ALL_WEEK: OpeningHours = Object.fromEntries(WEEKDAYS.map((d) => [d, null])) as OpeningHours;

const SHORT_DAY: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/**
 * "Mon–Fri 08:00–18:00 · Sat 09:00–16:00" for a week of hours (a location's opening hours, a pickup point's): runs of
 * days with the same hours; closed days left out; "Closed" when never open.
 */
export function hoursSummary(hours: Partial<Record<(typeof WEEKDAYS)[number], { opens: string; closes: string } | null>>): string {
  const runs: { from: (typeof WEEKDAYS)[number]; to: (typeof WEEKDAYS)[number]; text: string }[] = [];
  WEEKDAYS.forEach((day, i) => {
    const h = hours[day];
    const text = h ? `${h.opens}–${h.closes}` : '';
    const last = runs[runs.length - 1];
    if (last && text && last.text === text && WEEKDAYS[i - 1] === last.to) last.to = day;
    else if (text) runs.push({ from: day, to: day, text });
  });
  if (runs.length === 0) return 'Closed';
  return runs.map((r) => `${SHORT_DAY[r.from]}${r.from === r.to ? '' : `–${SHORT_DAY[r.to]}`} ${r.text}`).join(' · ');
}

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const locationFields = {
  name: text().trim().min(1, 'Enter a name').max(80, 'Use at most 80 characters'),
  address: BusinessAddressBodySchema,
  phone: text()
    .trim()
    .max(30, 'Use at most 30 characters')
    .regex(/^[+]?[0-9 ()-]*$/, 'Use digits, spaces, brackets, dashes and a leading +')
    .nullish()
    .transform((v) => (v ? v : null)),
  opening_hours: OpeningHoursSchema,
  /** An IANA time zone; the business's when left out at creation. */
  time_zone: TimeZoneSchema,
  /** Printed above and below the lines of the location's receipts. */
  receipt_header: optionalText(500),
  receipt_footer: optionalText(500),
};

const EMPTY_ADDRESS = { line1: null, line2: null, city: null, state: null, postal_code: null };

export const CreateLocationBodySchema = z.object({
  ...locationFields,
  address: locationFields.address.default(EMPTY_ADDRESS),
  opening_hours: locationFields.opening_hours.default(CLOSED_ALL_WEEK),
  time_zone: locationFields.time_zone.optional(),
});
export type CreateLocationBody = z.input<typeof CreateLocationBodySchema>;
export type CreateLocationFields = z.output<typeof CreateLocationBodySchema>;

/** A change: only the fields sent change. */
export const UpdateLocationBodySchema = z.object({
  name: locationFields.name.optional(),
  address: locationFields.address.optional(),
  phone: locationFields.phone,
  opening_hours: locationFields.opening_hours.optional(),
  time_zone: locationFields.time_zone.optional(),
  receipt_header: locationFields.receipt_header,
  receipt_footer: locationFields.receipt_footer,
});
export type UpdateLocationBody = z.input<typeof UpdateLocationBodySchema>;
export type UpdateLocationFields = z.output<typeof UpdateLocationBodySchema>;

export const LocationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: LocationStatusSchema,
  address: BusinessAddressSchema,
  phone: z.string().nullable(),
  opening_hours: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, z.object({ opens: z.string(), closes: z.string() }).nullable()]))),
  time_zone: z.string(),
  receipt_header: z.string().nullable(),
  receipt_footer: z.string().nullable(),
  /** Whether the online store sells from it (the business-wide location settings). */
  online_store_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Location = z.infer<typeof LocationSchema>;

export const LOCATION_STATUS_FILTERS = ['active', 'archived', 'all'] as const;
export const LocationFiltersSchema = z.object({
  /** Part of the name. */
  q: text().trim().max(100, 'Use at most 100 characters').optional(),
  status: z.enum(LOCATION_STATUS_FILTERS).default('active'),
});
export type LocationFilters = z.input<typeof LocationFiltersSchema>;
export const ListLocationsQuerySchema = LocationFiltersSchema.extend(CursorQuerySchema.shape);
export type ListLocationsQuery = z.output<typeof ListLocationsQuerySchema>;

export const LocationParamsSchema = BusinessParamsSchema.extend({ location_id: z.uuid() });

/** Business-wide: the location the online store sells from and takes stock from (Shopify's default location). */
export const LocationSettingsSchema = z.object({ online_store_location_id: z.uuid().nullable() });
export type LocationSettings = z.infer<typeof LocationSettingsSchema>;
export const LocationSettingsBodySchema = z.object({ online_store_location_id: z.uuid('Choose a location from the list').nullable() });

const LOCATION_ERRORS = ['LOCATION_NOT_FOUND'] as const;

export const locationEndpoints = {
  list: defineEndpoint({
    id: 'locations.list',
    method: 'GET',
    path: '/v1/business/:business_id/locations',
    summary: 'Locations by name, searched by name, active by default (cursor pages)',
    access: { kind: 'business', permission: 'catalogue:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListLocationsQuerySchema,
    response: pageOf(LocationSchema),
  }),
  get: defineEndpoint({
    id: 'locations.get',
    method: 'GET',
    path: '/v1/business/:business_id/locations/:location_id',
    summary: 'One location with its address, hours and receipt texts',
    access: { kind: 'business', permission: 'catalogue:view', standing: 'merchant' },
    params: LocationParamsSchema,
    response: LocationSchema,
    errors: [...LOCATION_ERRORS],
  }),
  create: defineEndpoint({
    id: 'locations.create',
    method: 'POST',
    path: '/v1/business/:business_id/locations',
    summary: 'Add a location (its time zone is the business’s unless given)',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: CreateLocationBodySchema,
    response: LocationSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'locations.update',
    method: 'PATCH',
    path: '/v1/business/:business_id/locations/:location_id',
    summary: 'Change a location’s fields (only those sent)',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: LocationParamsSchema,
    body: UpdateLocationBodySchema,
    response: LocationSchema,
    errors: [...LOCATION_ERRORS],
  }),
  archive: defineEndpoint({
    id: 'locations.archive',
    method: 'POST',
    path: '/v1/business/:business_id/locations/:location_id/archive',
    summary: 'Archive a location: it takes no sales or stock changes, and is never deleted (not the online store’s location)',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: LocationParamsSchema,
    response: LocationSchema,
    errors: [...LOCATION_ERRORS, 'LOCATION_IN_USE'],
  }),
  unarchive: defineEndpoint({
    id: 'locations.unarchive',
    method: 'POST',
    path: '/v1/business/:business_id/locations/:location_id/unarchive',
    summary: 'Bring an archived location back',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: LocationParamsSchema,
    response: LocationSchema,
    errors: [...LOCATION_ERRORS],
  }),
  settings: defineEndpoint({
    id: 'locations.settings',
    method: 'GET',
    path: '/v1/business/:business_id/location-settings',
    summary: 'The business-wide location settings: which location the online store sells from',
    access: { kind: 'business', permission: 'catalogue:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: LocationSettingsSchema,
  }),
  saveSettings: defineEndpoint({
    id: 'locations.saveSettings',
    method: 'PUT',
    path: '/v1/business/:business_id/location-settings',
    summary: 'Choose the location the online store sells from (an active one) or none',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    body: LocationSettingsBodySchema,
    response: LocationSettingsSchema,
  }),
} as const;
