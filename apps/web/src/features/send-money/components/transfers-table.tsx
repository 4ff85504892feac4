import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { maskAccount, type Transfer } from '@merchant/payments';
import { href } from '@/app/route-table';
import { formatLocalDateTime } from '@/lib/format';
import { TransferStatusBadge } from './transfer-status-badge';

/** The head and rows of a transfers table (inside `PagedTable` or a plain `Table`). */
export function TransferRows({ businessId, transfers }: { businessId: string; transfers: readonly Transfer[] }) {
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Amount</Table.Th>
          <Table.Th scope="col">Beneficiary</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Requested by</Table.Th>
          <Table.Th scope="col">Created</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {transfers.map((t) => (
          <Table.Tr key={t.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Anchor component={Link} to={href('payments.transfer-history-detail', { business_id: businessId, transfer: t.id })} fw={600}>
                {formatMoneyWithCode(t.send.amount, t.send.currency)}
              </Anchor>
              {t.receive.currency !== t.send.currency ? (
                <Text size="xs" c="dimmed">
                  receives {formatMoneyWithCode(t.receive.amount, t.receive.currency)}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              {t.beneficiary.holder_name}
              <Text size="xs" c="dimmed">
                {t.beneficiary.bank_name} {maskAccount(t.beneficiary.account_last4)}
              </Text>
            </Table.Td>
            <Table.Td>
              <TransferStatusBadge status={t.status} />
            </Table.Td>
            <Table.Td>{t.requested_by?.name ?? '-'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={t.created_at}>{formatLocalDateTime(t.created_at)}</time>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </>
  );
}
