import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { PAYMENT_LINK_STATUSES, PAYMENT_LINK_STATUS_LABELS, PaymentLinkStatusSchema, type PaymentLink } from '@merchant/payments';
import { href } from '@/app/route-table';
import { listEmptyState, SearchAndStatus, useListFilters } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { formatLocalDateTime } from '@/lib/format';
import { canChange, useBusiness } from '@/lib/session';
import { linksQuery } from '@/features/payment-links/api/payment-links-api';
import { LinkStatusBadge } from '@/features/payment-links/components/link-status-badge';

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
      <SearchAndStatus filters={filters} searchLabel="Search payment links" placeholder="Purpose, reference or customer email" statusOptions={STATUS_OPTIONS} />

      <PagedTable
        query={links}
        count={rows.length}
        loadingLabel="Loading payment links"
        empty={listEmptyState(filters, {
          icon: <IconLink aria-hidden />,
          title: 'No payment links yet',
          description: 'Create a link for a purpose and an amount, then share it with your customer.',
          noMatchTitle: 'No payment links match',
          action: create,
        })}
        label="Payment links"
        minWidth={640}
        noun={['payment link', 'payment links']}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Purpose</Table.Th>
            <Table.Th scope="col">Amount</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Paid</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((link) => (
            <LinkRow key={link.id} link={link} businessId={businessId} />
          ))}
        </Table.Tbody>
      </PagedTable>
    </PageFrame>
  );
}

function LinkRow({ link, businessId }: { link: PaymentLink; businessId: string }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Anchor component={Link} to={href('payments.links-detail', { business_id: businessId, payment_request_id: link.id })} fw={500}>
            {link.purpose}
          </Anchor>
          {link.reference || link.customer_email ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[link.reference, link.customer_email].filter(Boolean).join(' · ')}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{link.amount === null ? 'Customer chooses' : formatMoneyWithCode(link.amount, link.currency)}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          <LinkStatusBadge status={link.status} />
        </Group>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {link.paid_count > 0 ? `${link.paid_count} · ${formatMoneyWithCode(link.paid_total, link.currency)}` : '—'}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={link.created_at}>{formatLocalDateTime(link.created_at)}</time>
      </Table.Td>
    </Table.Tr>
  );
}
