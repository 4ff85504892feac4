import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconRepeat } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { REPEATING_INVOICE_STATUSES, REPEATING_INVOICE_STATUS_LABELS, RepeatingInvoiceFiltersSchema, type RepeatingInvoice } from '@merchant/payments';
import { href } from '@/app/route-table';
import { listEmptyState, SearchAndStatus, useListFilters } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { canChange, useBusiness } from '@/lib/session';
import { repeatingInvoicesQuery } from '@/features/invoices/api/repeating-invoices-api';
import { RepeatingInvoiceStatusBadge } from '@/features/invoices/components/repeating-invoice-status-badge';

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
        placeholder="Customer name or email"
        searchError={issue('search')}
        statusOptions={STATUS_OPTIONS}
      />

      <PagedTable
        query={list}
        count={rows.length}
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
        minWidth={720}
        noun={['repeating invoice', 'repeating invoices']}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Customer</Table.Th>
            <Table.Th scope="col">Schedule</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Total</Table.Th>
            <Table.Th scope="col">Next invoice</Table.Th>
            <Table.Th scope="col">Made</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <RepeatingRow key={row.id} row={row} businessId={businessId} />
          ))}
        </Table.Tbody>
      </PagedTable>
    </PageFrame>
  );
}

function RepeatingRow({ row, businessId }: { row: RepeatingInvoice; businessId: string }) {
  const name = row.customer.name ?? row.customer.email ?? 'Customer';
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Anchor component={Link} to={href('payments.invoices-repeating-detail', { business_id: businessId, invoice: row.id })} fw={500} size="sm">
            {name}
          </Anchor>
          {row.customer.name && row.customer.email ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.customer.email}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.schedule}</Text>
      </Table.Td>
      <Table.Td>
        <RepeatingInvoiceStatusBadge status={row.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoneyWithCode(row.total, row.currency)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.next_run_date ? <time dateTime={row.next_run_date}>{row.next_run_date}</time> : '—'}</Table.Td>
      <Table.Td>{row.max_count ? `${row.invoices_made} of ${row.max_count}` : row.invoices_made}</Table.Td>
    </Table.Tr>
  );
}
