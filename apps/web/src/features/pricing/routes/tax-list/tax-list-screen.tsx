import { Button } from '@mantine/core';
import { IconPlus, IconReceiptTax, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatRate, type Tax } from '@merchant/catalogue';
import { PageFrame } from '@/components/page-frame';
import { taxesQuery } from '../../api/pricing-api';
import { PricingList, StatusCell, usePricingFilters } from '../../components/pricing-list';
import { useMayPrice, usePricingLinks } from '../../components/pricing-links';

/** The business's taxes: their rates, where and on what they apply. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const links = usePricingLinks(businessId);
  const canEdit = useMayPrice(businessId);
  const { filters, query } = usePricingFilters();
  const taxes = useQuery(taxesQuery(businessId, query));
  return (
    <PageFrame
      title="Taxes"
      description="The taxes your sales charge: a rate, the locations and the products it applies to."
      actions={[
        canEdit && { label: 'Create tax', icon: <IconPlus size={16} aria-hidden />, to: links.taxCreate, primary: true },
        { label: 'Tax settings', icon: <IconSettings size={16} aria-hidden />, to: links.taxSettings },
      ]}
    >
      <PricingList<Tax>
        filters={filters}
        query={taxes}
        label="Taxes"
        noun="taxes"
        icon={<IconReceiptTax aria-hidden />}
        emptyDescription="Add the taxes your sales charge, such as GST or a sales tax."
        create={
          canEdit ? (
            <Button component={Link} to={links.taxCreate}>
              Create tax
            </Button>
          ) : undefined
        }
        rowHref={(t) => links.tax(t.id)}
        columns={[
          { header: 'Name', card: 'title', cell: (t) => t.name },
          { header: 'Rate', align: 'right', nowrap: true, cell: (t) => formatRate(t.rate) },
          {
            header: 'Locations',
            cell: (t) => (t.all_locations ? 'Every location' : `${t.location_ids.length} location${t.location_ids.length === 1 ? '' : 's'}`),
          },
          {
            header: 'Applies to',
            cell: (t) => (t.applies_to === 'all_products' ? 'Every product' : `${t.product_ids.length} products, ${t.category_ids.length} categories`),
          },
          { header: 'Status', card: 'status', nowrap: true, cell: (t) => <StatusCell status={t.status} /> },
        ]}
      />
    </PageFrame>
  );
}
