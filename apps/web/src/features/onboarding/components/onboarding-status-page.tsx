import type { ReactNode } from 'react';
import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { href } from '@/app/route-table';
import { useBusiness } from '@/lib/session';
import { useSignOut } from '@/app/use-sign-out';

interface OnboardingStatusPageProps {
  businessId: string;
  icon: ReactNode;
  color: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Width of the page (the questionnaire needs more room than the status pages). */
  size?: number;
}

/** The frame of the onboarding screens: the business, what is going on, and the ways out. */
export function OnboardingStatusPage({ businessId, icon, color, title, children, actions, size = 640 }: OnboardingStatusPageProps) {
  const business = useBusiness(businessId);
  const signOut = useSignOut();

  return (
    <Container size={size} px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="xl" variant="light" color={color} aria-hidden>
              {icon}
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed" truncate="end">
                {business.data?.name ?? '\u00a0'}
              </Text>
              <Title order={1} size="h2">
                {title}
              </Title>
            </Stack>
          </Group>
          {children}
          {actions}
          <Group justify="space-between" gap="sm">
            <Button component={Link} to={href('auth.choose-business')} variant="default">
              Choose another business
            </Button>
            <Button variant="subtle" color="gray" onClick={() => signOut.mutate()} loading={signOut.isPending}>
              Sign out
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
