import { Text } from '@mantine/core';
import { timesIn } from '@merchant/core';

/** Says which time zone a screen's days and times are in: always the business's (docs/payments.md, "Time zone"). */
export function TimeZoneNote({ zone }: { zone: string }) {
  return (
    <Text size="xs" c="dimmed" data-testid="time-zone-note">
      {timesIn(zone)}
    </Text>
  );
}
