import { Button } from '@mantine/core';
import { IconDiscount, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoney } from '@merchant/core';
import { SALES_CHANNEL_LABELS, formatRate, type Discount } from '@merchant/catalogue';
import { PageFrame } from '@/components/page-frame';
import { discountsQuery } from '../../api/pricing-api';
import { PricingList, StatusCell, usePricingFilters } from '../../components/pricing-list';
import { useMayPrice, usePricingLinks } from '../../components/pricing-links';

export const discountValue = (d: Pick<Discount, 'value' | 'applies_to'>) =>
  `${d.value.type === 'percentage' ? formatRate(d.value.rate) : formatMoney(d.value.amount)} off ${d.applies_to === 'order' ? 'the order' : 'each item'}`;

const schedule = (d: Discount) =>
  d.starts_at || d.ends_at ? [d.starts_at ?? 'now', d.ends_at ?? 'no end'].map((s) => s.replace('T', ' ')).join(' → ') : 'Always';

/** The business's discounts, under the register and the store. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const links = usePricingLinks(businessId);
  const canEdit = useMayPrice(businessId);
  const { filters, query } = usePricingFilters();
  const discounts = useQuery(discountsQuery(businessId, query));
  return (
    <PageFrame
      title="Discounts"
      description="Percentages or amounts off the order or chosen items, applied by themselves or by the cashier."
      actions={[canEdit && { label: 'Create discount', icon: <IconPlus size={16} aria-hidden />, to: links.discountCreate, primary: true }]}
    >
      <PricingList<Discount>
        filters={filters}
        query={discounts}
        label="Discounts"
        noun="discounts"
        icon={<IconDiscount aria-hidden />}
        emptyDescription="Offer a percentage or an amount off, at the register, in the store or both."
        create={
          canEdit ? (
            <Button component={Link} to={links.discountCreate}>
              Create discount
            </Button>
          ) : undefined
        }
        rowHref={(d) => links.discount(d.id)}
        columns={[
          { header: 'Name', card: 'title', cell: (d) => d.name },
          { header: 'Value', card: 'secondary', cell: discountValue },
          { header: 'Channels', cell: (d) => d.channels.map((c) => SALES_CHANNEL_LABELS[c]).join(', ') },
          { header: 'Applied', cell: (d) => (d.automatic ? 'Automatically' : 'By the cashier') },
          { header: 'Schedule', tableFrom: 'lg', cell: schedule },
          { header: 'Used', align: 'right', cell: (d) => (d.usage_limit === null ? String(d.times_used) : `${d.times_used} of ${d.usage_limit}`) },
          { header: 'Status', card: 'status', nowrap: true, cell: (d) => <StatusCell status={d.status} /> },
        ]}
      />
    </PageFrame>
  );
}
