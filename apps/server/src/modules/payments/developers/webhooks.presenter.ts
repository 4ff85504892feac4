import { atLocalTime, localDate, localTimeOfDayMs } from '@merchant/core';
import { maskAccount, type WebhookEndpoint, type WebhookEventType } from '@merchant/payments';
import type { HealthRow, WebhookEndpointRow } from './webhooks.repository';

/** The answers of the webhooks' endpoints, and the wall-clock times of "resend a period". */

const HOUR_MS = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A wall-clock time of the zone (`2026-12-24T18:00`) as an instant. */
export function fromLocalDateTime(value: string, zone: string): Date {
  const [date, time] = value.split('T') as [string, string];
  const [h, m] = time.split(':').map(Number) as [number, number];
  return atLocalTime(date, h * HOUR_MS + m * 60_000, zone);
}
/** An instant as the zone's wall-clock time, to the minute. */
export function toLocalDateTime(instant: Date, zone: string): string {
  const ms = localTimeOfDayMs(instant, zone);
  return `${localDate(instant, zone)}T${pad(Math.floor(ms / HOUR_MS))}:${pad(Math.floor((ms % HOUR_MS) / 60_000))}`;
}

export function presentEndpoint(row: WebhookEndpointRow, health: HealthRow | undefined): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    salt_last4: maskAccount(row.saltLast4),
    status: row.status,
    disabled_reason: row.disabledReason,
    failing_since: row.failingSince?.toISOString() ?? null,
    health: {
      attempts: health?.attempts ?? 0,
      success_rate: health && health.attempts > 0 ? Math.round((health.succeeded / health.attempts) * 1000) / 10 : null,
      last_failure_at: health?.lastFailureAt?.toISOString() ?? null,
      last_success_at: health?.lastSuccessAt?.toISOString() ?? null,
    },
    created_at: row.createdAt.toISOString(),
  };
}
