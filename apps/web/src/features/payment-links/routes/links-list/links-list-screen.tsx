import { Button } from '@mantine/core';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode, formatPaidSummary } from '@merchant/core';
import { PAYMENT_LINK_STATUSES, PAYMENT_LINK_STATUS_LABELS, PaymentLinkStatusSchema } from '@merchant/payments';
import { href } from '@/app/route-table';
import { listEmptyState, SearchAndStatus, useListFilters } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { StatusBadge } from '@/components/status-badge';
import { PageFrame } from '@/components/page-frame';
import { canChange, useBusiness } from '@/lib/session';
import { linksQuery } from '@/features/payment-links/api/payment-links-api';
import { BusinessTime } from '@/components/business-time';

const STATUS_OPTIONS = PAYMENT_LINK_STATUSES.map((s) => ({ value: s, label: PAYMENT_LINK_STATUS_LABELS[s] }));

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const filters = useListFilters();
  const status = PaymentLinkStatusSchema.safeParse(filters.params.get('status')).data;
  const links = useInfiniteQuery(linksQuery(businessId, { search: filters.search.value || undefined, status }));
  const rows = links.data?.pages.flatMap((p) => p.data) ?? [];
  const canCreate = canChange(business.data, 'payments:create');

  const create = canCreate ? (
    <Button component={Link} to={href('payments.links-create', { business_id: businessId })} leftSection={<IconPlus size={16} aria-hidden />}>
      Create payment link
    </Button>
  ) : undefined;

  return (
    <PageFrame title="Payment links" description="Share a link and get paid by card, PayNow or e-wallet on a secure checkout page." actions={create}>
      <SearchAndStatus
        filters={filters}
        searchLabel="Search payment links"
        hint="Purpose, reference or customer email"
        placeholder="Search links"
        statusOptions={STATUS_OPTIONS}
      />

      <PagedTable
        query={links}
        loadingLabel="Loading payment links"
        empty={listEmptyState(filters, {
          icon: <IconLink aria-hidden />,
          title: 'No payment links yet',
          description: 'Create a link for a purpose and an amount, then share it with your customer.',
          noMatchTitle: 'No payment links match',
          action: create,
        })}
        label="Payment links"
        rows={rows}
        rowKey={(link) => link.id}
        rowHref={(link) => href('payments.links-detail', { business_id: businessId, payment_request_id: link.id })}
        columns={[
          { header: 'Purpose', card: 'title', cell: (link) => link.purpose },
          {
            header: 'Reference',
            card: 'secondary',
            cell: (link) => [link.reference, link.customer_email].filter(Boolean).join(' · '),
          },
          {
            header: 'Amount',
            card: 'amount',
            nowrap: true,
            cell: (link) => (link.amount === null ? 'Customer chooses' : formatMoneyWithCode(link.amount, link.currency)),
          },
          { header: 'Status', card: 'status', nowrap: true, cell: (link) => <StatusBadge kind="link" status={link.status} /> },
          {
            header: 'Paid',
            nowrap: true,
            cell: (link) => (link.paid_count > 0 ? formatPaidSummary(link.paid_count, link.paid_total, link.currency) : '—'),
          },
          { header: 'Created', nowrap: true, cell: (link) => <BusinessTime at={link.created_at} /> },
        ]}
        noun={['payment link', 'payment links']}
      />
    </PageFrame>
  );
}
