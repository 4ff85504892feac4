import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { SubscriptionDetailsBodySchema, type Subscription } from '@merchant/payments';
import { partOf } from '@/components/form/form-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { notifySuccess } from '@/lib/notify';
import { useUpdateSubscriptionDetails } from '@/features/recurring-billing/api/subscriptions-api';
import { ReturnFields, type ReturnValues } from './plan-fields';

/** "Edit details" of a subscription: its description, reference and return address (its terms change by a plan change). */
export function SubscriptionDetailsDialog(props: { businessId: string; subscription: Subscription; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Edit details" centered size="lg">
      {props.opened ? <DetailsForm {...props} /> : null}
    </Modal>
  );
}

function DetailsForm({ businessId, subscription: s, onClose }: { businessId: string; subscription: Subscription; onClose: () => void }) {
  const form = useZodForm(SubscriptionDetailsBodySchema, {
    description: s.description ?? '',
    reference: s.reference ?? '',
    redirect_url: s.redirect_url ?? '',
  });
  const save = useUpdateSubscriptionDetails(businessId, s.id);
  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess('Subscription details saved.');
        onClose();
      },
      onError: form.handleServerError,
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea {...form.field('description')} label="Description" description="Shown to the customer with the name" autosize minRows={2} />
        <ReturnFields form={partOf<ReturnValues>(form)} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
