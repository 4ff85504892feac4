import type { ReactNode } from 'react';
import { Center, Loader, Stack, Table } from '@mantine/core';
import { errorMessage } from '../lib/error-message';
import { EmptyState, type EmptyStateProps } from './empty-state';
import { ErrorState } from './error-state';
import { LoadMore } from './load-more';

interface PagedListQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export interface PagedTableProps {
  /** The list's infinite query. */
  query: PagedListQuery;
  /** How many rows the screen shows (the pages' rows, flattened). */
  count: number;
  /** The loader's name for screen readers, e.g. "Loading customers". */
  loadingLabel: string;
  /** False while the query waits on something else (filters the URL made invalid): no loader then. */
  loading?: boolean;
  /** What shows when the list has no row (filtered or not: the screen decides the words). */
  empty: EmptyStateProps;
  /** The table's name and the width under which it scrolls sideways. */
  label: string;
  minWidth: number;
  noun: [singular: string, plural: string];
  /** The table's head and body. */
  children: ReactNode;
}

/** A cursor-paged list's body: loading, error with retry, empty state, or the striped table and its "Load more". */
export function PagedTable({ query, count, loadingLabel, loading = true, empty, label, minWidth, noun, children }: PagedTableProps) {
  if (query.isPending && loading) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={loadingLabel} />
      </Center>
    );
  }
  if (count === 0) {
    if (query.isError) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
    return query.isSuccess ? <EmptyState {...empty} /> : null;
  }
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped verticalSpacing="sm" aria-label={label}>
          {children}
        </Table>
      </Table.ScrollContainer>
      <LoadMore query={query} count={count} noun={noun} />
    </Stack>
  );
}
