import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconCalendarRepeat, IconDownload, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUS_LABELS, SubscriptionStatusSchema, planIntervalLabel } from '@merchant/payments';
import { href } from '@/app/route-table';
import { listEmptyState, SearchAndStatus, useListFilters } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { canChange, useBusiness } from '@/lib/session';
import { subscriptionsExportHref, subscriptionsQuery } from '@/features/recurring-billing/api/subscriptions-api';
import { CreateSubscriptionDialog } from '@/features/recurring-billing/components/create-subscription';
import { useRetrySettingsAction } from '@/features/recurring-billing/components/retry-settings';
import { StatusBadge } from '@/components/status-badge';
import { BusinessTime } from '@/components/business-time';

const STATUS_OPTIONS = SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: SUBSCRIPTION_STATUS_LABELS[s] }));

/** The business's subscriptions: status and customer search in the URL, newest first, CSV of the filtered view. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const list = useListFilters();
  const status = SubscriptionStatusSchema.safeParse(list.params.get('status')).data;
  const filters = { search: list.search.value || undefined, status };
  const subscriptions = useInfiniteQuery(subscriptionsQuery(businessId, filters));
  const rows = subscriptions.data?.pages.flatMap((p) => p.data) ?? [];
  const canCreate = canChange(business.data, 'payments:create') && business.data !== undefined;
  const [creating, setCreating] = useState(false);
  const retry = useRetrySettingsAction(businessId, canChange(business.data, 'settings:manage'));

  return (
    <PageFrame
      title="Subscriptions"
      description="Customers charged on a schedule through the card they saved."
      actions={[
        canCreate && { label: 'Create subscription', icon: <IconPlus size={16} aria-hidden />, primary: true, onClick: () => setCreating(true) },
        { label: 'Export CSV', icon: <IconDownload size={16} aria-hidden />, href: subscriptionsExportHref(businessId, filters), download: true, more: true },
        retry.action && { ...retry.action, more: true },
      ]}
    >
      {retry.dialog}
      {business.data ? (
        <CreateSubscriptionDialog
          businessId={businessId}
          currency={business.data.currency}
          title="Create subscription"
          opened={creating}
          onClose={() => setCreating(false)}
        />
      ) : null}
      <SearchAndStatus
        filters={list}
        searchLabel="Search subscriptions"
        hint="Customer name or email"
        placeholder="Search by customer"
        statusOptions={STATUS_OPTIONS}
      />
      <PagedTable
        query={subscriptions}
        loadingLabel="Loading subscriptions"
        empty={listEmptyState(list, {
          icon: <IconCalendarRepeat aria-hidden />,
          title: 'No subscriptions yet',
          description: 'Subscribe a customer to a plan, or to an amount of its own.',
          noMatchTitle: 'No subscriptions match',
          action: canCreate ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              Create subscription
            </Button>
          ) : undefined,
        })}
        label="Subscriptions"
        rows={rows}
        rowKey={(s) => s.id}
        rowHref={(s) => href('payments.subscriptions-detail', { business_id: businessId, recurring_billing: s.id })}
        columns={[
          { header: 'Customer', card: 'title', cell: (s) => s.customer.name ?? s.customer.email ?? 'Customer' },
          { header: 'Email', card: 'none', tableFrom: 'xl', cell: (s) => (s.customer.name ? (s.customer.email ?? '') : '') },
          { header: 'Subscription', card: 'secondary', cell: (s) => s.name },
          {
            header: 'Price',
            card: 'amount',
            nowrap: true,
            cell: (s) => `${formatMoneyWithCode(s.amount.amount, s.amount.currency)} · ${planIntervalLabel(s).toLowerCase()}`,
          },
          { header: 'Status', card: 'status', nowrap: true, cell: (s) => <StatusBadge kind="subscription" status={s.status} /> },
          {
            header: 'Next charge',
            nowrap: true,
            cell: (s) =>
              s.next_charge_at && s.next_charge_amount ? (
                <>
                  <BusinessTime at={s.next_charge_at} /> · {formatMoneyWithCode(s.next_charge_amount.amount, s.next_charge_amount.currency)}
                </>
              ) : (
                '—'
              ),
          },
        ]}
        minWidth={720}
        noun={['subscription', 'subscriptions']}
      />
    </PageFrame>
  );
}
