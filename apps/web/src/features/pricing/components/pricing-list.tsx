import { Badge } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataList, type Column } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { listEmptyState, SearchAndStatus, useListFilters } from '@/components/list-filters';
import { QueryStatus } from '@/components/query-status';

export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];
const isStatus = (v: string | null): v is 'active' | 'archived' | 'all' => v === 'active' || v === 'archived' || v === 'all';

/** The list's filters from the URL: part of the name, and the status (active by default). */
export function usePricingFilters() {
  const filters = useListFilters();
  const status = filters.params.get('status');
  return { filters, query: { q: filters.search.value || undefined, status: isStatus(status) ? status : undefined } };
}

export function StatusCell({ status }: { status: 'active' | 'archived' }) {
  return (
    <Badge variant="light" color={status === 'active' ? 'green' : 'gray'}>
      {status === 'active' ? 'Active' : 'Archived'}
    </Badge>
  );
}

/** A list of taxes, discounts or surcharges: search and status, then a table (cards on a phone). */
export function PricingList<T extends { id: string }>({
  filters,
  query,
  label,
  noun,
  icon,
  emptyDescription,
  create,
  columns,
  rowHref,
}: {
  filters: ReturnType<typeof useListFilters>;
  query: UseQueryResult<{ data: T[] }>;
  label: string;
  noun: string;
  icon: ReactNode;
  emptyDescription: string;
  create?: ReactNode;
  columns: readonly Column<T>[];
  rowHref: (row: T) => string;
}) {
  const rows = query.data?.data ?? [];
  return (
    <>
      <SearchAndStatus
        filters={filters}
        searchLabel={`Search ${label.toLowerCase()}`}
        hint="Part of the name"
        placeholder={`Search ${label.toLowerCase()}`}
        statusOptions={STATUS_OPTIONS}
      />
      {query.isSuccess ? (
        rows.length === 0 ? (
          <EmptyState
            {...listEmptyState(filters, { icon, title: `No ${noun} yet`, description: emptyDescription, noMatchTitle: `No ${noun} match`, action: create })}
          />
        ) : (
          <DataList label={label} rows={rows} rowKey={(r) => r.id} rowHref={rowHref} columns={columns} />
        )
      ) : (
        <QueryStatus query={query} loadingLabel={`Loading ${label.toLowerCase()}`} />
      )}
    </>
  );
}
