import type { SecretBox } from '@/lib/secret-box';

/** What `provider_connections.settings` holds: the secret key only sealed, and its last 4 to show. */
export interface StoredProviderSettings {
  account_id: string;
  publishable_key: string;
  secret_key_last4: string;
  secret_key_sealed: string;
}

/** The stored settings of an account, its secret key sealed. */
export function storedSettings(box: SecretBox, account: { account_id: string; publishable_key: string; secret_key: string }): StoredProviderSettings {
  return {
    account_id: account.account_id,
    publishable_key: account.publishable_key,
    secret_key_last4: account.secret_key.slice(-4),
    secret_key_sealed: box.seal(account.secret_key),
  };
}
