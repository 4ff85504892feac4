import { Card, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatMoneyWithCode } from '@merchant/core';
import { PAYMENT_METHOD_LABELS, PAYMENT_SOURCE_LABELS, type SalesFigures, type SalesReportCurrency } from '@merchant/payments';
import { DailyBarChart } from '@/components/charts/daily-bar-chart';
import { DataList } from '@/components/data-list';

const MEASURES = { gross: 'Gross', net: 'Net', refunds: 'Refunds' } as const;
type Measure = keyof typeof MEASURES;

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {/* An amount is never broken between its code and its figure ("SGD / 3,703.40"). */}
      <Text fw={700} fz={{ base: 'md', sm: 'xl' }} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Card>
  );
}

function Breakdown({ title, rows, currency }: { title: string; rows: (SalesFigures & { label: string })[]; currency: string }) {
  const money = (amount: number) => formatMoneyWithCode(amount, currency);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Text fw={600}>By {title.toLowerCase()}</Text>
        <DataList
          label={`By ${title.toLowerCase()}`}
          rows={rows}
          rowKey={(r) => r.label}
          minWidth={520}
          striped={false}
          columns={[
            { header: title, card: 'title', rowHeader: true, cell: (r) => r.label },
            { header: 'Gross', card: 'amount', align: 'right', nowrap: true, cell: (r) => money(r.gross) },
            { header: 'Refunds', align: 'right', nowrap: true, cell: (r) => money(r.refunds) },
            { header: 'Fees', align: 'right', nowrap: true, cell: (r) => money(r.fees) },
            { header: 'Net', align: 'right', nowrap: true, cell: (r) => money(r.net) },
            { header: 'Payments', align: 'right', cell: (r) => r.count },
          ]}
        />
      </Stack>
    </Card>
  );
}

/** One currency's totals, its chart by day and its tables by method and by source. */
export function ReportCurrency({ block }: { block: SalesReportCurrency }) {
  const [measure, setMeasure] = useState<Measure>('gross');
  const money = (amount: number) => formatMoneyWithCode(amount, block.currency);
  const code = block.currency.toUpperCase();
  return (
    <Stack gap="md" component="section" aria-labelledby={`sales-${block.currency}`}>
      <Title order={2} size="h3" id={`sales-${block.currency}`}>
        Sales in {code}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 3, xl: 5 }} spacing="md">
        <Total label="Gross" value={money(block.totals.gross)} />
        <Total label="Refunds" value={money(block.totals.refunds)} />
        <Total label="Fees" value={money(block.totals.fees)} />
        <Total label="Net" value={money(block.totals.net)} />
        <Total label="Payments" value={String(block.totals.count)} />
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <SegmentedControl
            aria-label={`Chart of ${code}`}
            value={measure}
            onChange={(v) => setMeasure(v as Measure)}
            data={Object.entries(MEASURES).map(([value, label]) => ({ value, label }))}
            size="xs"
            style={{ alignSelf: 'flex-start' }}
          />
          <DailyBarChart
            title={`${MEASURES[measure]} by day`}
            currency={block.currency}
            points={block.by_day.map((d) => ({ date: d.date, amount: d[measure] }))}
          />
        </Stack>
      </Card>
      <Breakdown
        title="Method"
        currency={block.currency}
        rows={block.by_method.map((m) => ({ ...m, label: m.method ? PAYMENT_METHOD_LABELS[m.method] : 'Other' }))}
      />
      <Breakdown title="Source" currency={block.currency} rows={block.by_source.map((s) => ({ ...s, label: PAYMENT_SOURCE_LABELS[s.source] }))} />
    </Stack>
  );
}
