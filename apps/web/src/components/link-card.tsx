import { Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A card that is one link: a title, a line of description and an arrow (overview "next steps"). */
export function LinkCard({ to, title, description }: { to: string; title: string; description: string }) {
  return (
    <Card withBorder radius="md" padding="md" component={Link} to={to}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2}>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        <IconArrowRight size={18} aria-hidden />
      </Group>
    </Card>
  );
}
