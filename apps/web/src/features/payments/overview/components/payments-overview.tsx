import { useState } from 'react';
import { Anchor, Badge, Card, Group, List, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatDate, formatMoneyWithCode, type Permission } from '@merchant/core';
import {
  OVERVIEW_PERIOD_LABELS,
  OVERVIEW_PERIODS,
  PAYMENT_STATUS_LABELS,
  type ChecklistItem,
  type Overview,
  type OverviewPeriod,
  type OverviewQuery,
} from '@merchant/payments';
import { href, type RouteId } from '@/app/route-table';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { errorMessage } from '@/lib/error-message';
import { canChange, useBusiness, useBusinessTimeZone } from '@/lib/session';
import { formatBusinessDateTime } from '@/lib/format';
import { TimeZoneNote } from '@/components/time-zone-note';
import { overviewQuery } from '../api/overview-api';
import { CurrencyBlock } from './currency-block';

/** Each step's screen; `change`: the step's screen makes something, so it is a link only for who may (canChange). */
const CHECKLIST: Record<ChecklistItem, { label: string; routeId: RouteId; change?: Permission }> = {
  verify_business: { label: 'Verify your business', routeId: 'payments.settings-account-verification' },
  enable_payment_methods: { label: 'Choose your payment methods', routeId: 'payments.payment-methods' },
  customise_checkout: { label: 'Customise your checkout', routeId: 'payments.settings-checkout' },
  create_payment_link: { label: 'Create your first payment link', routeId: 'payments.links-create', change: 'payments:create' },
  first_payment: { label: 'Make a first test payment', routeId: 'payments.links' },
};

const isPeriod = (value: string | null): value is OverviewPeriod => OVERVIEW_PERIODS.includes(value as OverviewPeriod);

function Sidebar({ data, businessId }: { data: Overview; businessId: string }) {
  const business = useBusiness(businessId).data;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="balances-title">
        <Title order={2} size="h4" id="balances-title" mb="xs">
          Balances
        </Title>
        {data.balances.length === 0 ? (
          <Text size="sm" c="dimmed">
            No funds yet.
          </Text>
        ) : (
          <Table aria-labelledby="balances-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Currency</Table.Th>
                <Table.Th scope="col" ta="right">
                  Pending
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Available
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.balances.map((b) => (
                <Table.Tr key={b.currency}>
                  <Table.Td>{b.currency.toUpperCase()}</Table.Td>
                  <Table.Td ta="right">{formatMoneyWithCode(b.pending.amount, b.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoneyWithCode(b.available.amount, b.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="checklist-title">
        <Title order={2} size="h4" id="checklist-title" mb="xs">
          Setup checklist
        </Title>
        <List spacing="xs" listStyleType="none">
          {data.checklist.map((c) => {
            const step = CHECKLIST[c.item];
            return (
              <List.Item key={c.item} icon={c.done ? <IconCircleCheck color="var(--mantine-color-green-8)" aria-hidden /> : <IconCircleDashed aria-hidden />}>
                {step.change && !canChange(business, step.change) ? (
                  <Text span size="sm">
                    {step.label}
                  </Text>
                ) : (
                  <Anchor component={Link} to={href(step.routeId, { business_id: businessId })} size="sm">
                    {step.label}
                  </Anchor>
                )}
                <Text span size="xs" c="dimmed">
                  {c.done ? ' (done)' : ' (to do)'}
                </Text>
              </List.Item>
            );
          })}
        </List>
      </Card>
    </SimpleGrid>
  );
}

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

/** The payments Overview's figures for the period in the URL (`?period=`, `from`, `to`). */
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

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3">
          Sales
        </Title>
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
          <TextInput type="date" label="From" value={from} onChange={(e) => applyRange(e.currentTarget.value, to)} />
          <TextInput type="date" label="To" value={to} onChange={(e) => applyRange(from, e.currentTarget.value)} />
        </Group>
      ) : null}
      {overview.isError ? <ErrorState message={errorMessage(overview.error)} onRetry={() => void overview.refetch()} /> : null}
      {overview.isPending && overview.fetchStatus !== 'idle' ? <Skeleton h={240} radius="md" aria-label="Loading sales figures" /> : null}
      {data ? (
        <>
          <Text size="sm" c="dimmed">
            <time dateTime={data.period.from}>{formatDate(data.period.from)}</time> to <time dateTime={data.period.to}>{formatDate(data.period.to)}</time>,
            compared with <time dateTime={data.period.previous_from}>{formatDate(data.period.previous_from)}</time> to{' '}
            <time dateTime={data.period.previous_to}>{formatDate(data.period.previous_to)}</time>
          </Text>
          <TimeZoneNote zone={zone} />
          {data.currencies.length === 0 ? (
            <EmptyState title="No payments in this period" description="Payments your customers make appear here with the period's totals." headingOrder={3} />
          ) : (
            data.currencies.map((block) => <CurrencyBlock key={block.currency} block={block} />)
          )}
          <Sidebar data={data} businessId={businessId} />
          <Stack gap="xs" component="section" aria-labelledby="recent-title">
            <Title order={2} size="h4" id="recent-title">
              Recent payments
            </Title>
            {data.recent.length === 0 ? (
              <Text size="sm" c="dimmed">
                No payments yet.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="xs" aria-labelledby="recent-title">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Amount</Table.Th>
                      <Table.Th scope="col">Status</Table.Th>
                      <Table.Th scope="col">Date</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.recent.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td fw={600}>
                          <Anchor component={Link} to={href('payments.transactions-detail', { business_id: businessId, b_charge: p.id })}>
                            {formatMoneyWithCode(p.amount.amount, p.amount.currency)}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={p.status === 'failed' ? 'red' : p.status === 'succeeded' ? 'green' : 'gray'}>
                            {PAYMENT_STATUS_LABELS[p.status]}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <time dateTime={p.created_at}>{formatBusinessDateTime(p.created_at, zone)}</time>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}
