import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { IconCalendarRepeat, IconDownload } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUS_LABELS, SubscriptionStatusSchema, planIntervalLabel } from '@merchant/payments';
import { href } from '@/app/route-table';
import { listEmptyState, SearchAndStatus, useListFilters } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { formatLocalDateTime } from '@/lib/format';
import { canChange, useBusiness } from '@/lib/session';
import { subscriptionsExportHref, subscriptionsQuery } from '@/features/recurring-billing/api/subscriptions-api';
import { CreateSubscriptionButton } from '@/features/recurring-billing/components/create-subscription';
import { RetrySettingsButton } from '@/features/recurring-billing/components/retry-settings';
import { SubscriptionStatusBadge } from '@/features/recurring-billing/components/subscription-status-badge';

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
  const create =
    canChange(business.data, 'payments:create') && business.data ? (
      <CreateSubscriptionButton businessId={businessId} currency={business.data.currency} />
    ) : undefined;

  return (
    <PageFrame
      title="Subscriptions"
      description="Customers charged on a schedule through the card they saved."
      actions={
        <>
          <Button
            component="a"
            href={subscriptionsExportHref(businessId, filters)}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export CSV
          </Button>
          {canChange(business.data, 'settings:manage') ? <RetrySettingsButton businessId={businessId} /> : null}
          {create}
        </>
      }
    >
      <SearchAndStatus filters={list} searchLabel="Search subscriptions" placeholder="Customer name or email" statusOptions={STATUS_OPTIONS} />
      <PagedTable
        query={subscriptions}
        count={rows.length}
        loadingLabel="Loading subscriptions"
        empty={listEmptyState(list, {
          icon: <IconCalendarRepeat aria-hidden />,
          title: 'No subscriptions yet',
          description: 'Subscribe a customer to a plan, or to an amount of its own.',
          noMatchTitle: 'No subscriptions match',
          action: create,
        })}
        label="Subscriptions"
        minWidth={720}
        noun={['subscription', 'subscriptions']}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Customer</Table.Th>
            <Table.Th scope="col">Subscription</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Next charge</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Stack gap={2}>
                  <Anchor component={Link} to={href('payments.subscriptions-detail', { business_id: businessId, recurring_billing: s.id })} fw={500}>
                    {s.customer.name ?? s.customer.email ?? 'Customer'}
                  </Anchor>
                  {s.customer.name && s.customer.email ? (
                    <Text size="xs" c="dimmed">
                      {s.customer.email}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm">{s.name}</Text>
                  <Text size="xs" c="dimmed">
                    {formatMoneyWithCode(s.amount.amount, s.amount.currency)} · {planIntervalLabel(s).toLowerCase()}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <SubscriptionStatusBadge status={s.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {s.next_charge_at && s.next_charge_amount
                  ? `${formatLocalDateTime(s.next_charge_at)} · ${formatMoneyWithCode(s.next_charge_amount.amount, s.next_charge_amount.currency)}`
                  : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </PagedTable>
    </PageFrame>
  );
}
