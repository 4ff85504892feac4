import { formatMoneyWithCode } from '@merchant/core';
import type { BookingRow } from './booking.repository';

export type BookingMailKind = 'confirmed' | 'rescheduled' | 'cancelled' | 'reminder';

/** "Monday, 7 December 2026, 10:00" in the business's time zone. */
export function whenOf(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** The customer's mail of a booking (through the outbox, in the change's transaction). */
export function bookingMail(
  kind: BookingMailKind,
  booking: BookingRow,
  context: { storeName: string; zone: string; staffName: string; manageUrl: string | null; cancelledByStore?: boolean },
) {
  const when = `${whenOf(booking.startsAt, context.zone)} (${context.zone})`;
  const what = `${booking.serviceName} with ${context.staffName}`;
  const price = booking.price > 0 ? `Price: ${formatMoneyWithCode(booking.price, booking.currency)}, paid at the appointment.` : 'This service is free.';
  const manage = context.manageUrl ? `To cancel or change the time: ${context.manageUrl}` : '';
  const texts: Record<BookingMailKind, { subject: string; text: string }> = {
    confirmed: {
      subject: `${context.storeName}: your booking on ${whenOf(booking.startsAt, context.zone)}`,
      text: [`Thank you, ${booking.customerName}. Your booking is confirmed.`, `${what}\n${when}`, price, manage].filter(Boolean).join('\n\n'),
    },
    rescheduled: {
      subject: `${context.storeName}: your booking moved to ${whenOf(booking.startsAt, context.zone)}`,
      text: [`Your booking has a new time.`, `${what}\n${when}`, price, manage].filter(Boolean).join('\n\n'),
    },
    cancelled: {
      subject: `${context.storeName}: your booking was cancelled`,
      text: [
        context.cancelledByStore ? `${context.storeName} cancelled your booking. We are sorry for the trouble.` : 'Your booking is cancelled.',
        `${what}\n${when}`,
      ].join('\n\n'),
    },
    reminder: {
      subject: `${context.storeName}: reminder of your booking tomorrow`,
      text: [`A reminder of your booking, ${booking.customerName}.`, `${what}\n${when}`, price, manage].filter(Boolean).join('\n\n'),
    },
  };
  return { to: booking.customerEmail, ...texts[kind] };
}
