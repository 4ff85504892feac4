import { Box, Container } from '@mantine/core';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { ErrorState } from '../components/error-state';
import { NoAccess, NotFound } from '../components/status-page';
import { errorMessage } from '../lib/error-message';
import { href } from './route-table';
import { useDocumentTitle } from './use-document-title';

/** What a route shows (inside its layout) when its guard answers 404/403 or its screen fails. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const status = isRouteErrorResponse(error) ? error.status : null;
  const title = status === 404 ? 'Page not found' : status === 403 ? "You don't have access" : 'Something went wrong';
  useDocumentTitle(title);

  if (status === 404) return <NotFound homeHref={href('auth.root')} />;
  if (status === 403) return <NoAccess homeHref={href('auth.root')} />;
  return (
    <Container size="sm" py="xl" px="md">
      <ErrorState
        message={isRouteErrorResponse(error) ? `The page answered ${error.status}.` : errorMessage(error)}
        onRetry={() => void revalidator.revalidate()}
      />
    </Container>
  );
}

/** The same, for the root and the layouts: the whole page, so it carries its own main landmark. */
export function PageErrorBoundary() {
  return (
    <Box component="main">
      <RouteErrorBoundary />
    </Box>
  );
}
