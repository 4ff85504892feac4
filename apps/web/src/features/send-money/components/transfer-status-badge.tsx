import { Badge } from '@mantine/core';
import { TRANSFER_STATUS_LABELS, type TransferStatus } from '@merchant/payments';

const STATUS_COLORS: Record<TransferStatus, string> = {
  awaiting_review: 'yellow',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
};

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]}>
      {TRANSFER_STATUS_LABELS[status]}
    </Badge>
  );
}
