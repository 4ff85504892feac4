import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconShoppingCart } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formatMoneyWithCode } from '@merchant/core';
import type { ORDER_STATUSES, StoreOrderStatus } from '@merchant/catalogue';
import type { CustomerChannels as Channels, CustomerOrder, CustomerOrderChannel } from '@merchant/payments';
import { href } from '@/app/route-table';
import { BusinessTime } from '@/components/business-time';
import { Fact, FactRow } from '@/components/fact';
import { PagedTable } from '@/components/paged-table';
import { QueryStatus } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { customerChannelsQuery, customerOrdersQuery } from '@/features/customers/api/customers-api';

const CHANNELS: { key: keyof Channels; label: string }[] = [
  { key: 'pos', label: 'Point of sale' },
  { key: 'online_store', label: 'Online store' },
  { key: 'payments', label: 'Payments' },
];

const totalWords = (c: Channels['pos'], noun: [string, string]) =>
  `${formatMoneyWithCode(c.total.amount, c.total.currency)} · ${c.count} ${c.count === 1 ? noun[0] : noun[1]}`;

/** What the customer bought in each channel (docs/catalogue.md, "Customers"): totals, then the orders of each, linked. */
export function CustomerChannels({ businessId, customerId }: { businessId: string; customerId: string }) {
  const channels = useQuery(customerChannelsQuery(businessId, customerId));
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="customer-channels">
        <Title order={2} size="h4" id="customer-channels" mb="sm">
          Bought in each channel
        </Title>
        {channels.data ? (
          <FactRow>
            {CHANNELS.map(({ key, label }) => (
              <Fact key={key} label={label}>
                {totalWords(channels.data[key], key === 'payments' ? ['payment', 'payments'] : ['order', 'orders'])}
              </Fact>
            ))}
          </FactRow>
        ) : (
          <QueryStatus query={channels} loadingLabel="Loading totals" />
        )}
        <Text size="xs" c="dimmed" mt="sm">
          Totals are less refunds; store orders count once paid. A store order’s card payment counts under the store, not under Payments.
        </Text>
      </Paper>
      <ChannelOrders businessId={businessId} customerId={customerId} channel="pos" />
      <ChannelOrders businessId={businessId} customerId={customerId} channel="online_store" />
    </Stack>
  );
}

function ChannelOrders({ businessId, customerId, channel }: { businessId: string; customerId: string; channel: CustomerOrderChannel }) {
  const orders = useInfiniteQuery(customerOrdersQuery(businessId, customerId, channel));
  const rows = orders.data?.pages.flatMap((page) => page.data) ?? [];
  const pos = channel === 'pos';
  const id = `customer-orders-${channel}`;
  const orderHref = (o: CustomerOrder) => href(pos ? 'pos.orders-detail' : 'online-store.orders-detail', { business_id: businessId, b_order: o.id });
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {pos ? 'Point of sale orders' : 'Online store orders'}
      </Title>
      <PagedTable
        query={orders}
        loadingLabel="Loading orders"
        empty={{
          icon: pos ? <IconShoppingCart aria-hidden /> : <IconBuildingStore aria-hidden />,
          title: pos ? 'No point of sale orders' : 'No online store orders',
          description: pos
            ? 'Sales at the register with this customer attached are listed here.'
            : 'Orders placed in the online store with this customer’s email are listed here.',
          headingOrder: 3,
        }}
        label={pos ? 'Point of sale orders of this customer' : 'Online store orders of this customer'}
        rows={rows}
        rowKey={(o) => o.id}
        rowHref={orderHref}
        minWidth={560}
        columns={[
          { header: 'Order', card: 'title', nowrap: true, cell: (o) => o.reference },
          {
            header: 'Status',
            card: 'status',
            nowrap: true,
            cell: (o) =>
              pos ? (
                <StatusBadge kind="posOrder" status={o.status as (typeof ORDER_STATUSES)[number]} />
              ) : (
                <StatusBadge kind="storeOrder" status={o.status as StoreOrderStatus} />
              ),
          },
          { header: 'Total', nowrap: true, cell: (o) => formatMoneyWithCode(o.total.amount, o.total.currency) },
          { header: 'Location', card: 'secondary', cell: (o) => o.location?.name ?? '—' },
          { header: 'Date', nowrap: true, cell: (o) => <BusinessTime at={o.created_at} /> },
        ]}
        noun={['order', 'orders']}
      />
    </Stack>
  );
}
