import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { StoreReportQuerySchema, type StoreReportGroup } from '@merchant/catalogue';
import { OrderReportView } from '@/components/order-report';
import { PageFrame } from '@/components/page-frame';
import { ReportRange, useReportRange } from '@/components/report-range';
import { TimeZoneNote } from '@/components/time-zone-note';
import { ReportStates, reportQuery } from '@/components/report-states';
import { useBusinessTimeZone } from '@/lib/session';
import { storeSalesReportExportHref, storeSalesReportQuery } from '@/features/store-sales-report/api/store-sales-report-api';

/** The online store's sales report: a range's paid orders in totals, a chart by day, a breakdown at a time and its CSV. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const zone = useBusinessTimeZone(businessId);
  const range = useReportRange(zone);
  const { query, issue } = reportQuery(StoreReportQuerySchema, { from: range.from, to: range.to });
  const report = useQuery({
    ...storeSalesReportQuery(businessId, query ?? { from: range.to, to: range.to }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

  return (
    <PageFrame title="Reports" description="The store's paid orders over a range of days: by day, product, category, delivery and coupon.">
      <ReportRange {...range} />
      <TimeZoneNote zone={zone} />
      <ReportStates
        query={query}
        issue={issue}
        report={report}
        daysNote="An order counts on the day it was placed, a refund on the day it was made."
        isEmpty={(data) => data.totals.orders === 0 && data.totals.refunds === 0}
        empty={{ title: 'No sales in this range', description: "The store's paid orders and refunds in the range appear here, with totals and breakdowns." }}
      >
        {(data, q) => <OrderReportView report={data} exportHref={(group) => storeSalesReportExportHref(businessId, q, group as StoreReportGroup)} />}
      </ReportStates>
    </PageFrame>
  );
}
