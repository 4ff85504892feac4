import type { ProviderConnection } from '@merchant/payments';

/** How a connection status reads and looks (the methods list and the onboarding pages). */
export const CONNECTION_STATUS: Record<ProviderConnection['status'], { label: string; color: string }> = {
  not_connected: { label: 'Not connected', color: 'gray' },
  pending: { label: 'Pending', color: 'yellow' },
  connected: { label: 'Connected', color: 'green' },
  disconnected: { label: 'Disconnected', color: 'gray' },
};
