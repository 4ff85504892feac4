import { addDays, localDate } from '@merchant/core';
import type { BusinessContext } from '../http/context';
import type { Clock } from '../lib/clock';
import type { Services } from '../services';

/**
 * The demo store's booking (docs/online-store.md, "Booking"): a free "Coffee tasting" of 45 minutes given by the
 * owner, their weekday hours (10:00-12:30 and 14:00-17:00), and two upcoming bookings made as a customer would.
 */
export async function seedBooking(services: Services, owner: BusinessContext, clock: Clock): Promise<void> {
  const booking = services.booking;
  const businessId = owner.business.row.id;
  const ownerId = owner.user.id;
  const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
  await booking.setHours(owner, ownerId, {
    ranges: weekdays.flatMap((weekday) => [
      { weekday, start: '10:00', end: '12:30' },
      { weekday, start: '14:00', end: '17:00' },
    ]),
  });
  const tasting = await booking.createService(owner, {
    name: 'Coffee tasting',
    description: 'Taste six of our single origins with a roaster, and learn to tell them apart. Up to four people.',
    duration_minutes: 45,
    price: 0,
    buffer_minutes: 15,
    active: true,
    staff_ids: [ownerId],
  });
  const today = localDate(clock.now(), owner.business.row.timeZone);
  const slots = await booking.slots(businessId, tasting.id, addDays(today, 2), addDays(today, 9));
  const customers = [
    { name: 'Mei Lim', email: 'mei.lim@example.com', phone: '+65 9123 4567' },
    { name: 'Arjun Nair', email: 'arjun.nair@example.com', phone: '' },
  ];
  // The first free time, and one a few slots later (a day's second booking).
  for (const [i, slot] of [slots[0], slots[6]].entries()) {
    if (slot) await booking.book(businessId, tasting.id, new Date(slot.start), customers[i]!);
  }
}
