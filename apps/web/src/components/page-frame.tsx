import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export interface PageFrameProps {
  title: string;
  description?: ReactNode;
  /** Buttons or links shown next to the title (wrap below it on phones). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every screen: one h1, an optional description and actions. */
export function PageFrame({ title, description, actions, children }: PageFrameProps) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}
