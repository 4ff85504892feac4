import { Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate, formatMoneyWithCode } from '@merchant/core';
import { ORDER_REPORT_FIGURE_LABELS, type OrderReport, type OrderReportFigure, type OrderReportRow } from '@merchant/catalogue';
import { DailyBarChart } from '@/components/charts/daily-bar-chart';
import { DataList, type Column } from '@/components/data-list';

/**
 * The sales report of orders that the register and the online store share (docs/pos.md, "Sales report"): the range's
 * totals, a chart by day of a chosen figure, and one breakdown at a time as a table with its CSV download.
 */

/** The figures the chart offers (amounts by day). */
const CHART_FIGURES = ['total', 'gross', 'net', 'refunds'] as const satisfies readonly OrderReportFigure[];
type ChartFigure = (typeof CHART_FIGURES)[number];
/** Short enough for the control to fit a 375 px phone. */
const CHART_LABELS: Record<ChartFigure, string> = { total: 'Collected', gross: 'Gross', net: 'Net', refunds: 'Refunds' };

/** Figures the table shows only on wide screens. */
const SECONDARY = new Set<OrderReportFigure>(['discounts', 'taxes', 'tips', 'surcharges', 'shipping']);

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {/* An amount is never broken between its code and its figure. */}
      <Text fw={700} fz={{ base: 'md', sm: 'xl' }} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Card>
  );
}

const rowLabel = (group: string, row: OrderReportRow) => (group === 'day' && row.key ? formatDate(row.key) : row.label);

export function OrderReportView({ report, exportHref }: { report: OrderReport; exportHref: (group: string) => string }) {
  const [measure, setMeasure] = useState<ChartFigure>('total');
  const [group, setGroup] = useState(report.breakdowns[0]?.group ?? 'day');
  const money = (amount: number) => formatMoneyWithCode(amount, report.currency);
  const figure = (f: OrderReportFigure, value: number) => (f === 'orders' ? String(value) : money(value));
  const breakdown = report.breakdowns.find((b) => b.group === group) ?? report.breakdowns[0];
  const title = breakdown ? `By ${breakdown.label.replace(/ \(.*\)$/, '').toLowerCase()}` : '';

  const columns: Column<OrderReportRow>[] = breakdown
    ? [
        { header: breakdown.label, card: 'title', rowHeader: true, cell: (r) => rowLabel(breakdown.group, r) },
        ...breakdown.figures.map((f, i): Column<OrderReportRow> => ({
          header: ORDER_REPORT_FIGURE_LABELS[f],
          align: 'right',
          nowrap: true,
          card: f === 'total' ? 'amount' : i === 0 && !breakdown.figures.includes('total') ? 'amount' : undefined,
          // The parts between gross and total show in the table from xl (every card and the CSV have them): ten
          // figures side by side would scroll the table sideways on a laptop.
          tableFrom: SECONDARY.has(f) ? 'xl' : undefined,
          cell: (r) => figure(f, r[f]),
        })),
      ]
    : [];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 3, xl: 5 }} spacing="md">
        {report.figures.map((f) => (
          <Total key={f} label={ORDER_REPORT_FIGURE_LABELS[f]} value={figure(f, report.totals[f])} />
        ))}
        <Total label="Average order" value={money(report.totals.average)} />
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <SegmentedControl
            aria-label="Chart figure"
            value={measure}
            onChange={(v) => setMeasure(v as ChartFigure)}
            data={CHART_FIGURES.map((f) => ({ value: f, label: CHART_LABELS[f] }))}
            size="xs"
            style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
          />
          <DailyBarChart
            title={`${ORDER_REPORT_FIGURE_LABELS[measure]} by day`}
            currency={report.currency}
            points={report.by_day.map((d) => ({ date: d.key ?? '', amount: d[measure] }))}
          />
        </Stack>
      </Card>
      {breakdown ? (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="report-breakdown">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end" gap="sm">
              <Select
                label="Breakdown"
                data={report.breakdowns.map((b) => ({ value: b.group, label: b.label.replace(/ \(.*\)$/, '') }))}
                value={breakdown.group}
                onChange={(v) => v && setGroup(v)}
                allowDeselect={false}
                w={220}
              />
              <Button component="a" href={exportHref(breakdown.group)} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
                Download CSV {title.toLowerCase()}
              </Button>
            </Group>
            <Title order={2} size="h4" id="report-breakdown">
              {title}
            </Title>
            {breakdown.rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing to show in this range.
              </Text>
            ) : (
              <DataList label={title} rows={breakdown.rows} rowKey={(r) => `${r.key ?? 'none'}`} minWidth={640} striped={false} columns={columns} />
            )}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
