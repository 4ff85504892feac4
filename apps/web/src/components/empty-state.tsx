import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** A button or link that gets the person going. */
  action?: ReactNode;
  /** Heading level of the title inside the page (the page's own h1 comes first). */
  headingOrder?: 2 | 3 | 4;
}

export function EmptyState({ title, description, icon, action, headingOrder = 2 }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="sm" ta="center">
        {icon ? (
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
        ) : null}
        <Title order={headingOrder} size="h4">
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm" maw={520}>
            {description}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Paper>
  );
}
