import { Badge } from '@mantine/core';

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
