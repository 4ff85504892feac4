import { Badge } from '@mantine/core';
import { PAYOUT_STATUS_LABELS, type PayoutStatus } from '@merchant/payments';

const COLORS: Record<PayoutStatus, string> = { in_transit: 'blue', paid: 'green', failed: 'red' };

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {PAYOUT_STATUS_LABELS[status]}
    </Badge>
  );
}
