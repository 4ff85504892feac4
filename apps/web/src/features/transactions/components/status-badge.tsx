import { Badge } from '@mantine/core';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@merchant/payments';

const STATUS_COLORS: Partial<Record<PaymentStatus, string>> = {
  succeeded: 'green',
  failed: 'red',
  refunded: 'gray',
  partially_refunded: 'yellow',
  expired: 'gray',
};

export function StatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status] ?? 'blue'}>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
