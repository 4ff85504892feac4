import { useState } from 'react';
import { Button, Group, Select, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EMPTY_VALUE, formatLocalDate, formatMoneyWithCode, formatMonth } from '@merchant/core';
import { COMMISSION_PAYOUT, partnerEndpoints } from '@merchant/business';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { StatusBadge } from '@/components/status-badge';
import { endpointQuery } from '@/lib/queries';
import { downloadUrl } from '@/lib/download-url';
import { useBusiness } from '@/lib/session';

const percent = (basisPoints: number) => `${basisPoints / 100} %`;
const payDays = COMMISSION_PAYOUT.pay_days.map((d) => (d === 1 ? '1st' : `${d}th`)).join(' and ');

/** The partner's commissions: per linked business and month, its fees from the ledger, the plan's share and the status. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const query = useQuery(endpointQuery(partnerEndpoints.commissions, { params: { business_id: businessId } }));
  const zone = useBusiness(businessId).data?.time_zone ?? 'UTC';
  const day = (iso: string | null) => (iso ? formatLocalDate(iso, zone) : EMPTY_VALUE);
  const [chosenMonth, setChosenMonth] = useState<string | null>(null);

  if (query.isError) return <ErrorState message="The commissions could not be loaded." onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingScreen />;
  const { plan, commissions } = query.data;
  // Newest first, as the list: a statement of each month with commissions.
  const months = [...new Set(commissions.map((c) => c.month))];
  const month = chosenMonth ?? months[0] ?? null;

  return (
    <PageFrame
      title="Commissions"
      description={`You earn ${percent(plan.share_basis_points)} of a linked business's fees for ${plan.months} months after it links to you, counted once a month.`}
    >
      <Text size="sm">
        A month&apos;s commissions are approved {COMMISSION_PAYOUT.hold_days} days after it ends, then paid into your partner balance on the {payDays} of the
        month, once the approved ones in a currency reach {COMMISSION_PAYOUT.minimum_major} of it.
      </Text>
      {month ? (
        <Group align="flex-end" gap="sm">
          <Select
            label="Statement month"
            data={months.map((m) => ({ value: m, label: formatMonth(`${m}-01`) }))}
            value={month}
            onChange={setChosenMonth}
            allowDeselect={false}
            w={220}
          />
          <Button
            component="a"
            href={downloadUrl(partnerEndpoints.statement, { business_id: businessId }, { month })}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Download statement (CSV)
          </Button>
        </Group>
      ) : null}
      {commissions.length === 0 ? (
        <EmptyState
          title="No commissions yet"
          description="A month's commission appears here once the month has ended and a linked business paid fees in it."
        />
      ) : (
        <DataList
          label="Commissions"
          rows={commissions}
          rowKey={(c) => `${c.month}-${c.business_name}-${c.currency}`}
          columns={[
            { header: 'Business', cell: (c) => c.business_name, card: 'title' },
            {
              header: 'Commission',
              cell: (c) => <Text fw={600}>{formatMoneyWithCode(c.amount, c.currency)}</Text>,
              card: 'amount',
              align: 'right',
              nowrap: true,
            },
            { header: 'Status', cell: (c) => <StatusBadge kind="commission" status={c.status} />, card: 'status', nowrap: true },
            { header: 'Month', cell: (c) => formatMonth(`${c.month}-01`), card: 'meta', nowrap: true },
            { header: 'Approved on', cell: (c) => day(c.approved_at), card: 'meta', nowrap: true, hideWhenEmpty: true },
            { header: 'Paid on', cell: (c) => day(c.paid_at), card: 'meta', nowrap: true, hideWhenEmpty: true },
            { header: 'Fees', cell: (c) => formatMoneyWithCode(c.fees, c.currency), card: 'meta', align: 'right', nowrap: true },
            { header: 'Share', cell: (c) => percent(c.share_basis_points), card: 'meta', align: 'right', nowrap: true },
          ]}
        />
      )}
    </PageFrame>
  );
}
