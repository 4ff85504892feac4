import { Center, Loader, Stack } from '@mantine/core';
import { errorMessage } from '../lib/error-message';
import { DataList, type DataListProps } from './data-list';
import { EmptyState, type EmptyStateProps } from './empty-state';
import { ErrorState } from './error-state';
import { LoadMore } from './load-more';

export interface PagedListQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export interface PagedTableProps<T> extends DataListProps<T> {
  /** The list's infinite query. */
  query: PagedListQuery;
  /** The loader's name for screen readers, e.g. "Loading customers". */
  loadingLabel: string;
  /** False while the query waits on something else (filters the URL made invalid): no loader then. */
  loading?: boolean;
  /** What shows when the list has no row (filtered or not: the screen decides the words). */
  empty: EmptyStateProps;
  noun: [singular: string, plural: string];
}

/**
 * A cursor-paged list: loading, error with retry, empty state, or its rows (a table at `md` and over, cards
 * below: `DataList`) and "Load more".
 */
export function PagedTable<T>({ query, loadingLabel, loading = true, empty, noun, ...list }: PagedTableProps<T>) {
  if (query.isPending && loading) {
    return (
      <Center py="lg">
        <Loader size="sm" role="status" aria-label={loadingLabel} />
      </Center>
    );
  }
  if (list.rows.length === 0) {
    if (query.isError) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
    return query.isSuccess ? <EmptyState {...empty} /> : null;
  }
  return (
    <Stack gap="md">
      <DataList {...list} />
      <LoadMore query={query} count={list.rows.length} noun={noun} />
    </Stack>
  );
}
