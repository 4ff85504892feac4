import { Badge } from '@mantine/core';
import { REPEATING_INVOICE_STATUS_LABELS, type RepeatingInvoiceStatus } from '@merchant/payments';

const COLORS: Record<RepeatingInvoiceStatus, string> = { active: 'green', paused: 'yellow', stopped: 'dark', completed: 'blue' };

export function RepeatingInvoiceStatusBadge({ status }: { status: RepeatingInvoiceStatus }) {
  return (
    <Badge component="span" variant="light" color={COLORS[status]}>
      {REPEATING_INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
