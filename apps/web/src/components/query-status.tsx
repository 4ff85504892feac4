import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { ApiError } from '../lib/api-client';
import { errorMessage } from '../lib/error-message';
import { ErrorState } from './error-state';
import { PageFrame } from './page-frame';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What the address names does not exist, or not for this person: a 404, or a 422 about the path itself (an id
 * that cannot be one). Asking again cannot help.
 */
export function isNotFound(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 404) return true;
  const issues = error.body?.issues ?? [];
  return error.status === 422 && issues.length > 0 && issues.every((issue) => issue.path.startsWith('params.'));
}

/** What a screen shows before its data: a loading indicator, or the error (spec 8 message) with a retry. */
export function QueryStatus({ query, loadingLabel, loading }: { query: QueryLike; loadingLabel: string; loading?: ReactNode }) {
  if (query.isError && isNotFound(query.error)) return <ErrorState title="Not found" message={errorMessage(query.error)} />;
  if (query.isError) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!query.isPending) return null;
  return (
    loading ?? (
      <Center py="lg">
        <Loader size="sm" role="status" aria-label={loadingLabel} />
      </Center>
    )
  );
}

/** A screen waiting for the one thing it shows: its page frame with the query's loading, error or not-found state. */
export function QueryPage({ title, query, loadingLabel }: { title: string; query: QueryLike; loadingLabel: string }) {
  return (
    <PageFrame title={title}>
      <QueryStatus query={query} loadingLabel={loadingLabel} />
    </PageFrame>
  );
}
