import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@merchant/payments';

const COLORS: Record<InvoiceStatus, string> = { draft: 'gray', sent: 'blue', partially_paid: 'yellow', paid: 'green', overdue: 'red', void: 'dark' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge component="span" variant="light" color={COLORS[status]}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
