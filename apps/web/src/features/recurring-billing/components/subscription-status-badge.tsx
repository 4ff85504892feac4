import { Badge } from '@mantine/core';
import { SUBSCRIPTION_STATUS_LABELS, type Subscription } from '@merchant/payments';

const COLORS: Record<Subscription['status'], string> = {
  pending: 'gray',
  trialing: 'blue',
  active: 'green',
  past_due: 'red',
  paused: 'yellow',
  unpaid: 'red',
  cancelled: 'dark',
  completed: 'teal',
};

export function SubscriptionStatusBadge({ status }: { status: Subscription['status'] }) {
  return (
    <Badge component="span" variant="light" color={COLORS[status]}>
      {SUBSCRIPTION_STATUS_LABELS[status]}
    </Badge>
  );
}
