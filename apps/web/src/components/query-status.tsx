import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { errorMessage } from '../lib/error-message';
import { ErrorState } from './error-state';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** What a screen shows before its data: a loading indicator, or the error (spec 8 message) with a retry. */
export function QueryStatus({ query, loadingLabel, loading }: { query: QueryLike; loadingLabel: string; loading?: ReactNode }) {
  if (query.isError) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!query.isPending) return null;
  return (
    loading ?? (
      <Center py="lg">
        <Loader size="sm" aria-label={loadingLabel} />
      </Center>
    )
  );
}
