import { IconRepeat } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { PLAN_STATUSES, PLAN_STATUS_LABELS, PlanStatusSchema, planIntervalLabel } from '@merchant/payments';
import { href } from '@/app/route-table';
import { listEmptyState, SearchAndStatus, useListFilters } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { StatusBadge } from '@/components/status-badge';
import { PageFrame } from '@/components/page-frame';
import { canChange, useBusiness } from '@/lib/session';
import { plansQuery } from '@/features/recurring-billing/api/plans-api';
import { CreatePlanButton } from '@/features/recurring-billing/components/create-plan';

const STATUS_OPTIONS = PLAN_STATUSES.map((s) => ({ value: s, label: PLAN_STATUS_LABELS[s] }));

/** The business's recurring plans: search and status in the URL, newest first. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const filters = useListFilters();
  const status = PlanStatusSchema.safeParse(filters.params.get('status')).data;
  const plans = useInfiniteQuery(plansQuery(businessId, { search: filters.search.value || undefined, status }));
  const rows = plans.data?.pages.flatMap((p) => p.data) ?? [];
  const canCreate = canChange(business.data, 'payments:create');
  const create = canCreate && business.data ? <CreatePlanButton businessId={businessId} currency={business.data.currency} /> : undefined;

  return (
    <PageFrame title="Plans" description="What subscribers pay and how often: monthly coffee, a yearly membership, a class every 14 days." actions={create}>
      <SearchAndStatus filters={filters} searchLabel="Search plans" hint="Plan name" statusOptions={STATUS_OPTIONS} />
      <PagedTable
        query={plans}
        loadingLabel="Loading plans"
        empty={listEmptyState(filters, {
          icon: <IconRepeat aria-hidden />,
          title: 'No plans yet',
          description: 'Create a plan, then subscribe customers to it.',
          noMatchTitle: 'No plans match',
          action: create,
        })}
        label="Plans"
        rows={rows}
        rowKey={(plan) => plan.id}
        rowHref={(plan) => href('payments.recurring-plans-detail', { business_id: businessId, id: plan.id })}
        columns={[
          { header: 'Plan', card: 'title', cell: (plan) => plan.name },
          { header: 'Charges', card: 'secondary', cell: (plan) => (plan.cycles ? `${plan.cycles} charges` : 'Until cancelled') },
          {
            header: 'Price',
            card: 'amount',
            nowrap: true,
            cell: (plan) => `${formatMoneyWithCode(plan.amount, plan.currency)} · ${planIntervalLabel(plan).toLowerCase()}`,
          },
          { header: 'Trial', cell: (plan) => (plan.trial_days > 0 ? `${plan.trial_days} days` : '—') },
          { header: 'Status', card: 'status', nowrap: true, cell: (plan) => <StatusBadge kind="plan" status={plan.status} /> },
        ]}
        minWidth={560}
        noun={['plan', 'plans']}
      />
    </PageFrame>
  );
}
