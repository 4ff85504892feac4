import type { SavedCardCharge } from './charges.types';

/**
 * What a payment charged on a saved method keeps of it: a card its token, brand, last 4 and expiry; a direct debit
 * its bank and the account's last 4 (the mandate's token stays with the mandate).
 */
export function savedMethodColumns(saved: SavedCardCharge) {
  if (saved.method === 'direct_debit') return { method: saved.method, bankName: saved.brand, bankLast4: saved.last4 };
  return {
    method: saved.method,
    cardToken: saved.token,
    cardBrand: saved.brand,
    cardLast4: saved.last4,
    cardExpMonth: saved.expMonth,
    cardExpYear: saved.expYear,
  };
}

/** The `method_selected` event's data of a saved method's charge. */
export function savedMethodEvent(saved: SavedCardCharge): Record<string, unknown> {
  const shown = saved.method === 'direct_debit' ? { bank: saved.brand } : { brand: saved.brand };
  return { method: saved.method, ...shown, last4: saved.last4, saved: true };
}
