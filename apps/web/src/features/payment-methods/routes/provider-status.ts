import type { ProviderConnection } from '@merchant/payments';

type ConnectionStatus = ProviderConnection['status'];

/** How a connection status reads and looks. */
const CONNECTION_STATUS: Record<ConnectionStatus, { label: string; color: string }> = {
  not_connected: { label: 'Not connected', color: 'gray' },
  pending: { label: 'Pending', color: 'yellow' },
  connected: { label: 'Connected', color: 'green' },
  disconnected: { label: 'Disconnected', color: 'gray' },
};

/** An own account not connected while the test processor takes the payments: nothing is missing. */
const NOT_NEEDED_IN_TEST_MODE = { label: 'Not needed in test mode', color: 'gray' };

/**
 * A provider connection's status in one wording for the methods list and the provider's own page (issue 25: Xendit was
 * "Not needed in test mode" on one and "Not connected" on the other).
 */
export function connectionStatus(status: ConnectionStatus, testMode: boolean): { label: string; color: string } {
  return testMode && status === 'not_connected' ? NOT_NEEDED_IN_TEST_MODE : CONNECTION_STATUS[status];
}
