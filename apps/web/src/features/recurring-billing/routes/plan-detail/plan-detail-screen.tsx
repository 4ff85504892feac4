import { useMemo, useState } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@/lib/modals';
import { IconArchive, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { PlanBodySchema, planIntervalLabel, type Plan } from '@merchant/payments';
import { href } from '@/app/route-table';
import { Fact } from '@/components/fact';
import { useFormFields } from '@/components/form/form-fields';
import { zodIssuesToErrors } from '@/components/form/use-zod-form';
import { DetailLayout } from '@/components/detail-layout';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { showErrorsIn } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { planQuery, useArchivePlan, useSavePlan } from '@/features/recurring-billing/api/plans-api';
import { planRevenueQuery, subscriptionsQuery } from '@/features/recurring-billing/api/subscriptions-api';
import { CreateSubscriptionDialog } from '@/features/recurring-billing/components/create-subscription';
import { PagedTable } from '@/components/paged-table';
import { PlanFields, planBody, planValues } from '@/features/recurring-billing/components/plan-fields';
import { StatusBadge } from '@/components/status-badge';

/** One plan: what it charges, edited in place (saved through the sub-header bar), and archiving. */
export function Component() {
  const { business_id: businessId = '', id = '' } = useParams();
  const plan = useQuery(planQuery(businessId, id));
  if (!plan.data) return <QueryPage title="Plan" query={plan} loadingLabel="Loading the plan" />;
  return <PlanDetail key={plan.data.updated_at} businessId={businessId} plan={plan.data} />;
}

function PlanDetail({ businessId, plan }: { businessId: string; plan: Plan }) {
  const business = useBusiness(businessId);
  const canEdit = canChange(business.data, 'payments:create') && plan.status === 'active';
  const initial = useMemo(() => planValues(plan), [plan]);
  const form = useFormFields(initial);
  const { values, errors, setErrors } = form;
  const save = useSavePlan(businessId, plan.id);
  const archive = useArchivePlan(businessId, plan.id);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const revenue = useQuery(planRevenueQuery(businessId, plan.id));
  const canSubscribe = canChange(business.data, 'payments:create') && plan.status === 'active';
  const [subscribing, setSubscribing] = useState(false);

  const submit = (e?: React.FormEvent) => {
    e?.preventDefault();
    const parsed = PlanBodySchema.safeParse(planBody(values));
    if (!parsed.success) return setErrors(zodIssuesToErrors(parsed.error));
    save.mutate(planBody(values), {
      onSuccess: (saved) => notifySuccess(`${saved.name} saved.`),
      onError: showErrorsIn(setErrors),
    });
  };

  const confirmArchive = () =>
    modals.openConfirmModal({
      title: 'Archive plan',
      children: <Text size="sm">No new subscription can take “{plan.name}”. Subscriptions on it keep it. This cannot be undone.</Text>,
      labels: { confirm: 'Archive', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => archive.mutate(undefined, { onSuccess: () => notifySuccess('Plan archived.') }),
    });

  return (
    <DetailLayout
      back={{ to: href('payments.recurring-plans', { business_id: businessId }), label: 'All plans' }}
      title={plan.name}
      status={<StatusBadge kind="plan" status={plan.status} />}
      facts={[
        { label: 'Price', value: `${formatMoneyWithCode(plan.amount, plan.currency)} · ${planIntervalLabel(plan).toLowerCase()}` },
        { label: 'Charges', value: plan.cycles ? `${plan.cycles} in all` : 'Until cancelled' },
        { label: 'Free trial', value: plan.trial_days > 0 ? `${plan.trial_days} days` : 'No free trial' },
      ]}
      actions={[
        canSubscribe && { label: 'Subscribe a customer', primary: true, icon: <IconPlus size={16} aria-hidden />, onClick: () => setSubscribing(true) },
        canEdit && { label: 'Archive', danger: true, icon: <IconArchive size={16} aria-hidden />, onClick: confirmArchive, loading: archive.isPending },
      ]}
    >
      <Stack gap="md" maw={880}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="plan-summary">
          <Title order={2} size="h4" id="plan-summary" mb="sm">
            Summary
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label="Subscriptions">{revenue.data ? `${revenue.data.subscriptions} (${revenue.data.active} active)` : '…'}</Fact>
            <Fact label="Revenue">
              {revenue.data
                ? revenue.data.revenue.length > 0
                  ? revenue.data.revenue.map((m) => formatMoneyWithCode(m.amount, m.currency)).join(', ')
                  : formatMoneyWithCode(0, plan.currency)
                : '…'}
            </Fact>
          </SimpleGrid>
        </Paper>
        <PlanSubscriptions businessId={businessId} planId={plan.id} />
        <EditForm
          placement="inline"
          dirty={dirty}
          saving={save.isPending}
          onSave={submit}
          backTo={href('payments.recurring-plans', { business_id: businessId })}
          readOnly={!canEdit}
        >
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="plan-details">
            <Title order={2} size="h4" id="plan-details" mb="sm">
              {canEdit ? 'Edit plan' : 'Plan'}
            </Title>
            <PlanFields form={form} currency={plan.currency} disabled={!canEdit} />
            {errors.form ? <Text c="red">{errors.form}</Text> : null}
          </Paper>
        </EditForm>
      </Stack>
      <CreateSubscriptionDialog
        businessId={businessId}
        currency={plan.currency}
        planId={plan.id}
        title="Subscribe a customer"
        opened={subscribing}
        onClose={() => setSubscribing(false)}
      />
    </DetailLayout>
  );
}

/** The plan's subscriptions, newest first. */
function PlanSubscriptions({ businessId, planId }: { businessId: string; planId: string }) {
  const subscriptions = useInfiniteQuery(subscriptionsQuery(businessId, { plan_id: planId }));
  const rows = subscriptions.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="plan-subscriptions">
      <Title order={2} size="h4" id="plan-subscriptions" mb="sm">
        Subscriptions
      </Title>
      <PagedTable
        query={subscriptions}
        loadingLabel="Loading the subscriptions"
        empty={{ title: 'No subscriptions yet', description: 'Subscribe a customer to this plan.' }}
        label="Subscriptions to this plan"
        rows={rows}
        rowKey={(s) => s.id}
        rowHref={(s) => href('payments.subscriptions-detail', { business_id: businessId, recurring_billing: s.id })}
        columns={[
          { header: 'Customer', card: 'title', cell: (s) => s.customer.name ?? s.customer.email ?? 'Customer' },
          { header: 'Status', card: 'status', nowrap: true, cell: (s) => <StatusBadge kind="subscription" status={s.status} /> },
          { header: 'Charges made', cell: (s) => s.cycles_done },
        ]}
        minWidth={480}
        noun={['subscription', 'subscriptions']}
      />
    </Paper>
  );
}
