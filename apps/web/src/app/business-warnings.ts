import { ROLE_PERMISSIONS, ROLES, ROLE_TITLES, type Permission } from '@merchant/core';
import type { Business, BusinessWarning } from '@merchant/business';
import { canChange } from '@/lib/session';

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

/**
 * What a warning's call to action is for the viewer: the link, when their role may do it (`canChange` of the
 * permission the server says it needs); else who to ask ("Ask an owner to update the questionnaire."), from the
 * roles the permission map gives it; nothing to a reader who is not a member (a super admin).
 */
export type WarningAction = { kind: 'link'; title: string; url: string } | { kind: 'ask'; text: string } | null;

const ARTICLE: Record<string, string> = { Owner: 'an owner', Admin: 'an admin', Manager: 'a manager', Cashier: 'a cashier' };

/** "an owner", "an owner or an admin": the roles that hold a permission, highest first. */
export function rolesHolding(permission: Permission): string {
  const names = ROLES.filter((r) => ROLE_PERMISSIONS[r].includes(permission)).map((r) => ARTICLE[ROLE_TITLES[r]]!);
  return names.length <= 1 ? (names[0] ?? 'an owner') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
}

export function warningAction(warning: BusinessWarning, business: Business): WarningAction {
  if (!warning.cta_url || !warning.cta_title) return null;
  if (!warning.cta_permission || canChange(business, warning.cta_permission)) return { kind: 'link', title: warning.cta_title, url: warning.cta_url };
  if (business.read_only) return null;
  const action = warning.cta_title.charAt(0).toLowerCase() + warning.cta_title.slice(1);
  return { kind: 'ask', text: `Ask ${rolesHolding(warning.cta_permission)} to ${action.replace(/[.]$/, '')}.` };
}
