import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@merchant/payments';

const COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  partially_paid: 'yellow',
  paid: 'green',
  overdue: 'red',
  void: 'dark',
  refunded: 'grape',
};

/** An invoice's status as a coloured badge (the dashboard's screens and the customer's invoice page). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge component="span" variant="light" color={COLORS[status]}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
