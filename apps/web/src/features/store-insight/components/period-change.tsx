import { Text } from '@mantine/core';
import { formatNumber } from '@merchant/core';

/** Whether a rise is good news (sales, visits) or bad (abandoned carts): it picks the colour, never the words. */
export type ChangeSense = 'higher-is-better' | 'lower-is-better';

export interface PeriodChange {
  /** The words, e.g. "+12% vs the previous 30 days", "No change vs the previous day", "New vs the previous 7 days". */
  text: string;
  tone: 'better' | 'worse' | 'same';
}

/** "the previous day" or "the previous 30 days". */
export const previousPeriodName = (days: number) => (days === 1 ? 'the previous day' : `the previous ${days} days`);

/**
 * A figure against the previous period's. A missing figure (no average order, no conversion) counts as none.
 * Amounts and counts change in percent of the previous figure (rounded, one decimal under 1%); a rate (conversion,
 * in basis points) changes in percentage points. When the previous figure was none, a figure now is "New".
 */
export function periodChange(
  current: number | null,
  previous: number | null,
  days: number,
  options: { kind?: 'relative' | 'points'; sense?: ChangeSense } = {},
): PeriodChange {
  const now = current ?? 0;
  const before = previous ?? 0;
  const against = `vs ${previousPeriodName(days)}`;
  const better = (rise: boolean) => ((options.sense ?? 'higher-is-better') === 'higher-is-better' ? rise : !rise);
  if (now === before) return { text: `No change ${against}`, tone: 'same' };
  const tone = better(now > before) ? 'better' : 'worse';
  if (options.kind === 'points') {
    const points = (now - before) / 100;
    return { text: `${points > 0 ? '+' : ''}${formatNumber(points, 2)} pts ${against}`, tone };
  }
  if (before === 0) return { text: `New ${against}`, tone };
  const percent = ((now - before) / Math.abs(before)) * 100;
  const shown = formatNumber(percent, Math.abs(percent) < 1 ? 1 : 0);
  return { text: `${percent > 0 ? '+' : ''}${shown}% ${against}`, tone };
}

/**
 * The change as a line of small text: the words carry the meaning, the colour repeats it (teal 9 and red 8 reach
 * 4.5:1 on white, as on the payments overview).
 */
export function ChangeText({ change }: { change: PeriodChange }) {
  const color = change.tone === 'better' ? 'teal.9' : change.tone === 'worse' ? 'red.8' : 'dimmed';
  return (
    <Text size="xs" c={color} fw={change.tone === 'same' ? undefined : 600}>
      {change.text}
    </Text>
  );
}
