import { Anchor, Button, Group } from '@mantine/core';
import { IconPlug, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '@merchant/core';
import { INTEGRATION_PLATFORM_LABELS, type Integration } from '@merchant/payments';
import { href } from '@/app/route-table';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { useBusiness } from '@/lib/session';
import { integrationsQuery } from '@/features/integrations/api/integrations-api';

/**
 * Plugin integrations (docs/developers.md, "Plugin integrations"): each e-commerce platform a business takes payments
 * on, with its own API key and salt. Its payments are tagged with it in Transactions ("Payments" opens them).
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const zone = business.data?.time_zone ?? 'UTC';
  const list = useQuery(integrationsQuery(businessId));
  const rows = list.data ?? [];
  const editHref = (i: Integration) => href('payments.integrations-edit', { business_id: businessId, gateway_provider_id: i.id });
  const createButton = (
    <Button component={Link} to={href('payments.integrations-create', { business_id: businessId })} leftSection={<IconPlus size={16} aria-hidden />}>
      Add integration
    </Button>
  );

  return (
    <PageFrame
      title="Plugins integration"
      description="Connect WooCommerce, Shopify, Wix, Magento or your own shop. Each integration has its own API key, and its payments are tagged in Transactions."
      actions={rows.length > 0 ? createButton : null}
    >
      <QueryStatus query={list} loadingLabel="Loading plugin integrations" />
      {list.isSuccess && rows.length === 0 ? (
        <EmptyState
          icon={<IconPlug aria-hidden />}
          title="No plugin integrations yet"
          description="Add an integration to take payments in your online shop with its own API key."
          action={createButton}
        />
      ) : null}
      {rows.length > 0 ? (
        <DataList
          label="Plugin integrations"
          rows={rows}
          rowKey={(i) => i.id}
          rowHref={editHref}
          columns={[
            { header: 'Name', card: 'title', link: true, cell: (i) => i.name },
            { header: 'Platform', card: 'secondary', cell: (i) => INTEGRATION_PLATFORM_LABELS[i.platform] },
            { header: 'Status', card: 'status', nowrap: true, cell: (i) => <StatusBadge kind="integration" status={i.status} /> },
            { header: 'Created', nowrap: true, cell: (i) => <time dateTime={i.created_at}>{formatDateTime(i.created_at, zone, { zone: false })}</time> },
            { header: 'Last used', cell: (i) => (i.last_used_at ? formatDateTime(i.last_used_at, zone, { zone: false }) : 'Never') },
            {
              header: 'Actions',
              card: 'actions',
              nowrap: true,
              align: 'right',
              cell: (i) => (
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Anchor
                    component={Link}
                    to={`${href('payments.transactions', { business_id: businessId })}?integration_id=${i.id}`}
                    size="sm"
                    aria-label={`Payments of ${i.name}`}
                  >
                    Payments
                  </Anchor>
                </Group>
              ),
            },
          ]}
        />
      ) : null}
    </PageFrame>
  );
}
