/**
 * The register's device (docs/pos.md, "Offline allowance"): this browser's id, kept in its storage and registered with
 * the business when the register opens, and the last offline allowance the server answered for it (used while the
 * network is down, when the server cannot be asked).
 */

const DEVICE_KEY = 'register.device';
const allowanceKey = (businessId: string) => `register.offline-allowed.${businessId}`;

interface DeviceStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** This browser's device id, made once. */
export function deviceIdOf(store: DeviceStore, makeId: () => string = () => crypto.randomUUID()): string {
  const kept = store.getItem(DEVICE_KEY);
  if (kept && /^[0-9a-f-]{36}$/i.test(kept)) return kept;
  const id = makeId();
  store.setItem(DEVICE_KEY, id);
  return id;
}

/** The allowance the server last answered for this device in the business: off until it has said otherwise. */
export const keptOfflineAllowance = (store: DeviceStore, businessId: string): boolean => store.getItem(allowanceKey(businessId)) === 'on';

export function keepOfflineAllowance(store: DeviceStore, businessId: string, allowed: boolean): void {
  store.setItem(allowanceKey(businessId), allowed ? 'on' : 'off');
}
