import { useState } from 'react';
import { Anchor, Badge, Box, Card, Group, List, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import {
  OVERVIEW_PERIOD_LABELS,
  OVERVIEW_PERIODS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_SOURCE_LABELS,
  PAYMENT_STATUS_LABELS,
  type ChecklistItem,
  type CurrencyOverview,
  type Overview,
  type OverviewPeriod,
} from '@merchant/payments';
import { href, type RouteId } from '@/app/route-table';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { errorMessage } from '@/lib/error-message';
import { formatLocalDateTime } from '@/lib/format';
import { overviewQuery } from '../api/overview-api';

const CHECKLIST: Record<ChecklistItem, { label: string; routeId: RouteId }> = {
  verify_business: { label: 'Verify your business', routeId: 'payments.settings-account-verification' },
  enable_payment_methods: { label: 'Choose your payment methods', routeId: 'payments.payment-methods' },
  customise_checkout: { label: 'Customise your checkout', routeId: 'payments.settings-checkout' },
  create_payment_link: { label: 'Create your first payment link', routeId: 'payments.links-create' },
  first_payment: { label: 'Make a first test payment', routeId: 'payments.links' },
};

const isPeriod = (value: string | null): value is OverviewPeriod => OVERVIEW_PERIODS.includes(value as OverviewPeriod);

function Change({ value, unit = '%' }: { value: number | null; unit?: string }) {
  if (value === null)
    return (
      <Text size="xs" c="dimmed">
        No earlier figures
      </Text>
    );
  const color = value > 0 ? 'green.8' : value < 0 ? 'red.8' : 'dimmed';
  return (
    <Text size="xs" c={color} fw={600}>
      {value > 0 ? '+' : ''}
      {value}
      {unit} vs previous period
    </Text>
  );
}

function Figure({ label, value, change, unit }: { label: string; value: string; change: number | null; unit?: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      <Change value={change} unit={unit} />
    </Card>
  );
}

/** Daily volume as bars; the numbers themselves are in the table the chart summarises. */
function DailyChart({ block }: { block: CurrencyOverview }) {
  const max = Math.max(1, ...block.daily.map((d) => d.gross));
  const total = formatMoneyWithCode(block.current.gross, block.currency);
  return (
    <Box
      role="img"
      aria-label={`Daily volume in ${block.currency.toUpperCase()} over ${block.daily.length} days, ${total} in all`}
      style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 120 }}
    >
      {block.daily.map((d) => (
        <Box
          key={d.date}
          title={`${d.date}: ${formatMoneyWithCode(d.gross, block.currency)}`}
          bg="blue.6"
          style={{ flex: 1, minHeight: 2, height: `${Math.max(2, (d.gross / max) * 100)}%`, borderRadius: 2 }}
        />
      ))}
    </Box>
  );
}

function Split({ title, rows, currency }: { title: string; rows: { label: string; gross: number; count: number }[]; currency: string }) {
  return (
    <Table verticalSpacing="xs" aria-label={title}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{title}</Table.Th>
          <Table.Th scope="col" ta="right">
            Volume
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Payments
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.label}>
            <Table.Td>{r.label}</Table.Td>
            <Table.Td ta="right">{formatMoneyWithCode(r.gross, currency)}</Table.Td>
            <Table.Td ta="right">{r.count}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function CurrencyBlock({ block }: { block: CurrencyOverview }) {
  const money = (amount: number) => formatMoneyWithCode(amount, block.currency);
  const rate = block.current.success_rate === null ? '—' : `${Math.round(block.current.success_rate * 1000) / 10}%`;
  return (
    <Stack gap="md" component="section" aria-label={`Sales in ${block.currency.toUpperCase()}`}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Figure label="Gross volume" value={money(block.current.gross)} change={block.change.gross} />
        <Figure label="Net" value={money(block.current.net)} change={block.change.net} />
        <Figure label="Successful payments" value={String(block.current.succeeded)} change={block.change.succeeded} />
        <Figure label="Success rate" value={rate} change={block.change.success_rate} unit=" pts" />
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <Text size="sm" fw={600} mb="xs">
          Daily volume
        </Text>
        <DailyChart block={block} />
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Split
          title="Method"
          currency={block.currency}
          rows={block.by_method.map((m) => ({ label: m.method ? PAYMENT_METHOD_LABELS[m.method] : 'Other', gross: m.gross, count: m.count }))}
        />
        <Split
          title="Source"
          currency={block.currency}
          rows={block.by_source.map((s) => ({ label: PAYMENT_SOURCE_LABELS[s.source], gross: s.gross, count: s.count }))}
        />
      </SimpleGrid>
    </Stack>
  );
}

function Sidebar({ data, businessId }: { data: Overview; businessId: string }) {
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
          {data.checklist.map((c) => (
            <List.Item key={c.item} icon={c.done ? <IconCircleCheck color="var(--mantine-color-green-8)" aria-hidden /> : <IconCircleDashed aria-hidden />}>
              <Anchor component={Link} to={href(CHECKLIST[c.item].routeId, { business_id: businessId })} size="sm">
                {CHECKLIST[c.item].label}
              </Anchor>
              <Text span size="xs" c="dimmed">
                {c.done ? ' (done)' : ' (to do)'}
              </Text>
            </List.Item>
          ))}
        </List>
      </Card>
    </SimpleGrid>
  );
}

/** The payments Overview's figures for the period in the URL (`?period=`, `from`, `to`). */
export function PaymentsOverview({ businessId }: { businessId: string }) {
  const [search, setSearch] = useSearchParams();
  const periodParam = search.get('period');
  const period: OverviewPeriod = isPeriod(periodParam) ? periodParam : '7d';
  const [from, setFrom] = useState(search.get('from') ?? '');
  const [to, setTo] = useState(search.get('to') ?? '');
  const query = period === 'custom' ? { period, from: search.get('from') ?? undefined, to: search.get('to') ?? undefined } : { period };
  const overview = useQuery({
    ...overviewQuery(businessId, query),
    placeholderData: keepPreviousData,
    enabled: period !== 'custom' || Boolean(query.from && query.to),
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
            {data.period.from} to {data.period.to}, compared with {data.period.previous_from} to {data.period.previous_to} (UTC days)
          </Text>
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
                          <time dateTime={p.created_at}>{formatLocalDateTime(p.created_at)}</time>
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
