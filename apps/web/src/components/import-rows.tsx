import { List, Stack } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { DataList, type Column } from '@/components/data-list';
import { LoadMore } from '@/components/load-more';
import { QueryStatus } from '@/components/query-status';

/** What the CSV imports share when they show a file's rows (the invoice and product imports). */

/** A row's problems as a list, each with the column it is about. */
export function RowProblems({ problems }: { problems: readonly { column: string | null; message: string }[] }) {
  if (problems.length === 0) return '';
  return (
    <List size="sm" spacing={2}>
      {problems.map((p, i) => (
        <List.Item key={i}>{p.column ? `${p.column}: ${p.message}` : p.message}</List.Item>
      ))}
    </List>
  );
}

/** Every row of an upload in file order, page after page: bad rows flagged. */
export function ImportRowsTable<R extends { row: number }>({
  rows,
  columns,
  flagged,
  minWidth,
}: {
  rows: UseInfiniteQueryResult<InfiniteData<{ data: R[] }>>;
  columns: Column<R>[];
  flagged: (row: R) => boolean;
  minWidth: number;
}) {
  const list = rows.data?.pages.flatMap((p) => p.data) ?? [];
  if (list.length === 0) return <QueryStatus query={rows} loadingLabel="Loading rows" />;
  return (
    <Stack gap="md">
      <DataList label="Rows of the file" rows={list} rowKey={(row) => String(row.row)} flagged={flagged} minWidth={minWidth} columns={columns} />
      <LoadMore query={rows} count={list.length} noun={['row', 'rows']} />
    </Stack>
  );
}
