import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { SALES_REPORT_PRESETS } from '@merchant/payments';

/** The viewer's time zone: the report's days are theirs. */
export const VIEWER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const DEFAULT_PRESET = '30';
const RANGES = [...SALES_REPORT_PRESETS.map(String), 'custom'];

/** A calendar day in the viewer's time zone, `days` before `date`. */
const dayInViewerZone = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: VIEWER_TIME_ZONE }).format(date);
const daysBefore = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The range in the URL: `range=7|30|90` (the last n days up to the viewer's today) or `range=custom` with
 * `from` and `to`. Answers the dates to ask for (empty while a custom range is unfinished).
 */
export function useReportRange() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('range') ?? DEFAULT_PRESET;
  const range = RANGES.includes(raw) ? raw : DEFAULT_PRESET;
  const today = dayInViewerZone(new Date());
  const from = range === 'custom' ? (params.get('from') ?? '') : daysBefore(today, Number(range) - 1);
  const to = range === 'custom' ? (params.get('to') ?? '') : today;
  const set = (next: Record<string, string>) => setParams(next, { replace: true });
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
          <TextInput type="date" label="From" value={from} onChange={(e) => setDates(e.currentTarget.value, to)} />
          <TextInput type="date" label="To" value={to} onChange={(e) => setDates(from, e.currentTarget.value)} />
        </Group>
      ) : null}
    </Group>
  );
}
