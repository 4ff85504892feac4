import { Stack, Text } from '@mantine/core';
import { formatMoneyWithCode } from '@merchant/core';
import { PAYMENT_METHOD_LABELS, type Payment } from '@merchant/payments';
import { formatLocalDateTime } from '../lib/format';
import { DataList } from './data-list';
import { LoadMore } from './load-more';
import { StatusBadge } from './status-badge';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The payments one source (a payment link, a static QR code) took, newest first, with "Load more". */
export function SourcePaymentsTable({ payments, query, paymentHref }: { payments: Payment[]; query: PagedQuery; paymentHref?: (p: Payment) => string }) {
  if (payments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No payments yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <DataList
        label="Payments"
        rows={payments}
        rowKey={(p) => p.id}
        rowHref={paymentHref}
        striped={false}
        minWidth={520}
        columns={[
          { header: 'When', card: 'secondary', nowrap: true, cell: (p) => <time dateTime={p.created_at}>{formatLocalDateTime(p.created_at)}</time> },
          { header: 'Amount', card: 'amount', nowrap: true, cell: (p) => formatMoneyWithCode(p.amount.amount, p.amount.currency) },
          { header: 'Status', card: 'status', nowrap: true, cell: (p) => <StatusBadge kind="payment" status={p.status} /> },
          { header: 'Customer', card: 'title', cell: (p) => p.customer.name ?? p.customer.email ?? 'Anonymous' },
          { header: 'Method', cell: (p) => (p.method ? PAYMENT_METHOD_LABELS[p.method] : '—') },
        ]}
      />
      <LoadMore query={query} count={payments.length} noun={['payment', 'payments']} />
    </Stack>
  );
}
