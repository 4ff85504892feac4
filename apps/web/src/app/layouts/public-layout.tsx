import { Suspense } from 'react';
import { Box, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';

/** Public pages (invoice host, support chat, not found): no account chrome. */
export function PublicLayout() {
  return (
    <Box component="main" mih="100dvh">
      <Container size="md" py="xl" px="md">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
