import { Button, Stack, Title } from '@mantine/core';
import { IconBuildingStore, IconPlus, IconTruck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { hoursSummary } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { SearchField, useListFilters } from '@/components/list-filters';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { canChange, useBusiness } from '@/lib/session';
import { pickupsQuery, zonesQuery } from '@/features/shipping/api/shipping-api';
import { countriesSummary, rateSummary } from '@/features/shipping/components/shipping-words';

/** The online store's shipping zones with their rates, and its pickup points (spec 2: online-store/shipping-pickup). */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const filters = useListFilters([]);
  const q = filters.search.value || undefined;
  const zones = useQuery(zonesQuery(businessId, q));
  const pickups = useQuery(pickupsQuery(businessId, q));
  const mayChange = canChange(business.data, 'store:manage');
  const params = { business_id: businessId };
  const createZone = href('online-store.shipping-pickup-create', params);
  const createPickup = href('online-store.pickups-create', params);
  const emptyAction = (to: string, label: string) =>
    mayChange && !filters.filtered ? (
      <Button component={Link} to={to} leftSection={<IconPlus size={16} aria-hidden />}>
        {label}
      </Button>
    ) : filters.filtered ? (
      <Button variant="default" onClick={filters.clear}>
        Clear search
      </Button>
    ) : undefined;

  return (
    <PageFrame
      title="Shipping and pickup"
      description="Where you deliver and what it costs, and where customers collect their orders."
      actions={[
        mayChange && { label: 'Create shipping zone', icon: <IconPlus size={16} aria-hidden />, to: createZone, primary: true },
        mayChange && { label: 'Add pickup point', icon: <IconBuildingStore size={16} aria-hidden />, to: createPickup },
      ]}
    >
      <SearchField
        label="Search shipping and pickup"
        placeholder="Search"
        hint="Zone or pickup point name"
        value={filters.search.text}
        onChange={(e) => filters.search.setText(e.currentTarget.value)}
        maw={480}
      />
      <Stack gap="sm" component="section" aria-labelledby="shipping-zones">
        <Title order={2} size="h3" id="shipping-zones">
          Shipping zones
        </Title>
        {zones.data ? (
          zones.data.data.length === 0 ? (
            <EmptyState
              headingOrder={3}
              icon={<IconTruck aria-hidden />}
              title={filters.filtered ? 'No shipping zones match' : 'No shipping zones yet'}
              description={filters.filtered ? 'Try another search.' : 'Add a zone: the countries or postcodes you deliver to, and what delivery costs there.'}
              action={emptyAction(createZone, 'Create shipping zone')}
            />
          ) : (
            <DataList
              label="Shipping zones"
              rows={zones.data.data}
              rowKey={(z) => z.id}
              rowHref={(z) => href('online-store.shipping-pickup-edit', { ...params, b_shipping: z.id })}
              columns={[
                { header: 'Zone', card: 'title', cell: (z) => z.name },
                { header: 'Countries', card: 'secondary', cell: (z) => countriesSummary(z.countries) },
                {
                  header: 'Postcodes',
                  hideWhenEmpty: true,
                  cell: (z) => (z.postcodes.length ? z.postcodes.slice(0, 5).join(', ') + (z.postcodes.length > 5 ? ' …' : '') : '—'),
                },
                { header: 'Rates', cell: (z) => z.rates.map((r) => rateSummary(r, z.currency)).join(' · ') },
              ]}
            />
          )
        ) : (
          <QueryStatus query={zones} loadingLabel="Loading shipping zones" />
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="pickup-points">
        <Title order={2} size="h3" id="pickup-points">
          Pickup points
        </Title>
        {pickups.data ? (
          pickups.data.data.length === 0 ? (
            <EmptyState
              headingOrder={3}
              icon={<IconBuildingStore aria-hidden />}
              title={filters.filtered ? 'No pickup points match' : 'No pickup points yet'}
              description={filters.filtered ? 'Try another search.' : 'Let customers collect their orders at one of your locations.'}
              action={emptyAction(createPickup, 'Add pickup point')}
            />
          ) : (
            <DataList
              label="Pickup points"
              rows={pickups.data.data}
              rowKey={(p) => p.id}
              rowHref={(p) => href('online-store.pickups-edit', { ...params, pickup: p.id })}
              columns={[
                { header: 'Pickup point', card: 'title', cell: (p) => p.name },
                { header: 'Location', card: 'secondary', cell: (p) => p.location.name },
                { header: 'Hours', cell: (p) => hoursSummary(p.hours) },
                { header: 'Status', card: 'status', nowrap: true, cell: (p) => <StatusBadge kind="pickup" status={p.active ? 'active' : 'inactive'} /> },
              ]}
            />
          )
        ) : (
          <QueryStatus query={pickups} loadingLabel="Loading pickup points" />
        )}
      </Stack>
    </PageFrame>
  );
}
