import { DEFAULT_STORE_SETTINGS, type StoreSettingsValues } from '@merchant/catalogue';
import type { storeSettings } from '@/db/schema';

export type StoreSettingsRow = typeof storeSettings.$inferSelect;

/** The settings as saved, or the defaults before the first save. */
export function settingsOf(row: StoreSettingsRow | null): StoreSettingsValues {
  if (!row) return { ...DEFAULT_STORE_SETTINGS, policies: { ...DEFAULT_STORE_SETTINGS.policies } };
  return {
    store_name: row.storeName,
    logo_url: row.logoUrl,
    currency_display: row.currencyDisplay,
    phone_field: row.phoneField,
    note_field: row.noteField,
    policies: { refund: row.refundPolicy, privacy: row.privacyPolicy, terms: row.termsPolicy },
    is_open: row.isOpen,
    closed_message: row.closedMessage,
    customer_mails: row.customerMails,
    merchant_mails: row.merchantMails,
    recovery_mails: row.recoveryMails,
  };
}
