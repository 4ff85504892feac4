import { useState } from 'react';
import { Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatDate, formatMoneyWithCode } from '@merchant/core';
import {
  CHECKLIST_PERMISSIONS,
  maskAccount,
  OVERVIEW_PERIOD_LABELS,
  OVERVIEW_PERIODS,
  PAYMENT_METHOD_LABELS,
  type OverviewPeriod,
  type OverviewQuery,
} from '@merchant/payments';
import { href } from '@/app/route-table';
import { EmptyState } from '@/components/empty-state';
import { DateField } from '@/components/date-field';
import { ErrorState } from '@/components/error-state';
import { errorMessage } from '@/lib/error-message';
import { canChange, canView, useBusiness, useBusinessTimeZone } from '@/lib/session';
import { formatBusinessDateTime } from '@/lib/format';
import { TimeZoneNote } from '@/components/time-zone-note';
import { overviewQuery } from '../api/overview-api';
import { CurrencyBlock } from './currency-block';
import { DataList } from '@/components/data-list';
import { StatusBadge } from '@/components/status-badge';
import { AttentionBlock, MoneyBlock, PeriodHeadline, SetupBlock } from './money-block';

const isPeriod = (value: string | null): value is OverviewPeriod => OVERVIEW_PERIODS.includes(value as OverviewPeriod);

const periodOf = (search: URLSearchParams): OverviewPeriod => {
  const value = search.get('period');
  return isPeriod(value) ? value : '7d';
};

const queryOf = (search: URLSearchParams): OverviewQuery => {
  const period = periodOf(search);
  return period === 'custom' ? { period, from: search.get('from') ?? undefined, to: search.get('to') ?? undefined } : { period };
};

/** The figures' query for the URL's search (`?period=`, `from`, `to`); none while a custom range lacks an end. */
export function overviewQueryOf(search: URLSearchParams): OverviewQuery | null {
  const query = queryOf(search);
  return query.period !== 'custom' || (query.from && query.to) ? query : null;
}

/**
 * The payments Overview for the period in the URL (`?period=`, `from`, `to`), money first: the period's gross and
 * net, available and pending with when each arrives and the next payout, what needs attention, the period's details
 * and the latest payments, then set-up guidance while a step is left.
 */
export function PaymentsOverview({ businessId }: { businessId: string }) {
  // The periods are the business's calendar days and its times are shown in its zone.
  const zone = useBusinessTimeZone(businessId);
  const [search, setSearch] = useSearchParams();
  const period = periodOf(search);
  const [from, setFrom] = useState(search.get('from') ?? '');
  const [to, setTo] = useState(search.get('to') ?? '');
  const query = queryOf(search);
  const overview = useQuery({
    ...overviewQuery(businessId, query),
    placeholderData: keepPreviousData,
    enabled: overviewQueryOf(search) !== null,
  });

  const setPeriod = (value: string) => setSearch(value === 'custom' ? { period: value, from, to } : { period: value }, { replace: true });
  const applyRange = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (nextFrom && nextTo) setSearch({ period: 'custom', from: nextFrom, to: nextTo }, { replace: true });
  };
  const data = overview.data;
  // What the role may not use is not shown, whatever an answer carries (the server leaves it out as well).
  const business = useBusiness(businessId).data;
  const seesMoney = canView(business, 'wallets:manage');
  const attention = data && { ...data.attention, transfers_to_approve: canView(business, 'transfers:manage') ? data.attention.transfers_to_approve : null };
  const steps = data?.checklist.filter((c) => canChange(business, CHECKLIST_PERMISSIONS[c.item])) ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" c="dimmed">
          {data ? (
            <>
              <time dateTime={data.period.from}>{formatDate(data.period.from)}</time> to <time dateTime={data.period.to}>{formatDate(data.period.to)}</time>,
              compared with <time dateTime={data.period.previous_from}>{formatDate(data.period.previous_from)}</time> to{' '}
              <time dateTime={data.period.previous_to}>{formatDate(data.period.previous_to)}</time>
            </>
          ) : (
            'Period'
          )}
        </Text>
        <SegmentedControl
          aria-label="Period"
          value={period}
          onChange={setPeriod}
          data={OVERVIEW_PERIODS.map((p) => ({ value: p, label: OVERVIEW_PERIOD_LABELS[p] }))}
          size="xs"
        />
      </Group>
      {period === 'custom' ? (
        <Group gap="sm">
          <DateField label="From" value={from} onChange={(day) => applyRange(day, to)} />
          <DateField label="To" value={to} onChange={(day) => applyRange(from, day)} />
        </Group>
      ) : null}
      {overview.isError ? <ErrorState message={errorMessage(overview.error)} onRetry={() => void overview.refetch()} /> : null}
      {overview.isPending && overview.fetchStatus !== 'idle' ? <Skeleton h={240} radius="md" aria-label="Loading sales figures" /> : null}
      {data ? (
        <>
          {data.currencies.length > 0 ? <PeriodHeadline blocks={data.currencies} /> : null}
          {seesMoney ? <MoneyBlock data={data} businessId={businessId} /> : null}
          {attention ? <AttentionBlock attention={attention} businessId={businessId} /> : null}
          <Stack gap="md" component="section" aria-labelledby="sales-title">
            <Title order={2} size="h4" id="sales-title">
              Sales
            </Title>
            <TimeZoneNote zone={zone} />
            {data.currencies.length === 0 ? (
              <EmptyState
                title="No payments in this period"
                description="Payments your customers make appear here with the period's totals."
                headingOrder={3}
              />
            ) : (
              data.currencies.map((block) => <CurrencyBlock key={block.currency} block={block} />)
            )}
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="recent-title">
            <Title order={2} size="h4" id="recent-title">
              Recent payments
            </Title>
            {data.recent.length === 0 ? (
              <Text size="sm" c="dimmed">
                No payments yet.
              </Text>
            ) : (
              <DataList
                label="Recent payments"
                rows={data.recent}
                rowKey={(p) => p.id}
                rowHref={(p) => href('payments.transactions-detail', { business_id: businessId, b_charge: p.id })}
                striped={false}
                minWidth={640}
                columns={[
                  { header: 'Amount', card: 'title', nowrap: true, cell: (p) => formatMoneyWithCode(p.amount.amount, p.amount.currency) },
                  { header: 'Status', card: 'status', nowrap: true, cell: (p) => <StatusBadge kind="payment" status={p.status} /> },
                  { header: 'Customer', card: 'secondary', cell: (p) => p.customer.name ?? p.customer.email ?? 'Anonymous' },
                  {
                    header: 'Method',
                    card: 'secondary',
                    nowrap: true,
                    cell: (p) => (p.method ? `${PAYMENT_METHOD_LABELS[p.method]}${p.card ? ` ${maskAccount(p.card.last4)}` : ''}` : '—'),
                  },
                  {
                    header: 'Date',
                    card: 'secondary',
                    nowrap: true,
                    cell: (p) => <time dateTime={p.created_at}>{formatBusinessDateTime(p.created_at, zone)}</time>,
                  },
                ]}
              />
            )}
          </Stack>
          {/* Set-up guidance after the money, while a step is left (the money leads the page). */}
          <SetupBlock checklist={steps} businessId={businessId} />
        </>
      ) : null}
    </Stack>
  );
}
