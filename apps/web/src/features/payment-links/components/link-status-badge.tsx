import { Badge } from '@mantine/core';
import { PAYMENT_LINK_STATUS_LABELS, type PaymentLink } from '@merchant/payments';

const COLORS: Record<PaymentLink['status'], string> = { active: 'green', completed: 'blue', expired: 'gray', cancelled: 'red' };

export function LinkStatusBadge({ status }: { status: PaymentLink['status'] }) {
  return (
    <Badge component="span" variant="light" color={COLORS[status]}>
      {PAYMENT_LINK_STATUS_LABELS[status]}
    </Badge>
  );
}
