import { Button } from '@mantine/core';
import { IconPlus, IconRepeat } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode, formatDate } from '@merchant/core';
import { REPEATING_INVOICE_STATUSES, REPEATING_INVOICE_STATUS_LABELS, RepeatingInvoiceFiltersSchema } from '@merchant/payments';
import { href } from '@/app/route-table';
import { listEmptyState, SearchAndStatus, useListFilters } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { canChange, useBusiness } from '@/lib/session';
import { repeatingInvoicesQuery } from '@/features/invoices/api/repeating-invoices-api';
import { StatusBadge } from '@/components/status-badge';

const STATUS_OPTIONS = REPEATING_INVOICE_STATUSES.map((s) => ({ value: s, label: REPEATING_INVOICE_STATUS_LABELS[s] }));

/** The business's repeating invoices: status and search live in the URL. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const url = useListFilters();
  const parsed = RepeatingInvoiceFiltersSchema.safeParse({ status: url.params.get('status') || undefined, search: url.search.value || undefined });
  const filters = parsed.success ? parsed.data : null;
  const issue = (path: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === path)?.message);
  const list = useInfiniteQuery({ ...repeatingInvoicesQuery(businessId, filters ?? {}), enabled: filters !== null });
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const canCreate = canChange(business.data, 'payments:create');

  const create = canCreate ? (
    <Button component={Link} to={href('payments.invoices-repeating-create', { business_id: businessId })} leftSection={<IconPlus size={16} aria-hidden />}>
      Create repeating invoice
    </Button>
  ) : undefined;

  return (
    <PageFrame
      title="Repeating invoices"
      description="Bill a customer on a schedule: each run makes an invoice from the template, and can send it too."
      actions={create}
    >
      <SearchAndStatus
        filters={url}
        searchLabel="Search repeating invoices"
        hint="Customer name or email"
        placeholder="Search by customer"
        searchError={issue('search')}
        statusOptions={STATUS_OPTIONS}
      />

      <PagedTable
        query={list}
        loadingLabel="Loading repeating invoices"
        loading={filters !== null}
        empty={listEmptyState(url, {
          icon: <IconRepeat aria-hidden />,
          title: 'No repeating invoices yet',
          description: 'Set one up for a customer you bill every week, month or year.',
          noMatchTitle: 'No repeating invoice matches these filters',
          action: create,
        })}
        label="Repeating invoices"
        rows={rows}
        rowKey={(row) => row.id}
        rowHref={(row) => href('payments.invoices-repeating-detail', { business_id: businessId, invoice: row.id })}
        columns={[
          { header: 'Customer', card: 'title', cell: (row) => row.customer.name ?? row.customer.email ?? 'Customer' },
          { header: 'Email', card: 'secondary', cell: (row) => (row.customer.name ? (row.customer.email ?? '') : '') },
          { header: 'Schedule', card: 'secondary', cell: (row) => row.schedule },
          { header: 'Status', card: 'status', nowrap: true, cell: (row) => <StatusBadge kind="repeatingInvoice" status={row.status} /> },
          { header: 'Total', card: 'amount', nowrap: true, cell: (row) => formatMoneyWithCode(row.total, row.currency) },
          {
            header: 'Next invoice',
            nowrap: true,
            cell: (row) => (row.next_run_date ? <time dateTime={row.next_run_date}>{formatDate(row.next_run_date)}</time> : '—'),
          },
          { header: 'Made', cell: (row) => (row.max_count ? `${row.invoices_made} of ${row.max_count}` : row.invoices_made) },
        ]}
        minWidth={720}
        noun={['repeating invoice', 'repeating invoices']}
      />
    </PageFrame>
  );
}
