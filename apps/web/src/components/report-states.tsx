import type { ReactNode } from 'react';
import { Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { formatDateRange } from '@merchant/core';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { errorMessage } from '@/lib/error-message';

/**
 * What the reports over a range of days share (the sales report, the register's and the store's): the range read
 * by the report's own query schema, and the states between the filters and the figures.
 */

/** The report's query from the range and its filters, or the first reason it is not one (none while the range is empty). */
export function reportQuery<Q extends { from: string; to: string }>(
  schema: z.ZodType<Q>,
  values: { from: string; to: string } & Record<string, unknown>,
): { query: Q | null; issue: string | undefined } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { query: parsed.data, issue: undefined };
  return { query: null, issue: values.from === '' && values.to === '' ? undefined : parsed.error.issues[0]?.message };
}

/**
 * The range's problem, what its days mean, loading, failure, and the empty state or the figures: `children` draws the
 * figures of a report that has some.
 */
export function ReportStates<Q extends { from: string; to: string }, D>({
  query,
  issue,
  report,
  daysNote,
  isEmpty,
  empty,
  children,
}: {
  query: Q | null;
  issue: string | undefined;
  report: UseQueryResult<D>;
  /** After the range's dates: which day an order or a refund counts on. */
  daysNote: string;
  isEmpty: (data: D) => boolean;
  empty: { title: string; description: string };
  children: (data: D, query: Q) => ReactNode;
}) {
  const data = query ? report.data : undefined;
  return (
    <>
      {issue ? (
        <Text c="red.8" size="sm" role="alert">
          {issue}
        </Text>
      ) : null}
      {query ? (
        <Text size="sm" c="dimmed">
          {formatDateRange(query.from, query.to)}. {daysNote}
        </Text>
      ) : null}
      {report.isError ? <ErrorState message={errorMessage(report.error)} onRetry={() => void report.refetch()} /> : null}
      {query && report.isPending ? <Skeleton h={320} radius="md" aria-label="Loading the report" /> : null}
      {data !== undefined && query ? (
        isEmpty(data) ? (
          <EmptyState title={empty.title} description={empty.description} headingOrder={2} />
        ) : (
          children(data, query)
        )
      ) : null}
    </>
  );
}
