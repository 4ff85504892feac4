import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogEndpoints } from '@merchant/business';
import { bookingEndpoints, type BookingServiceBody } from '@merchant/catalogue';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';
import { createBusiness, openStore, shopHostOf, Shopper, type FactoryBusiness } from './factories';

/**
 * Booking (docs/online-store.md, "Booking"): services, staff hours and time off, free slots (bookings with their
 * buffer, time off and the past left out), the storefront's booking and the customer's cancel and reschedule by the
 * mailed link, the dashboard's cancel, reminders, permissions, and no double booking under concurrency.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;
let owner: Agent;
let ownerId: string;
let managerId: string;
let shopHost: string;
const inBusiness = () => ({ params: { business_id: business.id } });
const serviceParams = (id: string) => ({ params: { business_id: business.id, service_id: id } });
// The test clock starts on Sunday 2026-11-01 09:00 UTC; the business's zone is UTC.
const START = new Date('2026-11-01T09:00:00Z');
const MONDAY = '2026-11-02';
let n = 0;
const createService = (over: Partial<BookingServiceBody> = {}) =>
  owner.ok(bookingEndpoints.createService, {
    ...inBusiness(),
    body: { name: `Service ${++n}`, duration_minutes: 45, price: 0, buffer_minutes: 15, staff_ids: [ownerId], ...over },
  });
const slotsOf = async (serviceId: string, from = MONDAY, to = from) =>
  (await owner.ok(bookingEndpoints.slots, { ...serviceParams(serviceId), query: { from, to } })).data;
const timesOf = (slots: { start: string }[]) => slots.map((s) => s.start.slice(11, 16));
let customers = 0;
const newEmail = () => `booker${++customers}@example.com`;
const book = (shopper: Shopper, serviceId: string, start: string, over: Record<string, string> = {}) =>
  shopper.post(`/booking/services/${serviceId}`, { name: 'Ann Tan', email: newEmail(), phone: '+65 9123 4567', start, date: start.slice(0, 10), ...over });
const tokenOf = (location: unknown) => /\/booking\/manage\/([A-Za-z0-9_-]+)/.exec(String(location))?.[1] ?? '';

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'], currency: 'sgd', country: 'sg', name: 'Kopi Corner' });
  owner = business.people.owner.agent;
  ownerId = business.people.owner.id;
  managerId = business.people.manager.id;
  shopHost = await shopHostOf(t, owner, business.id);
  await openStore(owner, business.id);
  // The owner works Monday 09:00-12:00 and 13:00-17:00; the manager Monday 09:00-10:00.
  await owner.ok(bookingEndpoints.setHours, {
    params: { business_id: business.id, staff_id: ownerId },
    body: {
      ranges: [
        { weekday: 'monday', start: '09:00', end: '12:00' },
        { weekday: 'monday', start: '13:00', end: '17:00' },
      ],
    },
  });
  await owner.ok(bookingEndpoints.setHours, {
    params: { business_id: business.id, staff_id: managerId },
    body: { ranges: [{ weekday: 'monday', start: '09:00', end: '10:00' }] },
  });
});
beforeEach(() => t.clock.set(START));
afterAll(() => t.close());

describe('booking services and hours', () => {
  it('creates, lists and edits a service with its staff, each audited', async () => {
    const created = await owner.call(bookingEndpoints.createService, {
      ...inBusiness(),
      body: { name: '  Coffee tasting ', description: 'Six coffees.', duration_minutes: 45, price: 25_00, staff_ids: [ownerId, managerId] },
    });
    expect(created.status).toBe(201);
    const service = created.ok ? created.body : null;
    expect(service).toMatchObject({ name: 'Coffee tasting', duration_minutes: 45, price: 25_00, currency: 'sgd', buffer_minutes: 0, active: true });
    expect(service?.staff.map((s) => s.id)).toEqual([ownerId, managerId]);
    const edited = await owner.ok(bookingEndpoints.updateService, {
      ...serviceParams(service!.id),
      body: { name: 'Coffee tasting', duration_minutes: 60, price: 0, staff_ids: [ownerId], active: false },
    });
    expect(edited).toMatchObject({ duration_minutes: 60, price: 0, active: false, staff: [{ id: ownerId }] });
    const listed = await owner.ok(bookingEndpoints.listServices, inBusiness());
    expect(listed.data.find((s) => s.id === service!.id)).toEqual(edited);
    const audited = async (action: string) => (await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action } })).data.map((a) => a.description);
    expect(await audited('booking_service.created')).toContain('Added the booking service Coffee tasting');
    expect(await audited('booking_service.updated')).toContain('Edited the booking service Coffee tasting and turned it off');
    expect(await audited('booking_hours.updated')).toHaveLength(2);
  });

  it('refuses bad services, hours and time off with field errors (422)', async () => {
    const bad = await owner.call(bookingEndpoints.createService, {
      ...inBusiness(),
      body: { name: ' ', duration_minutes: 4, price: -1, buffer_minutes: -5, staff_ids: [] },
    });
    expect([...new Set(failure(bad).issues?.map((i) => i.path))].sort()).toEqual(['buffer_minutes', 'duration_minutes', 'name', 'price', 'staff_ids']);
    const tooLong = await owner.call(bookingEndpoints.createService, {
      ...inBusiness(),
      body: { name: 'Long', duration_minutes: 481, price: 0, staff_ids: [ownerId] },
    });
    expect(failure(tooLong).issues?.map((i) => i.path)).toEqual(['duration_minutes']);
    // A staff member who is not a member of this business.
    const other = await createBusiness(t);
    const stranger = await owner.call(bookingEndpoints.createService, {
      ...inBusiness(),
      body: { name: 'Stranger', duration_minutes: 30, price: 0, staff_ids: [other.people.owner.id] },
    });
    expect(failure(stranger)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'staff_ids', message: 'Choose active members of the business' }] });

    const hours = await owner.call(bookingEndpoints.setHours, {
      params: { business_id: business.id, staff_id: ownerId },
      body: {
        ranges: [
          { weekday: 'monday', start: '10:00', end: '09:00' },
          { weekday: 'tuesday', start: '09:00', end: '12:00' },
          { weekday: 'tuesday', start: '11:00', end: '13:00' },
          { weekday: 'friday', start: '9am', end: '17:00' },
        ],
      },
    });
    expect(
      failure(hours)
        .issues?.map((i) => i.path)
        .sort(),
    ).toEqual(['ranges.0.end', 'ranges.2.start', 'ranges.3.start']);
    const off = await owner.call(bookingEndpoints.addTimeOff, {
      params: { business_id: business.id, staff_id: ownerId },
      body: { from: '2026-11-02T12:00:00Z', to: '2026-11-02T11:00:00Z' },
    });
    expect(failure(off).issues?.map((i) => i.path)).toEqual(['to']);
    const notMember = await owner.call(bookingEndpoints.setHours, {
      params: { business_id: business.id, staff_id: other.people.owner.id },
      body: { ranges: [] },
    });
    expect(failure(notMember)).toMatchObject({ code: 'STAFF_MEMBER_NOT_FOUND' });
  });

  it('lets a manager manage booking; a cashier reads but may not change; another business sees nothing of ours', async () => {
    const service = await createService();
    const manager = business.people.manager.agent;
    const cashier = business.people.cashier.agent;
    expect(
      (
        await manager.call(bookingEndpoints.updateService, {
          ...serviceParams(service.id),
          body: { name: 'By manager', duration_minutes: 30, price: 0, staff_ids: [ownerId] },
        })
      ).status,
    ).toBe(200);
    expect((await cashier.call(bookingEndpoints.listServices, inBusiness())).status).toBe(200);
    expect(
      (await cashier.call(bookingEndpoints.createService, { ...inBusiness(), body: { name: 'Cashier', duration_minutes: 30, price: 0, staff_ids: [ownerId] } }))
        .status,
    ).toBe(403);
    expect((await cashier.call(bookingEndpoints.setHours, { params: { business_id: business.id, staff_id: ownerId }, body: { ranges: [] } })).status).toBe(403);
    const other = await createBusiness(t);
    const theirs = other.people.owner.agent;
    expect((await theirs.call(bookingEndpoints.listBookings, inBusiness())).status).toBe(404);
    const mine = await theirs.call(bookingEndpoints.updateService, {
      params: { business_id: other.id, service_id: service.id },
      body: { name: 'Mine', duration_minutes: 30, price: 0, staff_ids: [other.people.owner.id] },
    });
    expect(failure(mine)).toMatchObject({ code: 'BOOKING_SERVICE_NOT_FOUND' });
  });
});

describe('slots', () => {
  it('every 15 minutes of the hours where the service fits; time off, bookings with buffers and the past are left out', async () => {
    const service = await createService({ staff_ids: [ownerId] });
    const all = timesOf(await slotsOf(service.id));
    expect(all.slice(0, 3)).toEqual(['09:00', '09:15', '09:30']);
    // 45 minutes fit until 12:00 (11:15 is the last start), then the afternoon range.
    expect(all).toContain('11:15');
    expect(all).not.toContain('11:30');
    expect(all).not.toContain('12:00');
    expect(all.at(-1)).toBe('16:15');
    expect(all).toHaveLength(10 + 14);
    // Sunday (today) has no hours; 61 days ahead is past the limit.
    expect(await slotsOf(service.id, '2026-11-01')).toEqual([]);
    expect(await slotsOf(service.id, '2027-01-04')).toEqual([]);

    // Time off 13:00-14:00: 13:00..13:45 go (13:15 would end at 14:00, inside it), 14:00 stays.
    const staff = await owner.ok(bookingEndpoints.addTimeOff, {
      params: { business_id: business.id, staff_id: ownerId },
      body: { from: '2026-11-02T13:00:00Z', to: '2026-11-02T14:00:00Z', reason: 'Dentist' },
    });
    const withOff = timesOf(await slotsOf(service.id));
    expect(withOff).not.toContain('13:00');
    expect(withOff).not.toContain('13:45');
    expect(withOff).toContain('14:00');

    // A booking at 09:00 (45 minutes and 15 of buffer) takes 09:00..09:45 away: the next start is 10:00.
    const answer = await book(new Shopper(t, shopHost), service.id, '2026-11-02T09:00:00.000Z');
    expect(answer.statusCode).toBe(303);
    const after = timesOf(await slotsOf(service.id));
    expect(after[0]).toBe('10:00');

    // The past: at 10:05 on Monday, 10:00 is gone too.
    // (Read through the service: a day later the owner's session would be idle too long.)
    t.clock.set(new Date('2026-11-02T10:05:00Z'));
    expect(timesOf(await t.services.booking.slots(business.id, service.id, MONDAY, MONDAY))[0]).toBe('10:15');
    t.clock.set(START);

    // Removing the time off gives its slots back.
    const offId = staff.time_off[0]!.id;
    await owner.ok(bookingEndpoints.removeTimeOff, { params: { business_id: business.id, staff_id: ownerId, time_off_id: offId } });
    expect(timesOf(await slotsOf(service.id))).toContain('13:00');
    // Cleanup: the next tests start with a free Monday.
    const { data } = await owner.ok(bookingEndpoints.listBookings, { ...inBusiness(), query: { status: 'confirmed' } });
    for (const b of data) await owner.ok(bookingEndpoints.cancelBooking, { params: { business_id: business.id, booking_id: b.id } });
  });
});

describe('the storefront', () => {
  it('lists services, books a slot, mails the confirmation with its link; the slot is gone; bad details are 422', async () => {
    const service = await createService({ name: 'Latte art class', price: 40_00 });
    const shopper = new Shopper(t, shopHost);
    const home = await shopper.get('/');
    expect(home.body).toContain('href="/booking"');
    const list = await shopper.get('/booking');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Latte art class');
    const page = await shopper.get(`/booking/services/${service.id}?date=${MONDAY}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="2026-11-02T09:00:00.000Z"');

    const badEmail = await book(shopper, service.id, '2026-11-02T09:00:00.000Z', { email: 'not-an-email', name: '' });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.body).toContain('Enter a valid email address');
    expect(badEmail.body).toContain('Enter your name');

    const email = newEmail();
    const booked = await book(shopper, service.id, '2026-11-02T09:00:00.000Z', { email });
    expect(booked.statusCode).toBe(303);
    const token = tokenOf(booked.headers.location);
    expect(token).not.toBe('');
    const confirmation = await shopper.get(`/booking/manage/${token}?booked=1`);
    expect(confirmation.statusCode).toBe(200);
    expect(confirmation.body).toContain('Your booking is confirmed');
    expect(confirmation.body).toContain('paid at the appointment');
    const mail = (await mailbox(t.app)).find((m) => m.to === email);
    expect(mail?.subject).toContain('your booking on Monday, 2 November 2026');
    expect(mail?.text).toContain(`/booking/manage/${token}`);
    expect(timesOf(await slotsOf(service.id))).not.toContain('09:00');
    const again = await book(new Shopper(t, shopHost), service.id, '2026-11-02T09:00:00.000Z');
    // The manager gives no Latte art class: the owner's 09:00 is taken.
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('that time was just booked by someone else');
    // A time that is no slot (09:05) is refused the same way.
    expect((await book(shopper, service.id, '2026-11-02T09:05:00.000Z')).statusCode).toBe(409);

    const listed = await owner.ok(bookingEndpoints.listBookings, {
      ...inBusiness(),
      query: { from: MONDAY, to: MONDAY, staff_id: ownerId, status: 'confirmed' },
    });
    expect(listed.data.find((b) => b.customer.email === email)).toMatchObject({
      service: { name: 'Latte art class' },
      staff: { id: ownerId },
      start: '2026-11-02T09:00:00.000Z',
      end: '2026-11-02T09:45:00.000Z',
      price: 40_00,
    });
    await owner.ok(bookingEndpoints.cancelBooking, {
      params: { business_id: business.id, booking_id: listed.data.find((b) => b.customer.email === email)!.id },
    });
  });

  it('20 concurrent bookings of one slot: exactly one is booked, the others get a clear 409', async () => {
    const service = await createService({ staff_ids: [ownerId] });
    const start = '2026-11-02T10:30:00.000Z';
    const answers = await Promise.all(Array.from({ length: 20 }, () => book(new Shopper(t, shopHost), service.id, start)));
    expect(answers.filter((a) => a.statusCode === 303)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 303);
    expect(refused).toHaveLength(19);
    for (const a of refused) {
      expect(a.statusCode).toBe(409);
      expect(a.body).toContain('that time was just booked by someone else');
    }
    const { data } = await owner.ok(bookingEndpoints.listBookings, {
      ...inBusiness(),
      query: { from: MONDAY, to: MONDAY, staff_id: ownerId, status: 'confirmed' },
    });
    const overlapping = data.filter((b) => b.start < '2026-11-02T11:30:00.000Z' && b.end > '2026-11-02T10:00:00.000Z');
    expect(overlapping).toHaveLength(1);
    for (const b of data) await owner.ok(bookingEndpoints.cancelBooking, { params: { business_id: business.id, booking_id: b.id } });
  });

  it('concurrent bookings of overlapping times of one staff member never overlap', async () => {
    const service = await createService({ staff_ids: [ownerId], buffer_minutes: 0 });
    const starts = ['14:00', '14:15', '14:30', '14:45', '15:00', '15:15'].map((h) => `2026-11-02T${h}:00.000Z`);
    const answers = await Promise.all(starts.flatMap((s) => [0, 1].map(() => book(new Shopper(t, shopHost), service.id, s))));
    expect(answers.every((a) => a.statusCode === 303 || a.statusCode === 409)).toBe(true);
    const { data } = await owner.ok(bookingEndpoints.listBookings, {
      ...inBusiness(),
      query: { from: MONDAY, to: MONDAY, staff_id: ownerId, status: 'confirmed' },
    });
    const sorted = [...data].sort((a, b) => a.start.localeCompare(b.start));
    for (const [i, b] of sorted.entries()) if (i > 0) expect(b.start >= sorted[i - 1]!.end).toBe(true);
    expect(answers.filter((a) => a.statusCode === 303)).toHaveLength(sorted.length);
    for (const b of data) await owner.ok(bookingEndpoints.cancelBooking, { params: { business_id: business.id, booking_id: b.id } });
  });

  it('the customer reschedules to a free slot and cancels by the mailed link; taken slots and a cancelled booking are refused', async () => {
    const service = await createService({ staff_ids: [ownerId] });
    const shopper = new Shopper(t, shopHost);
    const email = newEmail();
    const token = tokenOf((await book(shopper, service.id, '2026-11-02T09:00:00.000Z', { email })).headers.location);
    const blocker = await book(new Shopper(t, shopHost), service.id, '2026-11-02T11:00:00.000Z');
    expect(blocker.statusCode).toBe(303);

    const manage = await shopper.get(`/booking/manage/${token}?date=${MONDAY}`);
    expect(manage.body).toContain('Cancel this booking');
    // Its own time counts as free for the move; 11:00 is taken.
    expect(manage.body).toContain('value="2026-11-02T09:00:00.000Z"');
    expect(manage.body).not.toContain('value="2026-11-02T11:00:00.000Z"');
    const taken = await shopper.post(`/booking/manage/${token}/reschedule`, { start: '2026-11-02T11:00:00.000Z' });
    expect(taken.statusCode).toBe(409);
    const moved = await shopper.post(`/booking/manage/${token}/reschedule`, { start: '2026-11-02T14:00:00.000Z' });
    expect(moved.statusCode).toBe(303);
    expect((await mailbox(t.app)).find((m) => m.to === email)?.subject).toContain('your booking moved to Monday, 2 November 2026');
    expect(timesOf(await slotsOf(service.id))).toContain('09:00');
    expect(timesOf(await slotsOf(service.id))).not.toContain('14:00');

    const cancelled = await shopper.post(`/booking/manage/${token}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect((await mailbox(t.app)).find((m) => m.to === email)?.subject).toContain('your booking was cancelled');
    expect(timesOf(await slotsOf(service.id))).toContain('14:00');
    expect((await shopper.post(`/booking/manage/${token}/cancel`)).statusCode).toBe(409);
    expect((await shopper.post(`/booking/manage/${token}/reschedule`, { start: '2026-11-02T15:00:00.000Z' })).statusCode).toBe(409);
    // A made-up token, or the token on another store's host, is not found.
    expect((await shopper.get('/booking/manage/not-a-real-token-at-all-1234')).statusCode).toBe(404);
    const other = await createBusiness(t);
    const theirHost = await shopHostOf(t, other.people.owner.agent, other.id);
    expect((await new Shopper(t, theirHost).get(`/booking/manage/${token}`)).statusCode).toBe(404);
    const blockerToken = tokenOf(blocker.headers.location);
    await new Shopper(t, shopHost).post(`/booking/manage/${blockerToken}/cancel`);
  });

  it('the dashboard cancels a booking and mails the customer; a second cancel is 409; the reminder goes once the day before', async () => {
    const service = await createService({ staff_ids: [ownerId] });
    const email = newEmail();
    await book(new Shopper(t, shopHost), service.id, '2026-11-02T16:00:00.000Z', { email });
    const remindEmail = newEmail();
    await book(new Shopper(t, shopHost), service.id, '2026-11-02T15:00:00.000Z', { email: remindEmail });
    const { data } = await owner.ok(bookingEndpoints.listBookings, { ...inBusiness(), query: { status: 'confirmed', limit: 1 } });
    expect(data).toHaveLength(1);
    const mine = (await owner.ok(bookingEndpoints.listBookings, { ...inBusiness(), query: { status: 'confirmed' } })).data.find(
      (b) => b.customer.email === email,
    )!;
    const cancelled = await owner.ok(bookingEndpoints.cancelBooking, { params: { business_id: business.id, booking_id: mine.id } });
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    expect((await mailbox(t.app)).find((m) => m.to === email)?.text).toContain('Kopi Corner cancelled your booking');
    expect(failure(await owner.call(bookingEndpoints.cancelBooking, { params: { business_id: business.id, booking_id: mine.id } }))).toMatchObject({
      code: 'BOOKING_STATE',
    });
    const other = await createBusiness(t);
    expect(
      failure(await other.people.owner.agent.call(bookingEndpoints.cancelBooking, { params: { business_id: other.id, booking_id: mine.id } })),
    ).toMatchObject({
      code: 'BOOKING_NOT_FOUND',
    });

    // Sunday 09:00: Monday 15:00 is more than a day away; at 15:30 on Sunday it is within a day: reminded once.
    await t.services.booking.sendReminders();
    expect((await mailbox(t.app)).filter((m) => m.to === remindEmail && m.subject.includes('reminder'))).toHaveLength(0);
    t.clock.set(new Date('2026-11-01T15:30:00Z'));
    await t.services.booking.sendReminders();
    await t.services.booking.sendReminders();
    const reminders = (await mailbox(t.app)).filter((m) => m.to === remindEmail && m.subject.includes('reminder'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('Monday, 2 November 2026');
  });
});
