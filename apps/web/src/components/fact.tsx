import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { withWrapPoints } from './long-text';

/** One labelled value of a detail page's summary: a small upper-case label over the value (an email in it wraps before its "@"). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'break-word' }}>
        {withWrapPoints(children)}
      </Text>
    </div>
  );
}
