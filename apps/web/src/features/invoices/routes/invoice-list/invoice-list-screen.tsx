import { Button, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileInvoice, IconPlus, IconUpload } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EMPTY_VALUE, formatMoneyWithCode, formatDate } from '@merchant/core';
import { INVOICE_STATUSES, INVOICE_STATUS_LABELS, InvoiceFiltersSchema, PAYABLE_INVOICE_STATUSES } from '@merchant/payments';
import { href } from '@/app/route-table';
import { listEmptyState, SearchAndStatus, useListFilters } from '@/components/list-filters';
import { DateField } from '@/components/date-field';
import { LongText } from '@/components/long-text';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { canChange, useBusiness } from '@/lib/session';
import { invoicesExportHref, invoicesQuery } from '@/features/invoices/api/invoices-api';
import { useReminderSettingsAction } from '@/features/invoices/components/reminder-settings';
import { StatusBadge } from '@/components/status-badge';

const STATUS_OPTIONS = INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] }));

/** Every invoice of the business: filters and search live in the URL; the CSV is exactly the filtered view. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const url = useListFilters(['status', 'from', 'to']);
  const { params, set } = url;
  const parsed = InvoiceFiltersSchema.safeParse({
    status: params.get('status') || undefined,
    search: url.search.value || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  });
  const filters = parsed.success ? parsed.data : null;
  const issue = (path: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === path)?.message);
  const invoices = useInfiniteQuery({ ...invoicesQuery(businessId, filters ?? {}), enabled: filters !== null });
  const rows = invoices.data?.pages.flatMap((page) => page.data) ?? [];
  const canCreate = canChange(business.data, 'payments:create');
  const reminders = useReminderSettingsAction(businessId, canChange(business.data, 'settings:manage'));

  const create = canCreate ? (
    <Button component={Link} to={href('payments.invoices-create', { business_id: businessId })} leftSection={<IconPlus size={16} aria-hidden />}>
      Create invoice
    </Button>
  ) : undefined;

  return (
    <PageFrame
      title="Invoices"
      description="Bill customers: they open the invoice on its own page and pay it by card, PayNow or e-wallet."
      actions={[
        canCreate && {
          label: 'Create invoice',
          icon: <IconPlus size={16} aria-hidden />,
          primary: true,
          to: href('payments.invoices-create', { business_id: businessId }),
        },
        canCreate && {
          label: 'Bulk create',
          icon: <IconUpload size={16} aria-hidden />,
          to: href('payments.invoices-bulk-create', { business_id: businessId }),
          more: true,
        },
        {
          label: 'Export CSV',
          icon: <IconDownload size={16} aria-hidden />,
          href: filters ? invoicesExportHref(businessId, filters) : undefined,
          download: true,
          disabled: filters === null,
          more: true,
        },
        { ...reminders.action, more: true },
      ]}
    >
      {reminders.dialog}
      <SearchAndStatus
        filters={url}
        searchLabel="Search invoices"
        hint="Number, customer name or email"
        searchError={issue('search')}
        statusOptions={STATUS_OPTIONS}
        cols={{ base: 1, sm: 2, md: 4 }}
      >
        <DateField label="Issued from" value={params.get('from')} onChange={(day) => set('from', day || null)} error={issue('from')} />
        <DateField label="Issued to" value={params.get('to')} onChange={(day) => set('to', day || null)} error={issue('to')} />
      </SearchAndStatus>

      <PagedTable
        query={invoices}
        loadingLabel="Loading invoices"
        empty={listEmptyState(url, {
          icon: <IconFileInvoice aria-hidden />,
          title: 'No invoices yet',
          description: 'Create an invoice for a customer, then send it: they pay it online.',
          noMatchTitle: 'No invoice matches these filters',
          noMatchDescription: 'Try another search, status or date range.',
          action: create,
        })}
        label="Invoices"
        rows={rows}
        rowKey={(invoice) => invoice.id}
        rowHref={(invoice) => href('payments.invoices-detail', { business_id: businessId, invoice: invoice.id })}
        columns={[
          { header: 'Number', card: 'title', link: true, nowrap: true, cell: (invoice) => invoice.number },
          {
            header: 'Customer',
            card: 'secondary',
            cell: (invoice) => (
              <Stack gap={2}>
                <Text size="sm" inherit>
                  <LongText>{invoice.customer.name ?? invoice.customer.email ?? '—'}</LongText>
                </Text>
                {invoice.customer.name && invoice.customer.email ? (
                  <Text size="xs" c="dimmed">
                    <LongText>{invoice.customer.email}</LongText>
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          { header: 'Status', card: 'status', nowrap: true, cell: (invoice) => <StatusBadge kind="invoice" status={invoice.status} /> },
          { header: 'Total', card: 'amount', nowrap: true, cell: (invoice) => formatMoneyWithCode(invoice.total, invoice.currency) },
          {
            header: 'Due',
            nowrap: true,
            // Only what can still be paid is due: a void, draft, paid or refunded invoice owes nothing ("—").
            cell: (invoice) => (PAYABLE_INVOICE_STATUSES.includes(invoice.status) ? formatMoneyWithCode(invoice.amount_due, invoice.currency) : EMPTY_VALUE),
          },
          { header: 'Due date', nowrap: true, cell: (invoice) => <time dateTime={invoice.due_date}>{formatDate(invoice.due_date)}</time> },
        ]}
        minWidth={720}
        noun={['invoice', 'invoices']}
      />
    </PageFrame>
  );
}
