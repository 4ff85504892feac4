import { Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatLocalDate, formatMoneyWithCode } from '@merchant/core';
import type { PlatformPayment } from '@merchant/payments';
import { PagedTable } from '@/components/paged-table';
import { StatusBadge } from '@/components/status-badge';
import { platformPaymentsQuery } from '../api/platform-api';

/** The payments made through the platform's payment requests for its linked businesses, newest first, with the fee kept. */
export function PlatformPayments({ businessId, zone }: { businessId: string; zone: string }) {
  const payments = useInfiniteQuery(platformPaymentsQuery(businessId));
  const rows = payments.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section aria-labelledby="platform-payments-title">
      <Title order={2} size="h4" id="platform-payments-title" mb="xs">
        Payments made through the platform
      </Title>
      <PagedTable
        query={payments}
        loadingLabel="Loading the payments"
        empty={{ title: 'No payment yet', description: 'Payments show here once the payment requests you make for linked businesses are paid.' }}
        label="Payments made through the platform"
        noun={['payment', 'payments']}
        rows={rows}
        rowKey={(p) => p.payment_id}
        columns={[
          { header: 'Business', card: 'title', cell: (p: PlatformPayment) => p.business_name },
          { header: 'Status', card: 'status', nowrap: true, cell: (p) => <StatusBadge kind="payment" status={p.status} /> },
          { header: 'Amount', card: 'meta', nowrap: true, cell: (p) => formatMoneyWithCode(p.amount, p.currency) },
          { header: 'Platform fee', card: 'meta', nowrap: true, cell: (p) => formatMoneyWithCode(p.fee, p.currency) },
          {
            header: 'Refunded',
            hideWhenEmpty: true,
            nowrap: true,
            cell: (p) => (p.refunded_amount > 0 ? formatMoneyWithCode(p.refunded_amount, p.currency) : ''),
          },
          { header: 'Date', card: 'meta', nowrap: true, cell: (p) => formatLocalDate(p.created_at, zone) },
        ]}
      />
    </section>
  );
}
