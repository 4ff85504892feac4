import { Box, Card, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatMoneyWithCode } from '@merchant/core';
import { PAYMENT_METHOD_LABELS, PAYMENT_SOURCE_LABELS, type SalesFigures, type SalesReportCurrency } from '@merchant/payments';
import { DailyBarChart } from '@/components/charts/daily-bar-chart';

const MEASURES = { gross: 'Gross', net: 'Net', refunds: 'Refunds' } as const;
type Measure = keyof typeof MEASURES;

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
}

/** Amounts stay on one line: the table scrolls sideways instead of breaking "SGD" from its number. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function Breakdown({ title, rows, currency }: { title: string; rows: (SalesFigures & { label: string })[]; currency: string }) {
  const money = (amount: number) => formatMoneyWithCode(amount, currency);
  return (
    <Card withBorder radius="md" padding="md">
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`By ${title.toLowerCase()}, scrolls sideways`}>
        <Table verticalSpacing="xs" miw={520} captionSide="top">
          <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 8 }}>By {title.toLowerCase()}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{title}</Table.Th>
              <Table.Th scope="col" ta="right">
                Gross
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Refunds
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Fees
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Net
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Payments
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.label}>
                <Table.Th scope="row" fw={400}>
                  {r.label}
                </Table.Th>
                <Table.Td ta="right" style={NO_WRAP}>
                  {money(r.gross)}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {money(r.refunds)}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {money(r.fees)}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {money(r.net)}
                </Table.Td>
                <Table.Td ta="right">{r.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
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
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
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
