import { Badge, Group } from '@mantine/core';

/**
 * The permanent Test mode mark: payments run on the test processor and no real money moves. Shown from the
 * server's answer (the business, or the public page's `test_mode`), never dismissible: in the dashboard's
 * header, on the hosted checkout and receipt, the invoice page, the customer portal and the subscription set-up.
 */
export function TestModeMark() {
  return (
    <Badge
      color="yellow"
      variant="filled"
      c="dark.9"
      radius="sm"
      size="md"
      style={{ flexShrink: 0 }}
      data-testid="test-mode-mark"
      title="Payments here run on the test processor: no real money moves."
    >
      Test mode
    </Badge>
  );
}

/** The mark as a thin strip across the top of a phone's screen, under the header's row, where a badge would crowd it. */
export function TestModeStrip({ height }: { height: number }) {
  return (
    <Group
      h={height}
      justify="center"
      gap={6}
      bg="yellow.1"
      c="#5c3c00"
      data-testid="test-mode-mark"
      style={{ borderTop: '1px solid var(--mantine-color-yellow-4)', fontSize: 'var(--mantine-font-size-xs)', fontWeight: 600 }}
    >
      Test mode · no real money moves
    </Group>
  );
}
