import { Text } from '@mantine/core';
import { formatMoneyWithCode, orEmpty } from '@merchant/core';
import { maskAccount, type Transfer } from '@merchant/payments';
import { href } from '@/app/route-table';
import type { Column } from '@/components/data-list';
import { StatusBadge } from '@/components/status-badge';
import { BusinessTime } from '@/components/business-time';

/** The link to a transfer's detail. */
export const transferHref = (businessId: string) => (t: Transfer) => href('payments.transfer-history-detail', { business_id: businessId, transfer: t.id });

/** The columns of a transfers list (the history and the overview's recent transfers). */
export const TRANSFER_COLUMNS: readonly Column<Transfer>[] = [
  {
    header: 'Amount',
    card: 'amount',
    link: true,
    nowrap: true,
    cell: (t) => (
      <>
        {formatMoneyWithCode(t.send.amount, t.send.currency)}
        {t.receive.currency !== t.send.currency ? (
          <Text size="xs" c="dimmed" fw={400}>
            receives {formatMoneyWithCode(t.receive.amount, t.receive.currency)}
          </Text>
        ) : null}
      </>
    ),
  },
  { header: 'Beneficiary', card: 'title', cell: (t) => t.beneficiary.holder_name },
  { header: 'Bank account', card: 'secondary', cell: (t) => `${t.beneficiary.bank_name} ${maskAccount(t.beneficiary.account_last4)}` },
  { header: 'Status', card: 'status', nowrap: true, cell: (t) => <StatusBadge kind="transfer" status={t.status} /> },
  { header: 'Requested by', cell: (t) => orEmpty(t.requested_by?.name) },
  { header: 'Created', nowrap: true, cell: (t) => <BusinessTime at={t.created_at} /> },
];

/**
 * The columns of one beneficiary's transfers (on the beneficiary's page): without the beneficiary and its bank account,
 * which the page is about; a card is titled by the transfer's date.
 */
export const BENEFICIARY_TRANSFER_COLUMNS: readonly Column<Transfer>[] = TRANSFER_COLUMNS.filter(
  (c) => c.header !== 'Beneficiary' && c.header !== 'Bank account',
).map((c) => (c.header === 'Created' ? { ...c, card: 'title' } : c));
