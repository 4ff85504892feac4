import { Progress, type ProgressRootProps } from '@mantine/core';

/**
 * Mantine puts role="progressbar" on the section, not the root: the accessible name must go there,
 * or screen readers (and axe) find an unnamed progress bar.
 */
export function LabelledProgress({ value, label, animated, ...root }: ProgressRootProps & { value: number; label: string; animated?: boolean }) {
  return (
    <Progress.Root {...root}>
      <Progress.Section value={value} aria-label={label} animated={animated} />
    </Progress.Root>
  );
}
