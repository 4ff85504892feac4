import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { daysFrom, formatDateRange, formatMoney, formatNumber } from '@merchant/core';
import { StoreReportQuerySchema, type StoreInsight } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { DailyBarChart } from '@/components/charts/daily-bar-chart';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { ReportRange, useReportRange } from '@/components/report-range';
import { ReportStates, reportQuery } from '@/components/report-states';
import { StatusBadge } from '@/components/status-badge';
import { TimeZoneNote } from '@/components/time-zone-note';
import { canChange, useBusiness, useBusinessTimeZone } from '@/lib/session';
import { storeInsightQuery } from '@/features/store-insight/api/store-insight-api';
import { ChangeText, periodChange, type PeriodChange } from '@/features/store-insight/components/period-change';

function Figure({ label, value, hint, change }: { label: string; value: string; hint?: string; change: PeriodChange }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {/* An amount is never broken between its code and its figure. */}
      <Text fw={700} fz={{ base: 'md', sm: 'xl' }} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
      <ChangeText change={change} />
    </Card>
  );
}

const percent = (bp: number | null) => (bp === null ? '—' : `${formatNumber(bp / 100, 2)} %`);

function Insight({ data, businessId }: { data: StoreInsight; businessId: string }) {
  const money = (amount: number | null) => (amount === null ? '—' : formatMoney(amount, data.currency));
  const params = { business_id: businessId };
  const prev = data.previous;
  const days = daysFrom(data.range.from, data.range.to) + 1;
  const change = (current: number | null, previous: number | null) => periodChange(current, previous, days);
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Compared with {formatDateRange(prev.range.from, prev.range.to)}, the {days === 1 ? 'day' : `${days} days`} before.
      </Text>
      <SimpleGrid cols={{ base: 2, md: 4, xl: 7 }} spacing="md">
        <Figure label="Orders" value={String(data.orders)} hint="Paid" change={change(data.orders, prev.orders)} />
        <Figure label="Gross sales" value={money(data.gross_sales)} hint="Before discounts and shipping" change={change(data.gross_sales, prev.gross_sales)} />
        <Figure label="Total sales" value={money(data.total_sales)} hint="What customers paid" change={change(data.total_sales, prev.total_sales)} />
        <Figure label="Average order" value={money(data.average_order)} change={change(data.average_order, prev.average_order)} />
        <Figure label="Visits" value={String(data.visits)} hint="Store pages viewed" change={change(data.visits, prev.visits)} />
        <Figure
          label="Conversion"
          value={percent(data.conversion_bp)}
          hint="Orders per visit"
          change={periodChange(data.conversion_bp, prev.conversion_bp, days, { kind: 'points' })}
        />
        <Figure
          label="Abandoned carts"
          value={String(data.abandoned_carts)}
          hint={`${data.recovered_carts} recovered`}
          change={periodChange(data.abandoned_carts, prev.abandoned_carts, days, { sense: 'lower-is-better' })}
        />
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <DailyBarChart title="Daily sales" currency={data.currency} points={data.daily.map((d) => ({ date: d.date, amount: d.total_sales }))} />
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="top-products">
          <Stack gap="sm">
            <Title order={2} size="h4" id="top-products">
              Top products
            </Title>
            {data.top_products.length === 0 ? (
              <Text size="sm" c="dimmed">
                No products sold in this range.
              </Text>
            ) : (
              <DataList
                label="Top products"
                minWidth={0}
                rows={data.top_products}
                rowKey={(p, i) => p.product_id ?? `line-${i}`}
                columns={[
                  { header: 'Product', card: 'title', cell: (p) => p.name },
                  { header: 'Units', card: 'secondary', nowrap: true, cell: (p) => `${p.units} sold` },
                  { header: 'Sales', card: 'amount', nowrap: true, cell: (p) => money(p.total) },
                ]}
              />
            )}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="orders-by-status">
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Title order={2} size="h4" id="orders-by-status">
                Orders by status
              </Title>
              <Anchor component={Link} to={href('online-store.orders', params)} size="sm">
                All orders
              </Anchor>
            </Group>
            {data.by_status.length === 0 ? (
              <Text size="sm" c="dimmed">
                No orders placed in this range.
              </Text>
            ) : (
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.by_status.map((s) => (
                  <Group key={s.status} component="li" justify="space-between" gap="xs">
                    <StatusBadge kind="storeOrder" status={s.status} />
                    <Text size="sm" fw={600}>
                      {s.orders} {s.orders === 1 ? 'order' : 'orders'}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** The online store's overview (shop insight): a range's orders, sales, visits and conversion, top products and statuses. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const zone = useBusinessTimeZone(businessId);
  const range = useReportRange(zone);
  const { query, issue } = reportQuery(StoreReportQuerySchema, { from: range.from, to: range.to });
  const insight = useQuery({
    ...storeInsightQuery(businessId, query ?? { from: range.to, to: range.to }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const params = { business_id: businessId };
  const mayManage = canChange(useBusiness(businessId).data, 'store:manage');

  return (
    <PageFrame title="Shop insight" description="How your online store is doing: visits, orders and sales over a range of days.">
      <ReportRange {...range} />
      <TimeZoneNote zone={zone} />
      {insight.data && !insight.data.has_activity ? (
        <EmptyState
          title="No visits or orders yet"
          description="Once customers visit your store and order, their visits, orders and sales appear here."
          action={
            mayManage ? (
              <Button component={Link} to={href('online-store.onboarding', params)}>
                Set up your store
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ReportStates
          query={query}
          issue={issue}
          report={insight}
          daysNote="An order counts on the day it was placed, a visit on the day it was made."
          isEmpty={() => false}
          empty={{ title: 'No activity', description: '' }}
        >
          {(data) => <Insight data={data} businessId={businessId} />}
        </ReportStates>
      )}
    </PageFrame>
  );
}
