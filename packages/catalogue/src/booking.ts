import { z } from 'zod';
import { CalendarDateSchema, CurrencyCodeSchema, CursorQuerySchema, MinorAmountSchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { WEEKDAYS } from './statuses';

/**
 * Booking (docs/online-store.md, "Booking"): services customers book on the storefront, given by staff members
 * (business members) in their weekly hours minus time off; bookings of one staff member never overlap (with the
 * service's buffer after), held by the database under concurrency. Times are the business's time zone on the wire as
 * `HH:MM` (weekly hours) and instants (ISO timestamps) everywhere else.
 */

export const BOOKING_STATUSES = ['confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Slots start every 15 minutes of a staff member's hours. */
export const BOOKING_SLOT_STEP_MINUTES = 15;
/** How far ahead a customer may book. */
export const BOOKING_DAYS_AHEAD = 60;

const TIME_OF_DAY = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const TimeOfDaySchema = text().trim().regex(TIME_OF_DAY, 'Enter a time as HH:MM, such as 09:00');
/** Minutes after midnight of `HH:MM`. */
export const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const BookingServiceFields = {
  name: text().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters'),
  description: text().trim().max(2000, 'Use at most 2,000 characters').default(''),
  duration_minutes: z.number('Enter the duration in minutes').int('Use whole minutes').min(5, 'At least 5 minutes').max(480, 'At most 480 minutes (8 hours)'),
  /** Minor units of the business's currency; 0 is a free service. Paid at the appointment. */
  price: MinorAmountSchema,
  /** Minutes kept free after each booking (cleaning up, travelling). */
  buffer_minutes: z
    .number('Enter the buffer in minutes')
    .int('Use whole minutes')
    .min(0, 'The buffer cannot be negative')
    .max(240, 'At most 240 minutes')
    .default(0),
  active: z.boolean().default(true),
  /** The business members who give the service (at least one). */
  staff_ids: z
    .array(z.uuid('Choose a staff member'))
    .min(1, 'Choose at least one staff member')
    .max(50, 'Choose at most 50 staff members')
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each staff member once'),
};
export const BookingServiceBodySchema = z.object(BookingServiceFields);
export type BookingServiceBody = z.input<typeof BookingServiceBodySchema>;
export type BookingServiceFieldsOut = z.output<typeof BookingServiceBodySchema>;

export const BookingServiceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  duration_minutes: z.number().int(),
  price: z.number().int(),
  currency: CurrencyCodeSchema,
  buffer_minutes: z.number().int(),
  active: z.boolean(),
  staff: z.array(z.object({ id: z.uuid(), name: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BookingService = z.infer<typeof BookingServiceSchema>;

/** One range of a weekday's hours: from `start` to `end` the same day (end after start). */
export const WorkingRangeSchema = z.object({ weekday: z.enum(WEEKDAYS), start: TimeOfDaySchema, end: TimeOfDaySchema }).superRefine((r, ctx) => {
  if (TIME_OF_DAY.test(r.start) && TIME_OF_DAY.test(r.end) && r.end <= r.start)
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must be after the start' });
});
export type WorkingRange = z.infer<typeof WorkingRangeSchema>;

export const StaffHoursBodySchema = z.object({
  ranges: z
    .array(WorkingRangeSchema)
    .max(70, 'Use at most 70 ranges')
    .superRefine((ranges, ctx) => {
      // Ranges of one day must not overlap (several a day are fine: a lunch break between them).
      for (const [i, a] of ranges.entries())
        for (const b of ranges.slice(0, i))
          if (a.weekday === b.weekday && a.start < b.end && b.start < a.end)
            ctx.addIssue({ code: 'custom', path: [i, 'start'], message: 'This range overlaps another range of the same day' });
    }),
});
export type StaffHoursBody = z.input<typeof StaffHoursBodySchema>;

export const TimeOffBodySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'Enter when the time off starts' }),
    to: z.iso.datetime({ offset: true, error: 'Enter when the time off ends' }),
    reason: text().trim().max(200, 'Use at most 200 characters').default(''),
  })
  .superRefine((t, ctx) => {
    if (Date.parse(t.to) <= Date.parse(t.from)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must be after the start' });
  });
export type TimeOffBody = z.input<typeof TimeOffBodySchema>;

export const TimeOffSchema = z.object({ id: z.uuid(), from: z.string(), to: z.string(), reason: z.string() });
export type TimeOff = z.infer<typeof TimeOffSchema>;

/** A business member as booking shows them: their weekly hours and upcoming time off. */
export const BookingStaffSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  ranges: z.array(z.object({ weekday: z.enum(WEEKDAYS), start: z.string(), end: z.string() })),
  time_off: z.array(TimeOffSchema),
});
export type BookingStaff = z.infer<typeof BookingStaffSchema>;

export const BookingSchema = z.object({
  id: z.uuid(),
  service: z.object({ id: z.uuid(), name: z.string() }),
  staff: z.object({ id: z.uuid(), name: z.string() }),
  start: z.string(),
  end: z.string(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  status: z.enum(BOOKING_STATUSES),
  price: z.number().int(),
  currency: CurrencyCodeSchema,
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
});
export type Booking = z.infer<typeof BookingSchema>;

export const BookingFiltersSchema = CursorQuerySchema.extend({
  /** The business's days, both included (by the booking's start). */
  from: CalendarDateSchema.optional(),
  to: CalendarDateSchema.optional(),
  staff_id: z.uuid().optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
});
export type BookingFilters = z.input<typeof BookingFiltersSchema>;

export const SlotsQuerySchema = z.object({ from: CalendarDateSchema, to: CalendarDateSchema });
export const SlotSchema = z.object({ start: z.string(), end: z.string(), staff_id: z.uuid() });
export type Slot = z.infer<typeof SlotSchema>;

/** What a customer types to book (the storefront's form, checked by the server). */
export const BookingCustomerSchema = z.object({
  name: text().trim().min(1, 'Enter your name').max(120, 'Use at most 120 characters'),
  email: text().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254, 'Use at most 254 characters')),
  phone: text()
    .trim()
    .max(40, 'Use at most 40 characters')
    .regex(/^[0-9+() -]*$/, 'Use digits, spaces and + ( ) - only')
    .default(''),
});
export type BookingCustomer = z.output<typeof BookingCustomerSchema>;

