import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PlanBodySchema } from '@merchant/payments';
import { href } from '@/app/route-table';
import { useFormFields } from '@/components/form/form-fields';
import { zodIssuesToErrors } from '@/components/form/use-zod-form';
import { showErrorsIn } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useSavePlan } from '@/features/recurring-billing/api/plans-api';
import { PlanFields, planBody, planValues } from '@/features/recurring-billing/components/plan-fields';

/** "Create plan": the plan's fields in a dialog; the new plan's page opens once it is saved. */
export function CreatePlanButton({ businessId, currency }: { businessId: string; currency: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Create plan
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Create plan" centered size="lg">
        {opened ? <CreatePlanForm businessId={businessId} currency={currency} onClose={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}

function CreatePlanForm({ businessId, currency, onClose }: { businessId: string; currency: string; onClose: () => void }) {
  const navigate = useNavigate();
  const form = useFormFields(planValues(undefined));
  const { values, errors, setErrors } = form;
  const save = useSavePlan(businessId, undefined);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = PlanBodySchema.safeParse(planBody(values));
    if (!parsed.success) return setErrors(zodIssuesToErrors(parsed.error));
    save.mutate(planBody(values), {
      onSuccess: (plan) => {
        notifySuccess(`${plan.name} created.`);
        onClose();
        void navigate(href('payments.recurring-plans-detail', { business_id: businessId, id: plan.id }));
      },
      onError: showErrorsIn(setErrors),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PlanFields form={form} currency={currency} />
        {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Create plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
