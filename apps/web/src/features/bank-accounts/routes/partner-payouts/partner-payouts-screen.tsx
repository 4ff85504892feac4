import { Group, Stack, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatLocalDate, formatMoneyWithCode } from '@merchant/core';
import { COMMISSION_PAYOUT } from '@merchant/business';
import { maskAccount, type Payout } from '@merchant/payments';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { StatusBadge } from '@/components/status-badge';
import { formatBusinessDateTime } from '@/lib/format';
import { useBusinessTimeZone } from '@/lib/session';
import { payoutsToAccountsQuery } from '@/features/bank-accounts/api/bank-accounts-api';
import { AddBankAccountMenu, BankAccountList } from '@/features/bank-accounts/components/bank-account-list';

/** "Arrived 29 Nov 2026" once paid, "Arrives ..." until then, in the partner's days. */
function arrival(payout: Payout, zone: string): string {
  if (payout.status === 'failed') return payout.failure_reason ?? 'Did not arrive';
  if (payout.status === 'paid' && payout.paid_at) return `Arrived ${formatLocalDate(payout.paid_at, zone)}`;
  return `Arrives ${formatLocalDate(payout.arrives_at, zone)}`;
}

/**
 * The partner's bank accounts and payouts: its credited commissions are paid out to the default account of their
 * currency each day they reach the commission minimum (docs/decisions.md, "Partner payouts").
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const zone = useBusinessTimeZone(businessId);
  const payouts = useInfiniteQuery(payoutsToAccountsQuery(businessId));
  const rows = payouts.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <PageFrame
      title="Payouts"
      description={`Your credited commissions are paid out to the default bank account of their currency each day your balance in it reaches ${COMMISSION_PAYOUT.minimum_major}. Every change to an account asks for your password and is mailed to you.`}
    >
      <Stack gap="sm" component="section" aria-labelledby="partner-bank-accounts-title">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="partner-bank-accounts-title">
            Bank accounts
          </Title>
          <AddBankAccountMenu businessId={businessId} />
        </Group>
        <BankAccountList businessId={businessId} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="partner-payouts-title">
        <Title order={2} size="h4" id="partner-payouts-title">
          Payouts to your bank
        </Title>
        <PagedTable
          query={payouts}
          loadingLabel="Loading payouts"
          empty={{
            icon: <IconBuildingBank aria-hidden />,
            title: 'No payouts yet',
            description: 'Once a bank account is added, your balance is paid out to it on the next day it reaches the minimum.',
          }}
          label="Payouts"
          rows={rows}
          rowKey={(p) => p.id}
          columns={[
            { header: 'Created', card: 'title', nowrap: true, cell: (p) => <time dateTime={p.created_at}>{formatBusinessDateTime(p.created_at, zone)}</time> },
            { header: 'Amount', card: 'amount', nowrap: true, cell: (p) => formatMoneyWithCode(p.amount.amount, p.amount.currency) },
            { header: 'Status', card: 'status', nowrap: true, cell: (p) => <StatusBadge kind="payout" status={p.status} /> },
            { header: 'Bank account', card: 'secondary', cell: (p) => `${p.bank_account.bank_name} ${maskAccount(p.bank_account.account_last4)}` },
            { header: 'Arrival', card: 'secondary', cell: (p) => arrival(p, zone) },
          ]}
          noun={['payout', 'payouts']}
        />
      </Stack>
    </PageFrame>
  );
}
