import { Button } from '@mantine/core';
import { IconPercentage, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoney } from '@merchant/core';
import { SURCHARGE_KIND_LABELS, formatRate, type Surcharge } from '@merchant/catalogue';
import { PageFrame } from '@/components/page-frame';
import { surchargesQuery } from '../../api/pricing-api';
import { PricingList, StatusCell, usePricingFilters } from '../../components/pricing-list';
import { useMayPrice, usePricingLinks } from '../../components/pricing-links';

/** The register's surcharges: service charges and card surcharges. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const links = usePricingLinks(businessId);
  const canEdit = useMayPrice(businessId);
  const { filters, query } = usePricingFilters();
  const surcharges = useQuery(surchargesQuery(businessId, query));
  return (
    <PageFrame
      title="Surcharges"
      description="Service charges and card surcharges added to sales at your locations."
      actions={[canEdit && { label: 'Create surcharge', icon: <IconPlus size={16} aria-hidden />, to: links.surchargeCreate, primary: true }]}
    >
      <PricingList<Surcharge>
        filters={filters}
        query={surcharges}
        label="Surcharges"
        noun="surcharges"
        icon={<IconPercentage aria-hidden />}
        emptyDescription="Add a service charge or a surcharge for paying by card."
        create={
          canEdit ? (
            <Button component={Link} to={links.surchargeCreate}>
              Create surcharge
            </Button>
          ) : undefined
        }
        rowHref={(s) => links.surcharge(s.id)}
        columns={[
          { header: 'Name', card: 'title', cell: (s) => s.name },
          { header: 'Kind', card: 'secondary', cell: (s) => SURCHARGE_KIND_LABELS[s.kind] },
          { header: 'Value', nowrap: true, cell: (s) => (s.value.type === 'percentage' ? formatRate(s.value.rate) : formatMoney(s.value.amount)) },
          { header: 'Taxed', cell: (s) => (s.taxable ? 'Yes' : 'No') },
          {
            header: 'Locations',
            cell: (s) => (s.all_locations ? 'Every location' : `${s.location_ids.length} location${s.location_ids.length === 1 ? '' : 's'}`),
          },
          { header: 'Status', card: 'status', nowrap: true, cell: (s) => <StatusCell status={s.status} /> },
        ]}
      />
    </PageFrame>
  );
}
