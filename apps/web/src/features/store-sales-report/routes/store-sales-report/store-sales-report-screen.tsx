import { Skeleton, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatDateRange } from '@merchant/core';
import { StoreReportQuerySchema, type StoreReportGroup } from '@merchant/catalogue';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { OrderReportView } from '@/components/order-report';
import { PageFrame } from '@/components/page-frame';
import { ReportRange, useReportRange } from '@/components/report-range';
import { TimeZoneNote } from '@/components/time-zone-note';
import { errorMessage } from '@/lib/error-message';
import { useBusinessTimeZone } from '@/lib/session';
import { storeSalesReportExportHref, storeSalesReportQuery } from '@/features/store-sales-report/api/store-sales-report-api';

/** The online store's sales report: a range's paid orders in totals, a chart by day, a breakdown at a time and its CSV. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const zone = useBusinessTimeZone(businessId);
  const range = useReportRange(zone);
  const parsed = StoreReportQuerySchema.safeParse({ from: range.from, to: range.to });
  const query = parsed.success ? parsed.data : null;
  const issue = parsed.success || (range.from === '' && range.to === '') ? undefined : parsed.error.issues[0]?.message;
  const report = useQuery({
    ...storeSalesReportQuery(businessId, query ?? { from: range.to, to: range.to }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const data = query ? report.data : undefined;

  return (
    <PageFrame title="Reports" description="The store's paid orders over a range of days: by day, product, category, delivery and coupon.">
      <ReportRange {...range} />
      <TimeZoneNote zone={zone} />
      {issue ? (
        <Text c="red.8" size="sm" role="alert">
          {issue}
        </Text>
      ) : null}
      {query ? (
        <Text size="sm" c="dimmed">
          {formatDateRange(query.from, query.to)}. An order counts on the day it was placed, a refund on the day it was made.
        </Text>
      ) : null}
      {report.isError ? <ErrorState message={errorMessage(report.error)} onRetry={() => void report.refetch()} /> : null}
      {query && report.isPending ? <Skeleton h={320} radius="md" aria-label="Loading the report" /> : null}
      {data && query ? (
        data.totals.orders === 0 && data.totals.refunds === 0 ? (
          <EmptyState
            title="No sales in this range"
            description="The store's paid orders and refunds in the range appear here, with totals and breakdowns."
            headingOrder={2}
          />
        ) : (
          <OrderReportView report={data} exportHref={(group) => storeSalesReportExportHref(businessId, query, group as StoreReportGroup)} />
        )
      ) : null}
    </PageFrame>
  );
}
