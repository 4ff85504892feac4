import { Badge, Stack, Table, Text } from '@mantine/core';
import { formatMoneyWithCode } from '@merchant/core';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, type Payment } from '@merchant/payments';
import { formatLocalDateTime } from '../lib/format';
import { LoadMore } from './load-more';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

const STATUS_COLORS: Partial<Record<Payment['status'], string>> = { succeeded: 'green', failed: 'red', refunded: 'gray', partially_refunded: 'yellow' };

/** The payments one source (a payment link, a static QR code) took, newest first, with "Load more". */
export function SourcePaymentsTable({ payments, query }: { payments: Payment[]; query: PagedQuery }) {
  if (payments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No payments yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" aria-label="Payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">When</Table.Th>
              <Table.Th scope="col">Amount</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Customer</Table.Th>
              <Table.Th scope="col">Method</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={p.created_at}>{formatLocalDateTime(p.created_at)}</time>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoneyWithCode(p.amount.amount, p.amount.currency)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLORS[p.status] ?? 'blue'}>
                    {PAYMENT_STATUS_LABELS[p.status]}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.customer.name ?? p.customer.email ?? '—'}</Table.Td>
                <Table.Td>{p.method ? PAYMENT_METHOD_LABELS[p.method] : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMore query={query} count={payments.length} noun={['payment', 'payments']} />
    </Stack>
  );
}
