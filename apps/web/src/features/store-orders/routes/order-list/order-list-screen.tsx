import { Select, SimpleGrid, Tabs } from '@mantine/core';
import { IconDownload, IconShoppingCart } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import {
  STORE_FULFILMENT_LABELS,
  STORE_FULFILMENT_STATUSES,
  STORE_ORDER_STATUS_LABELS,
  STORE_ORDER_STATUSES,
  StoreOrderFiltersSchema,
} from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { countSet, FilterBar } from '@/components/folded-filters';
import { SearchField } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { StatusBadge } from '@/components/status-badge';
import { formatBusinessDateTime } from '@/lib/format';
import { useBusinessTimeZone } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { useUrlSearchText } from '@/lib/use-url-search-text';
import { storeOrdersQuery } from '@/features/store-orders/api/store-orders-api';
import { AbandonedCarts } from './abandoned-carts';

const KEYS = ['status', 'fulfilment'] as const;
const exportSearch = (filters: Record<string, string | undefined>) => {
  const search = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));
  return search.size > 0 ? `?${search.toString()}` : '';
};
const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

/**
 * The online store's orders (spec 2, online-store/orders): filtered by status and fulfilment, searched, exported; and
 * the abandoned carts (`?tab=abandoned`).
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const zone = useBusinessTimeZone(businessId);
  const { params, set, clear } = useUrlParams();
  const tab = params.get('tab') === 'abandoned' ? 'abandoned' : 'orders';
  const search = useUrlSearchText();
  const parsed = StoreOrderFiltersSchema.safeParse({
    ...Object.fromEntries(KEYS.map((k) => [k, params.get(k) || undefined])),
    q: search.value || undefined,
  });
  const filters = parsed.success ? parsed.data : null;
  const issue = (key: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === key)?.message);
  const list = useInfiniteQuery({ ...storeOrdersQuery(businessId, filters ?? {}), enabled: filters !== null });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const active = countSet(params, KEYS);
  const filtered = active > 0 || search.value !== '';

  return (
    <PageFrame
      title="Orders"
      description="Orders placed on your online store: their payment, delivery and fulfilment."
      actions={[
        tab === 'orders' &&
          filters && {
            label: 'Export CSV',
            icon: <IconDownload size={16} aria-hidden />,
            // The export screen (period and columns), with this view's filters.
            href: `${href('online-store.orders-export', { business_id: businessId })}${exportSearch(filters)}`,
          },
      ]}
    >
      <Tabs value={tab} onChange={(v) => set('tab', v === 'abandoned' ? 'abandoned' : null)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="orders">Orders</Tabs.Tab>
          <Tabs.Tab value="abandoned">Abandoned carts</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="abandoned" pt="md">
          <AbandonedCarts businessId={businessId} zone={zone} />
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="md">
          <FilterBar
            search={
              <SearchField
                label="Search orders"
                hint="Order reference, customer name or email"
                placeholder="Search orders"
                value={search.text}
                onChange={(e) => search.setText(e.currentTarget.value)}
                error={issue('q')}
              />
            }
            active={active}
            onClear={() => {
              search.setText('');
              clear();
            }}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Payment status"
                placeholder="Any status"
                data={options(STORE_ORDER_STATUSES, STORE_ORDER_STATUS_LABELS)}
                value={params.get('status')}
                onChange={(v) => set('status', v)}
                clearable
              />
              <Select
                label="Fulfilment"
                placeholder="Any fulfilment"
                data={options(STORE_FULFILMENT_STATUSES, STORE_FULFILMENT_LABELS)}
                value={params.get('fulfilment')}
                onChange={(v) => set('fulfilment', v)}
                clearable
              />
            </SimpleGrid>
          </FilterBar>

          <PagedTable
            query={list}
            loadingLabel="Loading orders"
            loading={filters !== null}
            empty={{
              icon: <IconShoppingCart aria-hidden />,
              title: filtered ? 'No order matches these filters' : 'No orders yet',
              description: filtered ? 'Clear a filter or try another search.' : 'Orders placed on your online store show here.',
            }}
            label="Orders"
            rows={rows}
            rowKey={(o) => o.id}
            rowHref={(o) => href('online-store.orders-detail', { business_id: businessId, b_order: o.id })}
            columns={[
              { header: 'Order', card: 'title', link: true, nowrap: true, cell: (o) => o.reference },
              { header: 'Total', card: 'amount', nowrap: true, cell: (o) => formatMoneyWithCode(o.total.amount, o.total.currency) },
              { header: 'Status', card: 'status', nowrap: true, cell: (o) => <StatusBadge kind="storeOrder" status={o.status} /> },
              { header: 'Fulfilment', nowrap: true, cell: (o) => <StatusBadge kind="storeFulfilment" status={o.fulfilment} /> },
              {
                header: 'Date',
                card: 'secondary',
                nowrap: true,
                cell: (o) => <time dateTime={o.created_at}>{formatBusinessDateTime(o.created_at, zone)}</time>,
              },
              { header: 'Customer', cell: (o) => o.customer.name },
              { header: 'Delivery', cell: (o) => (o.delivery_method === 'pickup' ? 'Pickup' : 'Shipping') },
            ]}
            noun={['order', 'orders']}
          />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
