import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { CustomerBodySchema, type Customer } from '@merchant/payments';
import { useZodForm } from '@/components/form/use-zod-form';
import { notifySuccess } from '@/lib/notify';
import { useSaveCustomer } from '../api/customers-api';

const valuesOf = (c: Customer | null) => ({ name: c?.name ?? '', email: c?.email ?? '', phone: c?.phone ?? '', notes: c?.notes ?? '' });

/**
 * Adding and editing a customer happen in a modal over the list or the detail (as Stripe does): a customer
 * is a few fields, and the person stays where they were.
 */
export function CustomerFormModal({
  businessId,
  customer,
  opened,
  onClose,
  onSaved,
}: {
  businessId: string;
  customer: Customer | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (customer: Customer) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={customer ? 'Edit customer' : 'New customer'} centered>
      {/* Mounted only while open, so every opening starts from the customer as saved. */}
      {opened ? <CustomerForm businessId={businessId} customer={customer} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function CustomerForm({
  businessId,
  customer,
  onClose,
  onSaved,
}: {
  businessId: string;
  customer: Customer | null;
  onClose: () => void;
  onSaved: ((customer: Customer) => void) | undefined;
}) {
  const form = useZodForm(CustomerBodySchema, valuesOf(customer));
  const save = useSaveCustomer(businessId, customer?.id ?? null);
  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(customer ? 'Customer saved.' : `${saved.name ?? 'Customer'} added.`);
        onClose();
        onSaved?.(saved);
      },
      onError: form.handleServerError,
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput {...form.field('name')} label="Name" required data-autofocus autoComplete="off" />
        <TextInput {...form.field('email')} label="Email" type="email" autoComplete="off" />
        <TextInput {...form.field('phone')} label="Phone" type="tel" autoComplete="off" />
        <Textarea {...form.field('notes')} label="Notes" autosize minRows={2} maxRows={6} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {customer ? 'Save customer' : 'Add customer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
