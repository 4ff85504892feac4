import { addDays, atLocalTime, datesFrom, isoWeekday, localDate, type CalendarDate } from '@merchant/core';
import { BOOKING_DAYS_AHEAD, BOOKING_SLOT_STEP_MINUTES, WEEKDAYS, minutesOfDay } from '@merchant/catalogue';

export interface SlotInput {
  zone: string;
  now: Date;
  service: { durationMinutes: number; bufferMinutes: number; staffIds: string[] };
  /** Each staff member's weekly hours (a member without any has no slots). */
  hours: Map<string, { weekday: string; start: string; end: string }[]>;
  timeOff: { userId: string; startsAt: Date; endsAt: Date }[];
  busy: { staffUserId: string; startsAt: Date; blockedUntil: Date }[];
}

export interface FreeSlot {
  start: Date;
  end: Date;
  staffId: string;
}

const MINUTE = 60_000;

/** The days a customer may book now: from today to 60 days ahead (the business's days). */
export function bookableDays(now: Date, zone: string): { first: CalendarDate; last: CalendarDate } {
  const first = localDate(now, zone);
  return { first, last: addDays(first, BOOKING_DAYS_AHEAD) };
}

/**
 * The free slots of a service on the business's days `from`..`to` (clamped to today..60 days ahead): every 15 minutes
 * of each staff member's hours where the appointment fits before the range ends, after now, outside their time off,
 * and whose span with the buffer after it meets no confirmed booking's span with its own buffer. By start, then staff.
 */
export function freeSlots(input: SlotInput, from: CalendarDate, to: CalendarDate): FreeSlot[] {
  const { zone, now, service } = input;
  const { first, last } = bookableDays(now, zone);
  const lastInstant = now.getTime() + BOOKING_DAYS_AHEAD * 86_400_000;
  const start = from < first ? first : from;
  const end = to > last ? last : to;
  const slots: FreeSlot[] = [];
  for (const date of datesFrom(start, end)) {
    const weekday = WEEKDAYS[isoWeekday(date) - 1];
    for (const staffId of service.staffIds) {
      for (const range of input.hours.get(staffId) ?? []) {
        if (range.weekday !== weekday) continue;
        const close = minutesOfDay(range.end);
        for (let m = minutesOfDay(range.start); m + service.durationMinutes <= close; m += BOOKING_SLOT_STEP_MINUTES) {
          const at = atLocalTime(date, m * MINUTE, zone);
          const t = at.getTime();
          if (t <= now.getTime() || t > lastInstant) continue;
          const endAt = t + service.durationMinutes * MINUTE;
          const blocked = endAt + service.bufferMinutes * MINUTE;
          if (input.timeOff.some((o) => o.userId === staffId && o.startsAt.getTime() < endAt && o.endsAt.getTime() > t)) continue;
          if (input.busy.some((b) => b.staffUserId === staffId && b.startsAt.getTime() < blocked && b.blockedUntil.getTime() > t)) continue;
          slots.push({ start: at, end: new Date(endAt), staffId });
        }
      }
    }
  }
  const order = new Map(service.staffIds.map((id, i) => [id, i]));
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime() || (order.get(a.staffId) ?? 0) - (order.get(b.staffId) ?? 0));
}
