import { useDeferredValue, useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { CreateSubscriptionBodySchema, planIntervalLabel, type CreateSubscriptionBody } from '@merchant/payments';
import { href } from '@/app/route-table';
import { CustomerSelect } from '@/components/customer-select';
import { partOf, useFormFields } from '@/components/form/form-fields';
import { zodIssuesToErrors } from '@/components/form/use-zod-form';
import { showErrorsIn } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { activePlansQuery, customerOptionsQuery, useCreateSubscription } from '@/features/recurring-billing/api/subscriptions-api';
import { PlanFields, planValues, ReturnFields, type ReturnValues } from '@/features/recurring-billing/components/plan-fields';

/**
 * "Create subscription" (the subscriptions list) or "Subscribe a customer" (a plan's page, `planId` fixed): the
 * customer, and a plan or terms of its own, in a dialog the screen opens from its action. The customer is mailed the
 * page that saves their card.
 */
export function CreateSubscriptionDialog({
  businessId,
  currency,
  planId,
  title,
  opened,
  onClose,
}: {
  businessId: string;
  currency: string;
  planId?: string;
  title: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      {opened ? <CreateSubscriptionForm businessId={businessId} currency={currency} planId={planId} onClose={onClose} /> : null}
    </Modal>
  );
}

function CreateSubscriptionForm({
  businessId,
  currency,
  planId,
  onClose,
}: {
  businessId: string;
  currency: string;
  planId: string | undefined;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const customers = useQuery(customerOptionsQuery(businessId, deferred));
  const plans = useQuery(activePlansQuery(businessId));
  const [mode, setMode] = useState<'plan' | 'custom'>('plan');
  // The customer, the plan, and the subscription's own terms when it has no plan (the body's own field names).
  const form = useFormFields({ customer_id: '', plan_id: planId ?? '', ...planValues(undefined), name: '' });
  const { values: custom, errors, setErrors } = form;
  const customerId = custom.customer_id || null;
  const chosenPlan = custom.plan_id || null;
  const create = useCreateSubscription(businessId);

  const planOptions = (plans.data ?? []).map((p) => ({
    value: p.id,
    label: `${p.name} · ${formatMoneyWithCode(p.amount, p.currency)} ${planIntervalLabel(p).toLowerCase()}`,
  }));

  const body = (): CreateSubscriptionBody =>
    mode === 'plan' || planId
      ? { customer_id: customerId ?? '', plan_id: chosenPlan ?? undefined, reference: custom.reference || null, redirect_url: custom.redirect_url || null }
      : {
          customer_id: customerId ?? '',
          name: custom.name || null,
          amount: custom.amount ?? 0,
          currency,
          interval: custom.interval,
          interval_days: custom.interval === 'every_n_days' ? custom.interval_days : null,
          trial_days: custom.trial_days ?? 0,
          cycles: custom.cycles,
          description: custom.description || null,
          reference: custom.reference || null,
          redirect_url: custom.redirect_url || null,
        };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if ((mode === 'plan' || planId) && !chosenPlan) return setErrors({ plan_id: 'Choose a plan' });
    const parsed = CreateSubscriptionBodySchema.safeParse(body());
    if (!parsed.success) return setErrors(zodIssuesToErrors(parsed.error));
    create.mutate(body(), {
      onSuccess: (made) => {
        notifySuccess(`Subscribed. ${made.customer.email ?? 'The customer'} was mailed a link to save their card.`);
        onClose();
        void navigate(href('payments.subscriptions-detail', { business_id: businessId, recurring_billing: made.id }));
      },
      onError: showErrorsIn(setErrors),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <CustomerSelect
          label="Customer"
          description="They are mailed a link to save their card"
          placeholder="Search by name or email"
          required
          customers={customers.data ?? []}
          name="customer_id"
          value={customerId}
          onChange={(v) => form.setValue('customer_id', v ?? '')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={customers.isPending ? 'Loading customers…' : 'No customer found'}
          error={errors.customer_id}
        />
        {planId ? null : (
          <SegmentedControl
            aria-label="What the subscription charges"
            value={mode}
            onChange={(v) => setMode(v as 'plan' | 'custom')}
            data={[
              { value: 'plan', label: 'A plan' },
              { value: 'custom', label: 'Custom amount' },
            ]}
          />
        )}
        {mode === 'plan' || planId ? (
          <Select
            label="Plan"
            required
            data={planOptions}
            name="plan_id"
            value={chosenPlan}
            disabled={Boolean(planId)}
            onChange={(v) => form.setValue('plan_id', v ?? '')}
            nothingFoundMessage="No active plan"
            error={errors.plan_id}
          />
        ) : null}
        {mode === 'plan' || planId ? (
          <ReturnFields form={partOf<ReturnValues>(form)} />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              The customer is charged this amount on this schedule; no plan is needed.
            </Text>
            <PlanFields form={form} currency={currency} />
          </>
        )}
        {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Subscribe
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
