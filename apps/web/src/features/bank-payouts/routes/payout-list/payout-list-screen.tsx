import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { IconBuildingBank, IconDownload } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatLocalDate, formatMoneyWithCode } from '@merchant/core';
import { maskAccount, PAYOUT_STATUS_LABELS, PAYOUT_STATUSES, PayoutFiltersSchema, type Payout } from '@merchant/payments';
import { href } from '@/app/route-table';
import { DateField } from '@/components/date-field';
import { countSet, FilterBar } from '@/components/folded-filters';
import { DateRangeFields } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { formatBusinessDateTime } from '@/lib/format';
import { useBusinessTimeZone } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { payoutsExportHref, payoutsQuery } from '@/features/bank-payouts/api/payouts-api';
import { StatusBadge } from '@/components/status-badge';

const FILTER_KEYS = ['status', 'from', 'to'];
const STATUS_OPTIONS = PAYOUT_STATUSES.map((s) => ({ value: s, label: PAYOUT_STATUS_LABELS[s] }));

/** When the money reaches the bank, in the business's days: "Arrived 29 Nov 2026" once paid, "Arrives ..." until then. */
function Arrival({ payout, zone }: { payout: Payout; zone: string }) {
  if (payout.status === 'failed') return <>Did not arrive</>;
  const paidAt = payout.status === 'paid' ? payout.paid_at : null;
  const at = paidAt ?? payout.arrives_at;
  return (
    <>
      {paidAt ? 'Arrived' : 'Arrives'} <time dateTime={at}>{formatLocalDate(at, zone)}</time>
    </>
  );
}

/** Every payout of the wallet balance: status and date filters in the URL; the CSV is exactly the filtered view. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const { params, set, clear } = useUrlParams();
  // Dates are the business's calendar days: the server reads them in its time zone.
  const zone = useBusinessTimeZone(businessId);
  const parsed = PayoutFiltersSchema.safeParse({
    status: params.get('status') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  });
  const filters = parsed.success ? parsed.data : null;
  const issue = (path: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === path)?.message);
  const payouts = useInfiniteQuery({ ...payoutsQuery(businessId, filters ?? PayoutFiltersSchema.parse({})), enabled: filters !== null });
  const rows = payouts.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = countSet(params, FILTER_KEYS) > 0;

  return (
    <PageFrame
      title="Payouts"
      description="Money sent from your wallet balance to your bank accounts, on your schedule or when you pay out."
      actions={
        <Group gap="xs">
          <Button component={Link} to={href('payments.balance', { business_id: businessId })} variant="default">
            Wallet balance
          </Button>
          <Button
            component="a"
            href={filters ? payoutsExportHref(businessId, filters) : undefined}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={filters === null}
          >
            Export CSV
          </Button>
        </Group>
      }
    >
      <FilterBar active={countSet(params, FILTER_KEYS)} onClear={clear}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select label="Status" placeholder="All statuses" data={STATUS_OPTIONS} value={params.get('status')} onChange={(v) => set('status', v)} clearable />
          <DateRangeFields
            from={<DateField label="From" value={params.get('from')} onChange={(day) => set('from', day || null)} error={issue('from')} />}
            to={<DateField label="To" value={params.get('to')} onChange={(day) => set('to', day || null)} error={issue('to')} />}
            zone={zone}
          />
        </SimpleGrid>
      </FilterBar>

      <PagedTable
        query={payouts}
        loadingLabel="Loading payouts"
        loading={filters !== null}
        empty={{
          icon: <IconBuildingBank aria-hidden />,
          title: filtered ? 'No payout matches these filters' : 'No payouts yet',
          description: filtered ? 'Try another status or date range.' : 'Pay out from the wallet balance, or set a payout schedule there.',
          action: filtered ? (
            <Button variant="default" onClick={clear}>
              Clear filters
            </Button>
          ) : undefined,
        }}
        label="Payouts"
        rows={rows}
        rowKey={(p) => p.id}
        rowHref={(p) => href('payments.balance-payouts-detail', { business_id: businessId, payout: p.id })}
        columns={[
          { header: 'Created', card: 'title', nowrap: true, cell: (p) => <time dateTime={p.created_at}>{formatBusinessDateTime(p.created_at, zone)}</time> },
          { header: 'Amount', card: 'amount', nowrap: true, cell: (p) => formatMoneyWithCode(p.amount.amount, p.amount.currency) },
          { header: 'Status', card: 'status', nowrap: true, cell: (p) => <StatusBadge kind="payout" status={p.status} /> },
          { header: 'Bank account', card: 'secondary', cell: (p) => `${p.bank_account.bank_name} ${maskAccount(p.bank_account.account_last4)}` },
          { header: 'Arrival', card: 'secondary', nowrap: true, cell: (p) => <Arrival payout={p} zone={zone} /> },
        ]}
        noun={['payout', 'payouts']}
      />
    </PageFrame>
  );
}
