import { Group, SegmentedControl } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { SALES_REPORT_PRESETS } from '@merchant/payments';
import { DateField } from '@/components/date-field';
import { businessToday } from '@/lib/format';

const DEFAULT_PRESET = '30';
const RANGES = [...SALES_REPORT_PRESETS.map(String), 'custom'];

/**
 * The range in the URL: `range=7|30|90` (the last n days up to the business's today, in its time zone) or
 * `range=custom` with `from` and `to`. Answers the dates to ask for (empty while a custom range is unfinished).
 */
export function useReportRange(zone: string) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('range') ?? DEFAULT_PRESET;
  const range = RANGES.includes(raw) ? raw : DEFAULT_PRESET;
  const today = businessToday(zone);
  const from = range === 'custom' ? (params.get('from') ?? '') : businessToday(zone, 1 - Number(range));
  const to = range === 'custom' ? (params.get('to') ?? '') : today;
  // The range's keys are replaced; the screen's other keys (a report's filters) are kept.
  const set = (next: Record<string, string>) =>
    setParams(
      (prev) => {
        const merged = new URLSearchParams(prev);
        for (const key of ['range', 'from', 'to']) merged.delete(key);
        for (const [key, value] of Object.entries(next)) merged.set(key, value);
        return merged;
      },
      { replace: true },
    );
  return {
    range,
    from,
    to,
    setRange: (value: string) => set(value === 'custom' ? { range: value, from, to } : { range: value }),
    setDates: (nextFrom: string, nextTo: string) => set({ range: 'custom', from: nextFrom, to: nextTo }),
  };
}

export function ReportRange({ range, from, to, setRange, setDates }: ReturnType<typeof useReportRange>) {
  return (
    <Group gap="sm" align="flex-end">
      <SegmentedControl
        aria-label="Date range"
        value={range}
        onChange={setRange}
        data={[...SALES_REPORT_PRESETS.map((d) => ({ value: String(d), label: `${d} days` })), { value: 'custom', label: 'Custom' }]}
        size="sm"
      />
      {range === 'custom' ? (
        <Group gap="sm">
          <DateField label="From" value={from} onChange={(day) => setDates(day, to)} />
          <DateField label="To" value={to} onChange={(day) => setDates(from, day)} />
        </Group>
      ) : null}
    </Group>
  );
}
