import { Button } from '@mantine/core';
import { IconPlus, IconQrcode } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode, formatPaidSummary } from '@merchant/core';
import { STATIC_QR_STATUSES, STATIC_QR_STATUS_LABELS, StaticQrStatusSchema } from '@merchant/payments';
import { href } from '@/app/route-table';
import { listEmptyState, SearchAndStatus, useListFilters } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { StatusBadge } from '@/components/status-badge';
import { PageFrame } from '@/components/page-frame';
import { canChange, useBusiness } from '@/lib/session';
import { qrListQuery } from '@/features/static-qr-codes/api/static-qr-api';

const STATUS_OPTIONS = STATIC_QR_STATUSES.map((s) => ({ value: s, label: STATIC_QR_STATUS_LABELS[s] }));

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const filters = useListFilters();
  const status = StaticQrStatusSchema.safeParse(filters.params.get('status')).data;
  const codes = useInfiniteQuery(qrListQuery(businessId, { search: filters.search.value || undefined, status }));
  const rows = codes.data?.pages.flatMap((p) => p.data) ?? [];
  const canCreate = canChange(business.data, 'payments:create');
  const create = canCreate ? (
    <Button component={Link} to={href('payments.static-qr-create', { business_id: businessId })} leftSection={<IconPlus size={16} aria-hidden />}>
      Create static QR code
    </Button>
  ) : undefined;

  return (
    <PageFrame
      title="Static QR codes"
      description="Print a code for a counter or a stall: customers scan it and pay on a secure checkout page."
      actions={create}
    >
      <SearchAndStatus filters={filters} searchLabel="Search QR codes" hint="Name or location" statusOptions={STATUS_OPTIONS} />
      <PagedTable
        query={codes}
        loadingLabel="Loading static QR codes"
        empty={listEmptyState(filters, {
          icon: <IconQrcode aria-hidden />,
          title: 'No static QR codes yet',
          description: 'Create a code with a fixed amount, or let customers type theirs.',
          noMatchTitle: 'No QR codes match',
          action: create,
        })}
        label="Static QR codes"
        rows={rows}
        rowKey={(qr) => qr.id}
        rowHref={(qr) => href('payments.static-qr-detail', { business_id: businessId, static_qr_code_id: qr.id })}
        columns={[
          { header: 'Name', card: 'title', cell: (qr) => qr.name },
          { header: 'Location', card: 'secondary', cell: (qr) => qr.location_label ?? '' },
          {
            header: 'Amount',
            card: 'amount',
            nowrap: true,
            cell: (qr) => (qr.amount === null ? 'Customer chooses' : formatMoneyWithCode(qr.amount, qr.currency)),
          },
          { header: 'Status', card: 'status', nowrap: true, cell: (qr) => <StatusBadge kind="staticQr" status={qr.status} /> },
          {
            header: 'Paid',
            nowrap: true,
            cell: (qr) => (qr.paid_count > 0 ? formatPaidSummary(qr.paid_count, qr.paid_total, qr.currency) : '—'),
          },
        ]}
        minWidth={560}
        noun={['QR code', 'QR codes']}
      />
    </PageFrame>
  );
}
