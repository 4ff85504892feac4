import { Select, SimpleGrid } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { businessEndpoints } from '@merchant/business';
import { locationEndpoints, PosReportQuerySchema, type PosReportGroup } from '@merchant/catalogue';
import { OrderReportView } from '@/components/order-report';
import { PageFrame } from '@/components/page-frame';
import { ReportRange, useReportRange } from '@/components/report-range';
import { TimeZoneNote } from '@/components/time-zone-note';
import { ReportStates, reportQuery } from '@/components/report-states';
import { endpointQuery } from '@/lib/queries';
import { useBusinessTimeZone } from '@/lib/session';
import { posSalesReportExportHref, posSalesReportQuery } from '@/features/pos-sales-report/api/pos-sales-report-api';

/** The register's sales report: a range's orders in totals, a chart by day, a breakdown at a time and its CSV. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const zone = useBusinessTimeZone(businessId);
  const range = useReportRange(zone);
  const [params, setParams] = useSearchParams();
  const locationId = params.get('location_id') ?? undefined;
  const staffId = params.get('staff_id') ?? undefined;
  const setFilter = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const { query, issue } = reportQuery(PosReportQuerySchema, { from: range.from, to: range.to, location_id: locationId, staff_id: staffId });
  const report = useQuery({
    ...posSalesReportQuery(businessId, query ?? { from: range.to, to: range.to }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const locations = useQuery({
    ...endpointQuery(locationEndpoints.list, { params: { business_id: businessId }, query: { status: 'all', limit: 100 } }),
    select: (answer) => answer.data.map((l) => ({ value: l.id, label: l.name })),
  });
  const staff = useQuery({
    ...endpointQuery(businessEndpoints.users, { params: { business_id: businessId } }),
    select: (answer) => answer.data.map((m) => ({ value: m.user_id, label: m.name })),
  });

  return (
    <PageFrame title="Reports" description="The register's sales over a range of days: by day, hour, product, category, staff, location and tender.">
      <ReportRange {...range} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={560}>
        <Select
          label="Location"
          placeholder="Every location"
          data={locations.data ?? []}
          value={locationId ?? null}
          onChange={(v) => setFilter('location_id', v)}
          clearable
        />
        <Select label="Staff" placeholder="Everyone" data={staff.data ?? []} value={staffId ?? null} onChange={(v) => setFilter('staff_id', v)} clearable />
      </SimpleGrid>
      <TimeZoneNote zone={zone} />
      <ReportStates
        query={query}
        issue={issue}
        report={report}
        daysNote="An order counts on the day it was made, a refund on the day it was made."
        isEmpty={(data) => data.totals.orders === 0 && data.totals.refunds === 0}
        empty={{ title: 'No sales in this range', description: "The register's orders and refunds in the range appear here, with totals and breakdowns." }}
      >
        {(data, q) => <OrderReportView report={data} exportHref={(group) => posSalesReportExportHref(businessId, q, group as PosReportGroup)} />}
      </ReportStates>
    </PageFrame>
  );
}
