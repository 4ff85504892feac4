import { Button } from '@mantine/core';
import { IconMapPin, IconPlus, IconSettings } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { hoursSummary } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { listEmptyState, SearchAndStatus, useListFilters } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { StatusBadge } from '@/components/status-badge';
import { canChange, useBusiness } from '@/lib/session';
import { locationsQuery } from '@/features/locations/api/locations-api';
import { useLocationRoutes } from '@/features/locations/components/location-routes';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];
const isStatus = (v: string | null): v is 'active' | 'archived' | 'all' => v === 'active' || v === 'archived' || v === 'all';

/** The business's locations (shops, kiosks, warehouses), under the register and the store. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const routes = useLocationRoutes();
  const filters = useListFilters();
  const status = filters.params.get('status');
  const locations = useInfiniteQuery(locationsQuery(businessId, { q: filters.search.value || undefined, status: isStatus(status) ? status : undefined }));
  const rows = locations.data?.pages.flatMap((p) => p.data) ?? [];
  const mayChange = canChange(business.data, 'catalogue:manage');
  const params = { business_id: businessId };

  const create = mayChange ? (
    <Button component={Link} to={href(routes.create, params)} leftSection={<IconPlus size={16} aria-hidden />}>
      Add location
    </Button>
  ) : undefined;
  return (
    <PageFrame
      title="Locations"
      description="Where you sell and keep stock: each location has its address, opening hours and receipt texts."
      actions={[
        mayChange && { label: 'Create location', icon: <IconPlus size={16} aria-hidden />, to: href(routes.create, params), primary: true },
        { label: 'Settings', icon: <IconSettings size={16} aria-hidden />, to: href(routes.settings, params) },
      ]}
    >
      <SearchAndStatus filters={filters} searchLabel="Search locations" hint="Part of the name" placeholder="Search locations" statusOptions={STATUS_OPTIONS} />
      <PagedTable
        query={locations}
        loadingLabel="Loading locations"
        empty={listEmptyState(filters, {
          icon: <IconMapPin aria-hidden />,
          title: 'No locations yet',
          description: 'Add your shop, kiosk or warehouse to sell there and count its stock.',
          noMatchTitle: 'No locations match',
          action: create,
        })}
        label="Locations"
        rows={rows}
        rowKey={(l) => l.id}
        rowHref={(l) => href(routes.edit, { ...params, b_location: l.id })}
        columns={[
          { header: 'Name', card: 'title', cell: (l) => (l.online_store_default ? `${l.name} (online store)` : l.name) },
          { header: 'Address', card: 'secondary', hideWhenEmpty: true, cell: (l) => [l.address.line1, l.address.city].filter(Boolean).join(', ') || '—' },
          { header: 'Opening hours', cell: (l) => hoursSummary(l.opening_hours) },
          { header: 'Phone', nowrap: true, hideWhenEmpty: true, cell: (l) => l.phone ?? '—' },
          { header: 'Status', card: 'status', nowrap: true, cell: (l) => <StatusBadge kind="location" status={l.status} /> },
        ]}
        noun={['location', 'locations']}
      />
    </PageFrame>
  );
}
