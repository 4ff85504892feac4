import { useMemo, useState } from 'react';
import { Badge, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArchive } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { PLAN_STATUS_LABELS, PlanBodySchema, planIntervalLabel, type Plan } from '@merchant/payments';
import { href } from '@/app/route-table';
import { Fact } from '@/components/fact';
import { zodIssuesToErrors } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { useBusiness } from '@/lib/session';
import { planQuery, useArchivePlan, useSavePlan } from '@/features/recurring-plans/api/plans-api';
import { PlanFields, planBody, planValues } from '@/features/recurring-plans/components/plan-fields';

/** One plan: what it charges, edited in place (saved through the sub-header bar), and archiving. */
export function Component() {
  const { business_id: businessId = '', id = '' } = useParams();
  const plan = useQuery(planQuery(businessId, id));
  return plan.data ? (
    <PlanDetail key={plan.data.updated_at} businessId={businessId} plan={plan.data} />
  ) : (
    <PageFrame title="Plan">
      <QueryStatus query={plan} loadingLabel="Loading the plan" />
    </PageFrame>
  );
}

function PlanDetail({ businessId, plan }: { businessId: string; plan: Plan }) {
  const business = useBusiness(businessId);
  const canEdit = (business.data?.permissions.includes('payments:create') ?? false) && plan.status === 'active';
  const initial = useMemo(() => planValues(plan), [plan]);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePlan(businessId, plan.id);
  const archive = useArchivePlan(businessId, plan.id);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  const submit = (e?: React.FormEvent) => {
    e?.preventDefault();
    const parsed = PlanBodySchema.safeParse(planBody(values));
    if (!parsed.success) return setErrors(zodIssuesToErrors(parsed.error));
    save.mutate(planBody(values), {
      onSuccess: (saved) => notifySuccess(`${saved.name} saved.`),
      onError: (error) => {
        const fields = fieldErrors(error);
        setErrors(Object.keys(fields).length > 0 ? fields : { form: errorMessage(error) });
      },
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
    <PageFrame
      title={plan.name}
      description={`${formatMoneyWithCode(plan.amount, plan.currency)} · ${planIntervalLabel(plan).toLowerCase()}`}
      actions={
        canEdit ? (
          <Button color="red" variant="light" leftSection={<IconArchive size={16} aria-hidden />} onClick={confirmArchive} loading={archive.isPending}>
            Archive
          </Button>
        ) : undefined
      }
    >
      <Stack gap="md" maw={880}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="plan-summary">
          <Title order={2} size="h4" id="plan-summary" mb="sm">
            Summary
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label="Status">
              <Badge variant="light" color={plan.status === 'active' ? 'green' : 'gray'}>
                {PLAN_STATUS_LABELS[plan.status]}
              </Badge>
            </Fact>
            <Fact label="Charges">{plan.cycles ? `${plan.cycles} in all` : 'Until cancelled'}</Fact>
            <Fact label="Free trial">{plan.trial_days > 0 ? `${plan.trial_days} days` : 'None'}</Fact>
            <Fact label="Subscriptions">None yet</Fact>
          </SimpleGrid>
        </Paper>
        <EditForm
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
            <PlanFields
              values={values}
              errors={errors}
              currency={plan.currency}
              disabled={!canEdit}
              onChange={(patch) => {
                setValues((v) => ({ ...v, ...patch }));
                setErrors((all) => Object.fromEntries(Object.entries(all).filter(([k]) => !(k in patch))));
              }}
            />
            {errors.form ? <Text c="red">{errors.form}</Text> : null}
          </Paper>
        </EditForm>
      </Stack>
    </PageFrame>
  );
}