export const BookingServiceParamsSchema = BusinessParamsSchema.extend({ service_id: z.uuid() });
export const BookingStaffParamsSchema = BusinessParamsSchema.extend({ staff_id: z.uuid() });
export const TimeOffParamsSchema = BookingStaffParamsSchema.extend({ time_off_id: z.uuid() });
export const BookingParamsSchema = BusinessParamsSchema.extend({ booking_id: z.uuid() });

const SHOW = { kind: 'business', permission: 'store:view', standing: 'merchant' } as const;
const MANAGE = { kind: 'business', permission: 'store:manage', standing: 'merchant' } as const;

export const bookingEndpoints = {
  listServices: defineEndpoint({
    id: 'booking.listServices',
    method: 'GET',
    path: '/v1/business/:business_id/booking-services',
    summary: 'Booking services by name with their staff',
    access: SHOW,
    params: BusinessParamsSchema,
    response: z.object({ data: z.array(BookingServiceSchema) }),
  }),
  createService: defineEndpoint({
    id: 'booking.createService',
    method: 'POST',
    path: '/v1/business/:business_id/booking-services',
    summary: 'Add a booking service given by business members',
    access: MANAGE,
    params: BusinessParamsSchema,
    body: BookingServiceBodySchema,
    response: BookingServiceSchema,
    status: 201,
  }),
  updateService: defineEndpoint({
    id: 'booking.updateService',
    method: 'PUT',
    path: '/v1/business/:business_id/booking-services/:service_id',
    summary: 'Change a booking service (turned off rather than deleted; its bookings stay)',
    access: MANAGE,
    params: BookingServiceParamsSchema,
    body: BookingServiceBodySchema,
    response: BookingServiceSchema,
    errors: ['BOOKING_SERVICE_NOT_FOUND'],
  }),
  slots: defineEndpoint({
    id: 'booking.slots',
    method: 'GET',
    path: '/v1/business/:business_id/booking-services/:service_id/slots',
    summary: "Free slots of a service for the business's days from..to (never past, at most 60 days ahead), every 15 minutes",
    access: SHOW,
    params: BookingServiceParamsSchema,
    query: SlotsQuerySchema,
    response: z.object({ data: z.array(SlotSchema) }),
    errors: ['BOOKING_SERVICE_NOT_FOUND'],
  }),
  listStaff: defineEndpoint({
    id: 'booking.listStaff',
    method: 'GET',
    path: '/v1/business/:business_id/booking-staff',
    summary: 'Active business members with their weekly hours and upcoming time off',
    access: SHOW,
    params: BusinessParamsSchema,
    response: z.object({ data: z.array(BookingStaffSchema) }),
  }),
  setHours: defineEndpoint({
    id: 'booking.setHours',
    method: 'PUT',
    path: '/v1/business/:business_id/booking-staff/:staff_id/hours',
    summary: "Replace a staff member's weekly hours (several ranges a day)",
    access: MANAGE,
    params: BookingStaffParamsSchema,
    body: StaffHoursBodySchema,
    response: BookingStaffSchema,
    errors: ['STAFF_MEMBER_NOT_FOUND'],
  }),
  addTimeOff: defineEndpoint({
    id: 'booking.addTimeOff',
    method: 'POST',
    path: '/v1/business/:business_id/booking-staff/:staff_id/time-off',
    summary: 'Add time off to a staff member (no slots in it; bookings already made stay)',
    access: MANAGE,
    params: BookingStaffParamsSchema,
    body: TimeOffBodySchema,
    response: BookingStaffSchema,
    status: 201,
    errors: ['STAFF_MEMBER_NOT_FOUND'],
  }),
  removeTimeOff: defineEndpoint({
    id: 'booking.removeTimeOff',
    method: 'DELETE',
    path: '/v1/business/:business_id/booking-staff/:staff_id/time-off/:time_off_id',
    summary: 'Remove a time off',
    access: MANAGE,
    params: TimeOffParamsSchema,
    response: BookingStaffSchema,
    errors: ['STAFF_MEMBER_NOT_FOUND', 'BOOKING_TIME_OFF_NOT_FOUND'],
  }),
  listBookings: defineEndpoint({
    id: 'booking.listBookings',
    method: 'GET',
    path: '/v1/business/:business_id/bookings',
    summary: "Bookings by start, filtered by the business's days, staff member and status",
    access: SHOW,
    params: BusinessParamsSchema,
    query: BookingFiltersSchema,
    response: pageOf(BookingSchema),
  }),
  cancelBooking: defineEndpoint({
    id: 'booking.cancelBooking',
    method: 'POST',
    path: '/v1/business/:business_id/bookings/:booking_id/cancel',
    summary: 'Cancel a booking: its slot is free again and the customer is mailed',
    access: MANAGE,
    params: BookingParamsSchema,
    response: BookingSchema,
    errors: ['BOOKING_NOT_FOUND', 'BOOKING_STATE'],
  }),
} as const;
