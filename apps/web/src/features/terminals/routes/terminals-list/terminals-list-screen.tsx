import { Alert, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceMobile, IconShoppingCart, IconTruckDelivery } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { READER_MODEL_LABELS, type Reader } from '@merchant/pos';
import { href } from '@/app/route-table';
import { BusinessTime } from '@/components/business-time';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { TimeZoneNote } from '@/components/time-zone-note';
import { canChange, useBusiness } from '@/lib/session';
import { ordersQuery, readersQuery } from '@/features/terminals/api/terminals-api';
import { usePairReaderAction } from '@/features/terminals/components/pair-reader-dialog';

/** Card terminals: the paired readers (flagged when not seen for an hour) and the orders of readers. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const readers = useQuery(readersQuery(businessId));
  const orders = useInfiniteQuery(ordersQuery(businessId));
  const mayChange = canChange(business.data, 'pos:manage');
  const pairing = usePairReaderAction(businessId, business.data?.test_mode ?? false);
  const params = { business_id: businessId };
  const orderHref = href('pos.terminals-order-readers', params);
  const unseen = (readers.data?.data ?? []).filter((r) => r.unseen);

  return (
    <PageFrame
      title="Card terminals"
      description="Readers that take card payments at your locations, and the readers you ordered."
      actions={[mayChange && pairing.action, mayChange && { label: 'Order readers', icon: <IconShoppingCart size={16} aria-hidden />, to: orderHref }]}
    >
      {pairing.dialog}
      <Stack gap="xl">
        <TimeZoneNote zone={business.data?.time_zone ?? 'UTC'} />
        <Stack gap="sm" component="section" aria-labelledby="readers-heading">
          <Title order={2} size="h3" id="readers-heading">
            Readers
          </Title>
          {unseen.length > 0 ? (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="status">
              {unseen.length === 1 ? `${unseen[0]!.name} has` : `${unseen.length} readers have`} not been seen for over an hour: check that{' '}
              {unseen.length === 1 ? 'it is' : 'they are'} on and connected.
            </Alert>
          ) : null}
          {readers.data ? (
            readers.data.data.length === 0 ? (
              <EmptyState
                icon={<IconDeviceMobile aria-hidden />}
                title="No readers paired yet"
                description="Pair a reader with the code on its screen to take card payments at a location."
                headingOrder={3}
              />
            ) : (
              <DataList
                label="Readers"
                rows={readers.data.data}
                rowKey={(r) => r.id}
                rowHref={(r) => href('pos.terminals-reader', { ...params, terminal_reader: r.id })}
                flagged={(r) => r.unseen}
                columns={[
                  { header: 'Name', card: 'title', cell: (r) => r.name },
                  { header: 'Model', cell: (r) => READER_MODEL_LABELS[r.model] },
                  { header: 'Location', cell: (r) => r.location?.name ?? 'No location' },
                  { header: 'Last seen', nowrap: true, cell: (r) => lastSeen(r) },
                  { header: 'Status', card: 'status', nowrap: true, cell: (r) => <StatusBadge kind="readerConnection" status={r.connection} /> },
                ]}
              />
            )
          ) : (
            <QueryStatus query={readers} loadingLabel="Loading readers" />
          )}
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="orders-heading">
          <Title order={2} size="h3" id="orders-heading">
            Orders
          </Title>
          <PagedTable
            query={orders}
            loadingLabel="Loading orders"
            empty={{
              icon: <IconTruckDelivery aria-hidden />,
              title: 'No orders yet',
              description: 'Order countertop or mobile readers, shipped to the address you choose.',
              headingOrder: 3,
            }}
            label="Orders of readers"
            rows={orders.data?.pages.flatMap((p) => p.data) ?? []}
            rowKey={(o) => o.id}
            rowHref={(o) => href('pos.terminals-order', { ...params, terminal_order_id: o.id })}
            columns={[
              { header: 'Order', card: 'title', cell: (o) => o.number },
              { header: 'Total', card: 'amount', align: 'right', nowrap: true, cell: (o) => formatMoneyWithCode(o.total.amount, o.total.currency) },
              { header: 'Readers', align: 'right', cell: (o) => String(o.reader_count) },
              { header: 'Placed', nowrap: true, cell: (o) => <BusinessTime at={o.created_at} /> },
              { header: 'Status', card: 'status', nowrap: true, cell: (o) => <StatusBadge kind="terminalOrder" status={o.status} /> },
            ]}
            noun={['order', 'orders']}
          />
        </Stack>
      </Stack>
    </PageFrame>
  );
}

function lastSeen(reader: Reader) {
  if (!reader.last_seen_at) return 'Never';
  return (
    <>
      <BusinessTime at={reader.last_seen_at} />
      {reader.unseen ? ' (over an hour ago)' : ''}
    </>
  );
}
