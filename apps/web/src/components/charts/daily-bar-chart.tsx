import { useEffect, useRef, useState } from 'react';
import { Box, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDate, formatDateRange, formatMoneyWithCode, formatShortDate, localDate, minorToMajorString } from '@merchant/core';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One bar: a calendar day (YYYY-MM-DD) and an amount in minor units. */
export interface DailyPoint {
  date: string;
  amount: number;
}

const BAR_COLOUR = '#1c7ed6';
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
/** A calendar day as uPlot's x value: seconds at its UTC midnight (the axis reads it back in UTC). */
const xOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
/** At most this many day labels under the bars: every n-th day when the period is longer. */
const MAX_DAY_LABELS = 8;
/** The room one day label needs on the axis ("Nov 19" and a gap), in CSS pixels. */
const DAY_LABEL_WIDTH = 64;

/**
 * Amounts per day as bars, drawn by uPlot (docs/decisions.md, "Charts"), loaded only when a chart shows.
 * The numbers are in a visually hidden table (the picture is a summary for sighted readers), and the day
 * under the pointer is written out beside the title. Negative amounts (a day of refunds only) go below 0.
 */
export function DailyBarChart({ title, points, currency, height = 180 }: { title: string; points: DailyPoint[]; currency: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const total = points.reduce((sum, p) => sum + p.amount, 0);
  const first = points[0]?.date;
  const last = points[points.length - 1]?.date;

  useEffect(() => {
    const element = box.current;
    // A browser without 2-D canvas (some privacy settings) shows the title and the table only.
    if (!element || !document.createElement('canvas').getContext('2d')) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const xs = points.map((p) => xOf(p.date));
      const options: uPlot.Options = {
        width: Math.max(element.clientWidth, 200),
        height,
        legend: { show: false },
        cursor: { y: false, points: { show: false } },
        tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: {
          x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
          y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          {
            stroke: '#495057',
            grid: { show: false },
            // Ticks on the days themselves, labelled as days (uPlot's time axis would label hours of the day), as
            // many as fit the chart's width without touching (a phone shows fewer).
            splits: (u) => {
              const labels = Math.max(2, Math.min(MAX_DAY_LABELS, Math.floor(u.width / DAY_LABEL_WIDTH)));
              const step = Math.ceil(xs.length / labels);
              return xs.filter((_x, i) => i % step === 0);
            },
            values: (_u, ticks) => ticks.map((x) => formatShortDate(localDate(x * 1000, 'UTC'))),
          },
          { stroke: '#495057', size: 56, values: (_u, ticks) => ticks.map((v) => compact.format(v)) },
        ],
        series: [{}, { label: title, fill: BAR_COLOUR, stroke: BAR_COLOUR, paths: UPlot.paths.bars!({ size: [0.7, 40], gap: 1 }), points: { show: false } }],
        hooks: { setCursor: [(u) => setHovered(u.cursor.idx ?? null)] },
      };
      chart = new UPlot(options, [xs, points.map((p) => Number(minorToMajorString(p.amount, currency)))], element);
      observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(element.clientWidth, 200), height }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [points, currency, height, title]);

  const point = hovered === null ? undefined : points[hovered];
  return (
    <Box component="figure" m={0}>
      <Box component="figcaption" style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Text size="sm" c="dimmed" aria-hidden>
          {point ? `${formatDate(point.date)}: ${formatMoneyWithCode(point.amount, currency)}` : `${formatMoneyWithCode(total, currency)} in all`}
        </Text>
      </Box>
      <div ref={box} aria-hidden style={{ width: '100%', minHeight: height }} />
      <VisuallyHidden>
        <Table>
          <caption>
            {title}, {formatDateRange(first, last)}: {formatMoneyWithCode(total, currency)} in all
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Day</Table.Th>
              <Table.Th scope="col">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((p) => (
              <Table.Tr key={p.date}>
                <Table.Td>{formatDate(p.date)}</Table.Td>
                <Table.Td>{formatMoneyWithCode(p.amount, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Box>
  );
}
