import type { BusinessWarning } from '@merchant/business';

/** Spec 9: a dismissed banner stays hidden for 24 hours, then shows again. */
export const WARNING_DISMISS_MS = 24 * 60 * 60 * 1000;

/** `{ [warningId]: dismissedAtMs }` */
export type WarningDismissals = Record<string, number>;

export const dismissalsStorageKey = (businessId: string) => `merchant.dismissed-warnings.${businessId}`;

export function isWarningHidden(dismissals: WarningDismissals, warningId: string, nowMs: number): boolean {
  const at = dismissals[warningId];
  return at !== undefined && nowMs - at < WARNING_DISMISS_MS;
}

export function visibleWarnings(warnings: readonly BusinessWarning[], dismissals: WarningDismissals, nowMs: number): BusinessWarning[] {
  return warnings.filter((w) => !isWarningHidden(dismissals, w.id, nowMs));
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readDismissals(storage: KeyValueStorage, businessId: string): WarningDismissals {
  try {
    const raw = storage.getItem(dismissalsStorageKey(businessId));
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const out: WarningDismissals = {};
    for (const [id, at] of Object.entries(parsed)) if (typeof at === 'number') out[id] = at;
    return out;
  } catch {
    return {};
  }
}

/** Records the dismissal (time-stamped with `Date.now()`), dropping entries that have expired. */
export function dismissWarning(storage: KeyValueStorage, businessId: string, warningId: string): WarningDismissals {
  const now = Date.now();
  const kept = Object.fromEntries(Object.entries(readDismissals(storage, businessId)).filter(([, at]) => now - at < WARNING_DISMISS_MS));
  const next: WarningDismissals = { ...kept, [warningId]: now };
  try {
    storage.setItem(dismissalsStorageKey(businessId), JSON.stringify(next));
  } catch {
    // storage full or blocked: the banner is hidden for this page view only
  }
  return next;
}
