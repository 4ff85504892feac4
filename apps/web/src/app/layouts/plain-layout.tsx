import { Suspense } from 'react';
import { Box, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { useUser } from '@/lib/session';
import { ColorSchemeToggle, Logo } from './shell-parts';
import { UserMenu } from './user-menu';

/** Signed-in screens outside a business (choose business, invitations, onboarding). */
export function PlainLayout() {
  const user = useUser();
  return (
    <Box mih="100dvh">
      <Group component="header" justify="space-between" px="md" h={56} wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Logo />
        <Group gap="xs" wrap="nowrap">
          <ColorSchemeToggle />
          {user ? <UserMenu user={user} /> : null}
        </Group>
      </Group>
      <Box component="main">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
