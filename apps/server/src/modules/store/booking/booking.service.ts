import { AppError, addDays, fieldError, localDate, localDaysSpan, type CalendarDate } from '@merchant/core';
import type {
  Booking,
  BookingCustomer,
  BookingFilters,
  BookingService as BookingServiceView,
  BookingServiceFieldsOut,
  BookingStaff,
  Slot,
  StaffHoursBody,
  TimeOffBody,
} from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { UNATTENDED, type BusinessContext, type BusinessRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { decodeCursor, encodeCursor } from '@/lib/cursor';
import { newTimeOrderedId, randomToken, sha256 } from '@/lib/crypto';
import type { Mailer } from '@/mail/mailer';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { bookingMail, whenOf, type BookingMailKind } from './booking-mail';
import { bookingRepository as repo, type BookingBusiness, type BookingRow, type BookingServiceRow } from './booking.repository';
import { bookableDays, freeSlots, type FreeSlot } from './booking.slots';

export const bookingServiceNotFound = () => new AppError('BOOKING_SERVICE_NOT_FOUND', 'Service not found.');
export const bookingNotFound = () => new AppError('BOOKING_NOT_FOUND', 'Booking not found.');
const staffNotFound = () => new AppError('STAFF_MEMBER_NOT_FOUND', 'Staff member not found.');
/** The time asked for is no slot of the service now (taken a moment ago, or never free): the storefront answers 409. */
export class BookingSlotTaken extends Error {
  constructor() {
    super('This time is no longer free. Choose another time.');
  }
}
const slotTaken = () => new BookingSlotTaken();

const MINUTE = 60_000;
const DAY = 86_400_000;

type Member = { id: string; name: string; email: string };
type Members = Member[];

/**
 * Booking (docs/online-store.md, "Booking"): services, staff hours and time off, free slots, and bookings that never
 * overlap for one staff member. A booking locks the staff member's `booking_staff` row, then reads their bookings and
 * inserts in the same transaction: concurrent bookings of one member take turns and the second sees the first.
 */
export function createBookingService(deps: {
  db: Executor;
  clock: Clock;
  mailer: Mailer;
  audit: AuditService;
  /** The storefront's address of a business (its verified domain, else its shop host). */
  storefrontUrl: (business: Pick<BusinessRow, 'identifier' | 'customDomain' | 'customDomainVerified'>) => string;
}) {
  const { db, clock, mailer, audit } = deps;

  const nameOf = (members: Members, id: string) => members.find((m) => m.id === id)?.name ?? 'Former staff member';

  const presentService = (row: BookingServiceRow, members: Members): BookingServiceView => ({
    id: row.id,
    name: row.name,
    description: row.description,
    duration_minutes: row.durationMinutes,
    price: Number(row.price),
    currency: row.currency,
    buffer_minutes: row.bufferMinutes,
    active: row.active,
    staff: row.staffIds.map((id) => ({ id, name: nameOf(members, id) })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  const presentBooking = (row: BookingRow, members: Members): Booking => ({
    id: row.id,
    service: { id: row.serviceId, name: row.serviceName },
    staff: { id: row.staffUserId, name: nameOf(members, row.staffUserId) },
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    customer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
    status: row.status,
    price: Number(row.price),
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  });

  const recordIn = (tx: Executor, ctx: BusinessContext, objectType: string, objectId: string, action: string, description: string) =>
    audit.record(tx, ctx, { action, description, actorUserId: ctx.user.id, businessId: ctx.business.row.id, objectType, objectId });

  async function businessOf(executor: Executor, businessId: string): Promise<BookingBusiness> {
    const business = await repo.businessOf(executor, businessId);
    if (!business) throw bookingServiceNotFound();
    return business;
  }

  const manageUrl = (business: BookingBusiness, token: string) => `${deps.storefrontUrl(business)}/booking/manage/${token}`;

  async function mail(tx: Executor, kind: BookingMailKind, row: BookingRow, business: BookingBusiness, token: string | null, cancelledByStore = false) {
    const members = await repo.members(tx, business.id);
    await mailer.send(
      tx,
      bookingMail(kind, row, {
        storeName: business.name,
        zone: business.timeZone,
        staffName: nameOf(members, row.staffUserId),
        manageUrl: token ? manageUrl(business, token) : null,
        cancelledByStore,
      }),
    );
  }

  async function checkStaff(executor: Executor, businessId: string, ids: string[]): Promise<void> {
    const members = new Set((await repo.members(executor, businessId)).map((m) => m.id));
    const unknown = ids.findIndex((id) => !members.has(id));
    if (unknown >= 0) throw fieldError('VALIDATION_FAILED', 'staff_ids', 'Choose active members of the business');
  }

  async function memberOf(executor: Executor, businessId: string, userId: string): Promise<Member> {
    const member = await repo.member(executor, businessId, userId);
    if (!member) throw staffNotFound();
    return member;
  }

  /** The members as booking staff: their weekly hours and their time off in the coming year (two reads for any number). */
  async function staffViews(executor: Executor, businessId: string, members: Members): Promise<BookingStaff[]> {
    const hours = await repo.hours(executor, businessId);
    const now = clock.now();
    const off = await repo.timeOff(
      executor,
      businessId,
      members.map((m) => m.id),
      { start: now, end: new Date(now.getTime() + 366 * DAY) },
    );
    return members.map((member) => ({
      ...member,
      ranges: hours.get(member.id) ?? [],
      time_off: off
        .filter((o) => o.userId === member.id)
        .map((o) => ({ id: o.id, from: o.startsAt.toISOString(), to: o.endsAt.toISOString(), reason: o.reason })),
    }));
  }

  async function staffView(executor: Executor, businessId: string, member: Member): Promise<BookingStaff> {
    const [view] = await staffViews(executor, businessId, [member]);
    return view!;
  }

  /** The free slots of a service on the business's days from..to, read with the executor (a locked one when booking). */
  async function slotsIn(
    executor: Executor,
    business: BookingBusiness,
    service: BookingServiceRow,
    from: CalendarDate,
    to: CalendarDate,
    options: { staffIds?: string[]; except?: string; hours?: Map<string, { weekday: string; start: string; end: string }[]> } = {},
  ): Promise<FreeSlot[]> {
    const staffIds = options.staffIds ?? service.staffIds;
    const span = localDaysSpan(from, addDays(to, 1), business.timeZone);
    const hours = options.hours ?? (await repo.hours(executor, business.id));
    const timeOff = await repo.timeOff(executor, business.id, staffIds, span);
    const busy = await repo.busy(executor, business.id, staffIds, { start: new Date(span.start.getTime() - DAY), end: span.end }, options.except);
    return freeSlots(
      {
        zone: business.timeZone,
        now: clock.now(),
        service: { durationMinutes: service.durationMinutes, bufferMinutes: service.bufferMinutes, staffIds },
        hours,
        timeOff,
        busy,
      },
      from,
      to,
    );
  }

  /**
   * Takes a free slot at `start` of one of the candidates, in one transaction: each candidate's row is locked (in id
   * order, so two bookings never wait on each other crosswise), their slots read again under the lock, and the first
   * one free at that start gets the booking. None free: `BookingSlotTaken`.
   */
  async function takeSlot(tx: Executor, business: BookingBusiness, service: BookingServiceRow, start: Date, except?: string): Promise<FreeSlot> {
    if (Number.isNaN(start.getTime())) throw slotTaken();
    const date = localDate(start, business.timeZone);
    for (const staffId of [...service.staffIds].sort()) {
      const ranges = await repo.lockStaff(tx, business.id, staffId);
      if (!ranges) continue;
      const slots = await slotsIn(tx, business, service, date, date, {
        staffIds: [staffId],
        hours: new Map([[staffId, ranges]]),
        ...(except ? { except } : {}),
      });
      const slot = slots.find((s) => s.start.getTime() === start.getTime());
      if (slot) return slot;
    }
    throw slotTaken();
  }

  async function activeService(executor: Executor, businessId: string, serviceId: string): Promise<BookingServiceRow> {
    const service = await repo.findService(executor, businessId, serviceId);
    if (!service || !service.active) throw bookingServiceNotFound();
    return service;
  }

  return {
    async listServices(ctx: BusinessContext) {
      const members = await repo.members(db, ctx.business.row.id);
      return { data: (await repo.services(db, ctx.business.row.id)).map((r) => presentService(r, members)) };
    },

    async createService(ctx: BusinessContext, body: BookingServiceFieldsOut): Promise<BookingServiceView> {
      const business = ctx.business.row;
      const now = clock.now();
      const id = newTimeOrderedId(now.getTime());
      return db.transaction(async (tx) => {
        await checkStaff(tx, business.id, body.staff_ids);
        await repo.insertService(tx, {
          businessId: business.id,
          id,
          name: body.name,
          description: body.description,
          durationMinutes: body.duration_minutes,
          price: body.price,
          currency: business.currency,
          bufferMinutes: body.buffer_minutes,
          active: body.active,
          staffIds: body.staff_ids,
          createdAt: now,
          updatedAt: now,
        });
        await recordIn(tx, ctx, 'booking_service', id, 'booking_service.created', `Added the booking service ${body.name}`);
        return presentService((await repo.findService(tx, business.id, id))!, await repo.members(tx, business.id));
      });
    },

    async updateService(ctx: BusinessContext, id: string, body: BookingServiceFieldsOut): Promise<BookingServiceView> {
      const business = ctx.business.row;
      return db.transaction(async (tx) => {
        const row = await repo.findService(tx, business.id, id, true);
        if (!row) throw bookingServiceNotFound();
        await checkStaff(tx, business.id, body.staff_ids);
        await repo.updateService(tx, business.id, id, {
          name: body.name,
          description: body.description,
          durationMinutes: body.duration_minutes,
          price: body.price,
          bufferMinutes: body.buffer_minutes,
          active: body.active,
          staffIds: body.staff_ids,
          updatedAt: clock.now(),
        });
        const what = row.active !== body.active ? (body.active ? ' and turned it on' : ' and turned it off') : '';
        await recordIn(tx, ctx, 'booking_service', id, 'booking_service.updated', `Edited the booking service ${body.name}${what}`);
        return presentService((await repo.findService(tx, business.id, id))!, await repo.members(tx, business.id));
      });
    },

    /** Free slots of a service (the dashboard's and the storefront's). */
    async slots(businessId: string, serviceId: string, from: CalendarDate, to: CalendarDate): Promise<Slot[]> {
      const business = await businessOf(db, businessId);
      const service = await repo.findService(db, businessId, serviceId);
      if (!service) throw bookingServiceNotFound();
      if (!service.active) return [];
      const slots = await slotsIn(db, business, service, from, to);
      return slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString(), staff_id: s.staffId }));
    },

    async listStaff(ctx: BusinessContext): Promise<{ data: BookingStaff[] }> {
      const businessId = ctx.business.row.id;
      return { data: await staffViews(db, businessId, await repo.members(db, businessId)) };
    },

    async setHours(ctx: BusinessContext, userId: string, body: StaffHoursBody): Promise<BookingStaff> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const member = await memberOf(tx, businessId, userId);
        const ranges = [...body.ranges].map((r) => ({ weekday: r.weekday, start: r.start, end: r.end }));
        await repo.setHours(tx, businessId, userId, ranges, clock.now());
        await recordIn(tx, ctx, 'booking_staff', userId, 'booking_hours.updated', `Set the booking hours of ${member.name} (${ranges.length} ranges a week)`);
        return staffView(tx, businessId, member);
      });
    },

    async addTimeOff(ctx: BusinessContext, userId: string, body: TimeOffBody): Promise<BookingStaff> {
      const businessId = ctx.business.row.id;
      const now = clock.now();
      return db.transaction(async (tx) => {
        const member = await memberOf(tx, businessId, userId);
        const id = newTimeOrderedId(now.getTime());
        await repo.insertTimeOff(tx, {
          businessId,
          id,
          userId,
          startsAt: new Date(body.from),
          endsAt: new Date(body.to),
          reason: body.reason ?? '',
          createdAt: now,
        });
        await recordIn(tx, ctx, 'booking_staff', userId, 'booking_time_off.created', `Added time off for ${member.name}`);
        return staffView(tx, businessId, member);
      });
    },

    async removeTimeOff(ctx: BusinessContext, userId: string, id: string): Promise<BookingStaff> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const member = await memberOf(tx, businessId, userId);
        if (!(await repo.removeTimeOff(tx, businessId, userId, id))) throw new AppError('BOOKING_TIME_OFF_NOT_FOUND', 'Time off not found.');
        await recordIn(tx, ctx, 'booking_staff', userId, 'booking_time_off.removed', `Removed time off of ${member.name}`);
        return staffView(tx, businessId, member);
      });
    },

    async listBookings(ctx: BusinessContext, query: BookingFilters & { limit: number }) {
      const business = ctx.business.row;
      const zone = business.timeZone;
      const cursor = decodeCursor(query.cursor);
      const rows = await repo.page(
        db,
        business.id,
        {
          since: query.from ? localDaysSpan(query.from, query.from, zone).start : undefined,
          until: query.to ? localDaysSpan(query.to, query.to, zone).end : undefined,
          staffId: query.staff_id,
          status: query.status,
        },
        query.limit,
        cursor ? { key: cursor.createdAt, id: cursor.id } : undefined,
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const members = await repo.members(db, business.id);
      return {
        data: page.map((r) => presentBooking(r, members)),
        next_cursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.startsAt, id: last.id }) : null,
      };
    },

    async cancelBooking(ctx: BusinessContext, id: string): Promise<Booking> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const row = await repo.findBooking(tx, businessId, id, true);
        if (!row) throw bookingNotFound();
        if (row.status !== 'confirmed') throw new AppError('BOOKING_STATE', 'This booking is cancelled already.');
        const updated = await repo.updateBooking(tx, businessId, id, { status: 'cancelled', cancelledAt: clock.now() });
        const business = await businessOf(tx, businessId);
        await mail(tx, 'cancelled', updated, business, null, true);
        await recordIn(
          tx,
          ctx,
          'booking',
          id,
          'booking.cancelled',
          `Cancelled the booking of ${row.customerName} (${row.serviceName}, ${whenOf(row.startsAt, business.timeZone)})`,
        );
        return presentBooking(updated, await repo.members(tx, businessId));
      });
    },

    // The storefront's side.

    activeServices: (businessId: string) => repo.services(db, businessId, true),
    hasActiveService: (businessId: string) => repo.hasActiveService(db, businessId),
    activeService: (businessId: string, serviceId: string) => activeService(db, businessId, serviceId),
    business: (businessId: string) => businessOf(db, businessId),
    staffNames: async (businessId: string) => new Map((await repo.members(db, businessId)).map((m) => [m.id, m.name])),
    bookableDays: (zone: string) => bookableDays(clock.now(), zone),

    /**
     * A customer books a service at `start` (one of its free slots): the booking, and its manage token (only its hash
     * is kept; the token is in the confirmation mail). A time no longer free: `BookingSlotTaken`.
     */
    async book(businessId: string, serviceId: string, start: Date, customer: BookingCustomer): Promise<{ booking: BookingRow; token: string }> {
      return db.transaction(async (tx) => {
        const business = await businessOf(tx, businessId);
        const service = await activeService(tx, businessId, serviceId);
        const slot = await takeSlot(tx, business, service, start);
        const now = clock.now();
        const token = randomToken();
        const id = newTimeOrderedId(now.getTime());
        await repo.insertBooking(tx, {
          businessId,
          id,
          serviceId: service.id,
          serviceName: service.name,
          staffUserId: slot.staffId,
          startsAt: slot.start,
          endsAt: slot.end,
          blockedUntil: new Date(slot.end.getTime() + service.bufferMinutes * MINUTE),
          customerName: customer.name,
          customerEmail: customer.email,
          customerPhone: customer.phone,
          price: Number(service.price),
          currency: service.currency,
          tokenHash: sha256(token),
          createdAt: now,
        });
        const booking = (await repo.findBooking(tx, businessId, id))!;
        await mail(tx, 'confirmed', booking, business, token);
        await audit.record(tx, UNATTENDED, {
          action: 'booking.created',
          description: `${customer.name} booked ${service.name} on ${whenOf(slot.start, business.timeZone)}`,
          actorUserId: null,
          businessId,
          objectType: 'booking',
          objectId: id,
        });
        return { booking, token };
      });
    },

    /** Whether the customer may still cancel or move the booking (confirmed, not started). */
    changeable: (row: BookingRow) => row.status === 'confirmed' && row.startsAt.getTime() > clock.now().getTime(),

    /** The booking of a manage token (null: none). */
    byToken: (token: string) => (/^[A-Za-z0-9_-]{20,100}$/.test(token) ? repo.bookingByToken(db, sha256(token)) : Promise.resolve(null)),

    /** The customer cancels from the mailed link (a booking already started or cancelled cannot be). */
    async cancelByToken(token: string): Promise<BookingRow> {
      return db.transaction(async (tx) => {
        const row = await repo.bookingByToken(tx, sha256(token), true);
        if (!row) throw bookingNotFound();
        if (row.status !== 'confirmed' || row.startsAt.getTime() <= clock.now().getTime())
          throw new AppError('BOOKING_STATE', 'This booking cannot be cancelled any more.');
        const updated = await repo.updateBooking(tx, row.businessId, row.id, { status: 'cancelled', cancelledAt: clock.now() });
        const business = await businessOf(tx, row.businessId);
        await mail(tx, 'cancelled', updated, business, null);
        await audit.record(tx, UNATTENDED, {
          action: 'booking.cancelled',
          description: `${row.customerName} cancelled their booking of ${row.serviceName}`,
          actorUserId: null,
          businessId: row.businessId,
          objectType: 'booking',
          objectId: row.id,
        });
        return updated;
      });
    },

    /** The customer moves their booking to another free slot of the same service (any of its staff). */
    async rescheduleByToken(token: string, start: Date): Promise<BookingRow> {
      return db.transaction(async (tx) => {
        const row = await repo.bookingByToken(tx, sha256(token), true);
        if (!row) throw bookingNotFound();
        if (row.status !== 'confirmed' || row.startsAt.getTime() <= clock.now().getTime())
          throw new AppError('BOOKING_STATE', 'This booking cannot be changed any more.');
        const business = await businessOf(tx, row.businessId);
        const service = await activeService(tx, row.businessId, row.serviceId);
        const slot = await takeSlot(tx, business, service, start, row.id);
        const updated = await repo.updateBooking(tx, row.businessId, row.id, {
          staffUserId: slot.staffId,
          startsAt: slot.start,
          endsAt: slot.end,
          blockedUntil: new Date(slot.end.getTime() + service.bufferMinutes * MINUTE),
          remindedAt: null,
        });
        await mail(tx, 'rescheduled', updated, business, token);
        await audit.record(tx, UNATTENDED, {
          action: 'booking.rescheduled',
          description: `${row.customerName} moved their booking of ${row.serviceName} to ${whenOf(slot.start, business.timeZone)}`,
          actorUserId: null,
          businessId: row.businessId,
          objectType: 'booking',
          objectId: row.id,
        });
        return updated;
      });
    },

    /** Free slots for the customer's reschedule (their own booking's time counts as free). */
    async slotsFor(row: BookingRow, from: CalendarDate, to: CalendarDate): Promise<FreeSlot[]> {
      const business = await businessOf(db, row.businessId);
      const service = await repo.findService(db, row.businessId, row.serviceId);
      if (!service || !service.active) return [];
      return slotsIn(db, business, service, from, to, { except: row.id });
    },

    /** Slots of an active service for the storefront. */
    async freeSlotsOf(business: BookingBusiness, service: BookingServiceRow, from: CalendarDate, to: CalendarDate): Promise<FreeSlot[]> {
      return slotsIn(db, business, service, from, to);
    },

    /** The reminder mail of every confirmed booking starting in the next 24 hours, once each (the schedule's run). */
    async sendReminders(): Promise<number> {
      const now = clock.now();
      let sent = 0;
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const rows = await repo.claimReminders(tx, now, new Date(now.getTime() + DAY), now, 100);
          for (const row of rows) await mail(tx, 'reminder', row, await businessOf(tx, row.businessId), null);
          return rows.length;
        });
        sent += batch;
        if (batch < 100) return sent;
      }
    },
  };
}

export type BookingModuleService = ReturnType<typeof createBookingService>;
