import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, addDays, datesFrom, type CalendarDate } from '@merchant/core';
import { BookingCustomerSchema } from '@merchant/catalogue';
import { BookingSlotTaken, type BookingModuleService } from '@/modules/store/booking/booking.service';
import { bookingHomePage, bookingManagePage, bookingServicePage, type BookableService, type CustomerValues } from './storefront.booking-pages';
import type { Store } from './storefront.service';

type Form = Record<string, string | string[]>;
type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** What the storefront's routes lend the booking pages: its route, page and post wrappers and its `send`. */
export interface ShopRouting {
  route: (method: 'GET' | 'POST', url: string, handler: Handler) => void;
  page: (handler: (store: Store, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => Handler;
  post: (handler: (store: Store, form: Form, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => Handler;
  send: (req: FastifyRequest, reply: FastifyReply, body: string, options?: { status?: number }) => unknown;
  notFound: (store: Store, req: FastifyRequest, reply: FastifyReply) => unknown;
}

const one = (form: Form, key: string) => {
  const v = form[key];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMPTY: CustomerValues = { name: '', email: '', phone: '' };

const bookable = (s: { id: string; name: string; description: string; durationMinutes: number; price: number; currency: string }): BookableService => ({
  id: s.id,
  name: s.name,
  description: s.description,
  durationMinutes: s.durationMinutes,
  price: Number(s.price),
  currency: s.currency,
});

/**
 * The storefront's booking pages (docs/online-store.md, "Booking"), without scripts: `/booking` lists the services,
 * a service's page picks a day (a GET form) and posts the customer's details with the chosen time's button; the
 * booking's page (`/booking/manage/<token>`, linked from the mails) cancels it or moves it to another free time.
 */
export function storefrontBookingRoutes(shop: ShopRouting, booking: BookingModuleService): void {
  const { route, page, post, send, notFound } = shop;

  /** The day asked for (a valid day in the bookable range), else the first bookable day. */
  function dayOf(asked: unknown, zone: string): { date: CalendarDate; first: CalendarDate; last: CalendarDate; days: CalendarDate[] } {
    const { first, last } = booking.bookableDays(zone);
    const text = typeof asked === 'string' && DATE.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : first;
    const date = text < first ? first : text > last ? last : text;
    const to = addDays(first, 13) < last ? addDays(first, 13) : last;
    return { date, first, last, days: datesFrom(first, to) };
  }

  async function renderService(
    store: Store,
    req: FastifyRequest,
    reply: FastifyReply,
    serviceId: string,
    date: unknown,
    values: CustomerValues,
    errors: Record<string, string>,
    status = 200,
  ) {
    const service = await booking.activeService(store.business.id, serviceId).catch(() => null);
    if (!service) return notFound(store, req, reply);
    const business = await booking.business(store.business.id);
    const day = dayOf(date, business.timeZone);
    const slots = await booking.freeSlotsOf(business, service, day.date, day.date);
    // One button per time: the server gives it to whichever of the service's staff is free then.
    const times = [...new Map(slots.map((s) => [s.start.getTime(), { start: s.start }])).values()];
    return send(req, reply, bookingServicePage(store.page, bookable(service), { zone: business.timeZone, ...day, slots: times, values, errors }), { status });
  }

  async function renderManage(
    store: Store,
    req: FastifyRequest,
    reply: FastifyReply,
    token: string,
    options: { date?: unknown; notice?: string | null; error?: string | null; status?: number },
  ) {
    const row = await booking.byToken(token);
    if (!row || row.businessId !== store.business.id) return notFound(store, req, reply);
    const business = await booking.business(store.business.id);
    const day = dayOf(options.date, business.timeZone);
    const changeable = booking.changeable(row);
    const slots = changeable ? await booking.slotsFor(row, day.date, day.date) : [];
    const times = [...new Map(slots.map((s) => [s.start.getTime(), { start: s.start }])).values()];
    const staff = await booking.staffNames(store.business.id);
    return send(
      req,
      reply,
      bookingManagePage(
        store.page,
        {
          serviceName: row.serviceName,
          staffName: staff.get(row.staffUserId) ?? 'our team',
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          status: row.status,
          customerName: row.customerName,
          price: Number(row.price),
          currency: row.currency,
        },
        { token, zone: business.timeZone, notice: options.notice ?? null, error: options.error ?? null, changeable, ...day, slots: times },
      ),
      { status: options.status ?? 200 },
    );
  }

  route(
    'GET',
    '/booking',
    page(async (store, req, reply) => {
      const services = await booking.activeServices(store.business.id);
      if (services.length === 0) return notFound(store, req, reply);
      return send(req, reply, bookingHomePage(store.page, services.map(bookable)));
    }),
  );

  route(
    'GET',
    '/booking/services/:id',
    page(async (store, req, reply) => {
      const id = (req.params as { id: string }).id;
      return renderService(store, req, reply, id, (req.query as { date?: unknown }).date, EMPTY, {});
    }),
  );

  route(
    'POST',
    '/booking/services/:id',
    post(async (store, form, req, reply) => {
      const id = (req.params as { id: string }).id;
      const values = { name: one(form, 'name'), email: one(form, 'email'), phone: one(form, 'phone') };
      const parsed = BookingCustomerSchema.safeParse(values);
      const start = new Date(one(form, 'start'));
      const errors: Record<string, string> = {};
      if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      if (Number.isNaN(start.getTime())) errors['start'] = 'Choose a time.';
      if (!parsed.success || errors['start']) return renderService(store, req, reply, id, one(form, 'date'), values, errors, 422);
      try {
        const { token } = await booking.book(store.business.id, id, start, parsed.data);
        return reply.redirect(`/booking/manage/${token}?booked=1`, 303);
      } catch (error) {
        if (error instanceof BookingSlotTaken)
          return renderService(
            store,
            req,
            reply,
            id,
            one(form, 'date'),
            values,
            { start: 'Sorry, that time was just booked by someone else. Choose another time.' },
            409,
          );
        if (error instanceof AppError && error.code === 'BOOKING_SERVICE_NOT_FOUND') return notFound(store, req, reply);
        throw error;
      }
    }),
  );

  route(
    'GET',
    '/booking/manage/:token',
    page(async (store, req, reply) => {
      const { token } = req.params as { token: string };
      const query = req.query as { date?: unknown; booked?: unknown; moved?: unknown; cancelled?: unknown };
      const notice = query.booked
        ? 'Your booking is confirmed. We have mailed you the details and this page’s link.'
        : query.moved
          ? 'Your booking has its new time. We have mailed you the details.'
          : query.cancelled
            ? 'Your booking is cancelled.'
            : null;
      return renderManage(store, req, reply, token, { date: query.date, notice });
    }),
  );

  route(
    'POST',
    '/booking/manage/:token/cancel',
    post(async (store, _form, req, reply) => {
      const { token } = req.params as { token: string };
      const row = await booking.byToken(token);
      if (!row || row.businessId !== store.business.id) return notFound(store, req, reply);
      try {
        await booking.cancelByToken(token);
        return reply.redirect(`/booking/manage/${token}?cancelled=1`, 303);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return renderManage(store, req, reply, token, { error: error.message, status: 409 });
      }
    }),
  );

  route(
    'POST',
    '/booking/manage/:token/reschedule',
    post(async (store, form, req, reply) => {
      const { token } = req.params as { token: string };
      const row = await booking.byToken(token);
      if (!row || row.businessId !== store.business.id) return notFound(store, req, reply);
      try {
        await booking.rescheduleByToken(token, new Date(one(form, 'start')));
        return reply.redirect(`/booking/manage/${token}?moved=1`, 303);
      } catch (error) {
        if (!(error instanceof AppError) && !(error instanceof BookingSlotTaken)) throw error;
        const message = error instanceof BookingSlotTaken ? 'Sorry, that time is no longer free. Choose another time.' : error.message;
        return renderManage(store, req, reply, token, { error: message, status: 409 });
      }
    }),
  );
}
