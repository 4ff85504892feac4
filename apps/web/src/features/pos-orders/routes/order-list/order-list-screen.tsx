import { Badge, Select, SimpleGrid } from '@mantine/core';
import { IconDownload, IconShoppingCart } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, OrderFiltersSchema, TENDER_KINDS, TENDER_LABELS } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { DateField } from '@/components/date-field';
import { countSet, FilterBar } from '@/components/folded-filters';
import { DateRangeFields, SearchField } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { StatusBadge } from '@/components/status-badge';
import { formatBusinessDateTime } from '@/lib/format';
import { useBusinessTimeZone } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { useUrlSearchText } from '@/lib/use-url-search-text';
import { ordersExportHref, ordersQuery } from '@/features/pos-orders/api/pos-orders-api';
import { locationsQuery } from '@/features/pos-orders/api/locations-options';

const KEYS = ['from', 'to', 'location_id', 'tender', 'status', 'offline'] as const;
const OFFLINE_OPTIONS = [
  { value: 'taken', label: 'Taken offline' },
  { value: 'flagged', label: 'Offline without allowance' },
];
const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

/** The register's orders (spec 2, pos/orders "Transactions"): filtered by days, location, tender and status, searched, exported. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const zone = useBusinessTimeZone(businessId);
  const { params, set, clear } = useUrlParams();
  const search = useUrlSearchText();
  const parsed = OrderFiltersSchema.safeParse({
    ...Object.fromEntries(KEYS.map((k) => [k, params.get(k) || undefined])),
    q: search.value || undefined,
  });
  const filters = parsed.success ? parsed.data : null;
  const issue = (key: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === key)?.message);
  const list = useInfiniteQuery({ ...ordersQuery(businessId, filters ?? {}), enabled: filters !== null });
  const locations = useInfiniteQuery(locationsQuery(businessId));
  const locationOptions = (locations.data?.pages.flatMap((p) => p.data) ?? []).map((l) => ({ value: l.id, label: l.name }));
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const active = countSet(params, KEYS);
  const filtered = active > 0 || search.value !== '';

  return (
    <PageFrame
      title="Transactions"
      description="Every sale of the register: its lines, tenders and refunds."
      actions={[filters && { label: 'Export CSV', icon: <IconDownload size={16} aria-hidden />, href: ordersExportHref(businessId, filters), download: true }]}
    >
      <FilterBar
        search={
          <SearchField
            label="Search orders"
            hint="Order number, customer name or email"
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
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <Select
            label="Location"
            placeholder="Any location"
            data={locationOptions}
            value={params.get('location_id')}
            onChange={(v) => set('location_id', v)}
            error={issue('location_id')}
            clearable
          />
          <Select
            label="Tender"
            placeholder="Any tender"
            data={options(TENDER_KINDS, TENDER_LABELS)}
            value={params.get('tender')}
            onChange={(v) => set('tender', v)}
            clearable
          />
          <Select
            label="Status"
            placeholder="Any status"
            data={options(ORDER_STATUSES, ORDER_STATUS_LABELS)}
            value={params.get('status')}
            onChange={(v) => set('status', v)}
            clearable
          />
          <Select
            label="Offline sales"
            placeholder="Online and offline"
            data={OFFLINE_OPTIONS}
            value={params.get('offline')}
            onChange={(v) => set('offline', v)}
            clearable
          />
          <DateRangeFields
            from={<DateField label="From" value={params.get('from')} onChange={(day) => set('from', day || null)} error={issue('from')} />}
            to={<DateField label="To" value={params.get('to')} onChange={(day) => set('to', day || null)} error={issue('to')} />}
            zone={zone}
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
          description: filtered ? 'Clear a filter or try another search.' : 'Sales made on the register show here.',
        }}
        label="Orders"
        rows={rows}
        rowKey={(o) => o.id}
        rowHref={(o) => href('pos.orders-detail', { business_id: businessId, b_order: o.id })}
        columns={[
          { header: 'Order', card: 'title', link: true, nowrap: true, cell: (o) => `#${o.number}` },
          { header: 'Total', card: 'amount', nowrap: true, cell: (o) => formatMoneyWithCode(o.total.amount, o.total.currency) },
          { header: 'Status', card: 'status', nowrap: true, cell: (o) => <StatusBadge kind="posOrder" status={o.status} /> },
          { header: 'Date', card: 'secondary', nowrap: true, cell: (o) => <time dateTime={o.created_at}>{formatBusinessDateTime(o.created_at, zone)}</time> },
          { header: 'Customer', hideWhenEmpty: true, cell: (o) => o.customer?.name ?? '—' },
          {
            header: 'Offline',
            hideWhenEmpty: true,
            nowrap: true,
            cell: (o) =>
              o.offline_sale ? (
                <Badge variant="light" color={o.offline_sale === 'flagged' ? 'orange' : 'gray'}>
                  {o.offline_sale === 'flagged' ? 'Not allowed' : 'Allowed'}
                </Badge>
              ) : null,
          },
          { header: 'Tenders', cell: (o) => o.tenders.map((k) => TENDER_LABELS[k]).join(', ') },
          { header: 'Location', cell: (o) => o.location.name },
          { header: 'Staff', cell: (o) => o.staff.name },
        ]}
        noun={['order', 'orders']}
      />
    </PageFrame>
  );
}
