import { Button } from '@mantine/core';
import { IconPlus, IconTicket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDate, formatMoney } from '@merchant/core';
import { COUPON_STATUSES, COUPON_STATUS_LABELS, type Coupon, type CouponStatus } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { listEmptyState, SearchAndStatus, useListFilters } from '@/components/list-filters';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { canChange, useBusiness } from '@/lib/session';
import { couponsQuery } from '@/features/coupons/api/coupons-api';

const STATUS_OPTIONS = COUPON_STATUSES.map((s) => ({ value: s, label: COUPON_STATUS_LABELS[s] }));
const isStatus = (v: string | null): v is CouponStatus => (COUPON_STATUSES as readonly (string | null)[]).includes(v);

export const couponValue = (c: Coupon) => (c.value.type === 'percentage' ? `${c.value.rate / 100} % off` : `${formatMoney(c.value.amount, c.currency)} off`);
const appliesTo = (c: Coupon) => {
  if (c.applies_to.type === 'order') return 'Whole order';
  const { product_ids: p, category_ids: k } = c.applies_to;
  return [p.length && `${p.length} product${p.length === 1 ? '' : 's'}`, k.length && `${k.length} categor${k.length === 1 ? 'y' : 'ies'}`]
    .filter(Boolean)
    .join(', ');
};
const days = (c: Coupon) =>
  c.starts_on || c.ends_on ? `${c.starts_on ? formatDate(c.starts_on) : 'Now'} to ${c.ends_on ? formatDate(c.ends_on) : 'no end'}` : 'Always';

/** The online store's coupons: searched by code, filtered by status. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const filters = useListFilters();
  const status = filters.params.get('status');
  const coupons = useQuery(couponsQuery(businessId, { q: filters.search.value || undefined, status: isStatus(status) ? status : 'all' }));
  const mayChange = canChange(business.data, 'store:manage');
  const params = { business_id: businessId };
  const create = href('online-store.coupons-create', params);
  const rows = coupons.data?.data ?? [];

  return (
    <PageFrame
      title="Coupons"
      description="Codes your customers type at the checkout for money off."
      actions={[mayChange && { label: 'Create coupon', icon: <IconPlus size={16} aria-hidden />, to: create, primary: true }]}
    >
      <SearchAndStatus filters={filters} searchLabel="Search coupons" hint="Part of the code" placeholder="Search coupons" statusOptions={STATUS_OPTIONS} />
      {!coupons.data ? (
        <QueryStatus query={coupons} loadingLabel="Loading coupons" />
      ) : rows.length === 0 ? (
        <EmptyState
          {...listEmptyState(filters, {
            icon: <IconTicket aria-hidden />,
            title: 'No coupons yet',
            description: 'Create a code for a percentage or an amount off, for the whole order or for some products.',
            noMatchTitle: 'No coupons match',
            action: mayChange ? (
              <Button component={Link} to={create} leftSection={<IconPlus size={16} aria-hidden />}>
                Create coupon
              </Button>
            ) : undefined,
          })}
        />
      ) : (
        <DataList
          label="Coupons"
          rows={rows}
          rowKey={(c) => c.id}
          rowHref={(c) => href('online-store.coupons-edit', { ...params, b_coupon: c.id })}
          columns={[
            { header: 'Code', card: 'title', cell: (c) => c.code },
            { header: 'Value', card: 'amount', nowrap: true, cell: couponValue },
            { header: 'Applies to', card: 'secondary', cell: appliesTo },
            { header: 'Used', nowrap: true, cell: (c) => (c.usage_limit === null ? String(c.used) : `${c.used} of ${c.usage_limit}`) },
            { header: 'Days', cell: days },
            { header: 'Status', card: 'status', nowrap: true, cell: (c) => <StatusBadge kind="coupon" status={c.status} /> },
          ]}
        />
      )}
    </PageFrame>
  );
}
