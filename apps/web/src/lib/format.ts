// Display helpers of screens over the core formatters (packages/core/src/format): dates and sizes (devices: `describeUserAgent` of the core).
import { DEFAULT_TIME_ZONE, addDays, formatDateTime, localDate } from '@merchant/core';

/** The viewer's own zone: personal screens only (the account's security events, invitations). */
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;

/** A server timestamp (UTC ISO) in the viewer's local time, for personal screens that are no business's. */
export function formatLocalDateTime(iso: string): string {
  return formatDateTime(iso, viewerZone(), { zone: false });
}

/** A server timestamp in UTC, for records compared across people and exports (the business audit log, whose filters are UTC days). */
export function formatUtcDateTime(iso: string): string {
  return formatDateTime(iso, 'UTC', { zone: false });
}

/**
 * A server timestamp in the business's time zone (docs/payments.md, "Time zone"): every business screen
 * shows its times there and says which zone (`TimeZoneNote`), whatever the viewer's own zone. The one
 * formatter is `formatDateTime` of `packages/core` (issue 25); this names its use on screens.
 */
export function formatBusinessDateTime(iso: string, zone: string): string {
  return formatDateTime(iso, zone, { zone: false });
}

/** The business's calendar day today (YYYY-MM-DD), `plusDays` later: the default of dates a person picks. */
export function businessToday(zone: string, plusDays = 0): string {
  return addDays(localDate(new Date(), zone), plusDays);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
