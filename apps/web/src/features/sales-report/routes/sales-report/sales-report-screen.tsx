import { Button, Menu, Stack } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { SALES_REPORT_GROUP_LABELS, SALES_REPORT_GROUPS, SalesReportQuerySchema } from '@merchant/payments';
import { PageFrame } from '@/components/page-frame';
import { salesReportExportHref, salesReportQuery } from '@/features/sales-report/api/sales-report-api';
import { ReportCurrency } from '@/features/sales-report/components/report-currency';
import { ReportRange, useReportRange } from '@/components/report-range';
import { TimeZoneNote } from '@/components/time-zone-note';
import { ReportStates, reportQuery } from '@/components/report-states';
import { useBusinessTimeZone } from '@/lib/session';

/** The sales report: a range's totals, a chart by day, tables by method and source, and the CSV. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  // The report's days are the business's: the server reads them in its time zone.
  const zone = useBusinessTimeZone(businessId);
  const range = useReportRange(zone);
  const { query, issue } = reportQuery(SalesReportQuerySchema, { from: range.from, to: range.to });
  const report = useQuery({
    ...salesReportQuery(businessId, query ?? { from: range.to, to: range.to }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

  return (
    <PageFrame
      title="Reports"
      description="Sales, refunds, fees and net over a date range, by day, method and source."
      actions={
        <Menu position="bottom-end">
          <Menu.Target>
            <Button
              variant="default"
              disabled={!query}
              leftSection={<IconDownload size={16} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
            >
              Export CSV
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {query
              ? SALES_REPORT_GROUPS.map((group) => (
                  <Menu.Item key={group} component="a" href={salesReportExportHref(businessId, query, group)} download>
                    By {SALES_REPORT_GROUP_LABELS[group].toLowerCase()}
                  </Menu.Item>
                ))
              : null}
          </Menu.Dropdown>
        </Menu>
      }
    >
      <ReportRange {...range} />
      <TimeZoneNote zone={zone} />
      <ReportStates
        query={query}
        issue={issue}
        report={report}
        daysNote="Refunds count on the day they were made."
        isEmpty={(data) => data.currencies.length === 0}
        empty={{ title: 'No sales in this range', description: 'Payments and refunds in the range appear here, with totals by day, method and source.' }}
      >
        {(data) => (
          <Stack gap="xl">
            {data.currencies.map((block) => (
              <ReportCurrency key={block.currency} block={block} />
            ))}
          </Stack>
        )}
      </ReportStates>
    </PageFrame>
  );
}
