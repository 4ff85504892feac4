import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Wider cards for forms with more fields (registration). */
  size?: 'sm' | 'md';
}

/** The centred card every signed-out and account-setup screen sits in; usable down to 375px. */
export function AuthCard({ title, description, children, size = 'sm' }: AuthCardProps) {
  return (
    <Container size={size === 'sm' ? 440 : 560} px="md" py={{ base: 'lg', sm: 48 }} w="100%">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {title}
            </Title>
            {description && (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
