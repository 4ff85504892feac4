import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { withWrapPoints } from './long-text';
import classes from './fact.module.css';

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

/**
 * Facts side by side, each as wide as its value and sharing what is left: an email gets the room it needs beside short
 * facts (dates, amounts) and wraps before its "@" only when the line has no room for it (in a grid of equal columns it
 * wrapped in a third of the card with the rest of the line empty). On a phone each fact takes its own line.
 */
export function FactRow({ children }: { children: ReactNode }) {
  return <div className={classes.row}>{children}</div>;
}
