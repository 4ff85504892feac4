import { Suspense } from 'react';
import { Box, Group, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { ColorSchemeToggle, Logo } from './shell-parts';

/** Signed-out screens: the product name above a centred column; each screen brings its own title and form. */
export function GuestLayout() {
  return (
    <Box mih="100dvh">
      <Group component="header" justify="flex-end" px="md" pt="md">
        <ColorSchemeToggle />
      </Group>
      <Stack component="main" align="center" gap={0} px={0} pb="xl" mx="auto" maw={600} w="100%">
        <Box pt={{ base: 'xs', sm: 'md' }}>
          <Logo size="xl" />
        </Box>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Stack>
    </Box>
  );
}
