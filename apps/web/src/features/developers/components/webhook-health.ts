import type { WebhookEndpoint } from '@merchant/payments';

/** An endpoint's success rate over the last 7 days, in words. */
export function healthText(health: WebhookEndpoint['health']): string {
  if (health.success_rate === null) return 'No attempts yet';
  return `${health.success_rate}% of ${health.attempts} ${health.attempts === 1 ? 'attempt' : 'attempts'}`;
}
