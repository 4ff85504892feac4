import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { CustomerBodySchema, type Customer } from '@merchant/payments';
import { showErrorsIn } from '@/lib/form-errors';
import { useCreateCustomerInline } from '@/features/invoices/api/invoices-api';

/**
 * "New customer" beside the invoice's customer picker: adds a customer without leaving the invoice and hands it
 * back to be chosen. The dialog is its own form (its submit never reaches the invoice's form).
 */
export function NewCustomerButton({ businessId, onCreated }: { businessId: string; onCreated: (customer: Customer) => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="subtle" size="compact-sm" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        New customer
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="New customer" centered>
        {opened ? (
          <NewCustomerForm
            businessId={businessId}
            onClose={() => setOpened(false)}
            onCreated={(customer) => {
              onCreated(customer);
              setOpened(false);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

function NewCustomerForm({ businessId, onClose, onCreated }: { businessId: string; onClose: () => void; onCreated: (customer: Customer) => void }) {
  const [values, setValues] = useState({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCustomerInline(businessId);
  const field = (key: keyof typeof values) => ({
    value: values[key],
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
      setErrors(({ [key]: _dropped, ...rest }) => rest);
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // The dialog lives in a portal, but React still bubbles its submit to the invoice form around the button.
    e.stopPropagation();
    const parsed = CustomerBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    create.mutate(values, {
      onSuccess: onCreated,
      onError: showErrorsIn(setErrors),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required autoComplete="off" data-autofocus {...field('name')} />
        <TextInput label="Email" type="email" description="Invoices are mailed here" autoComplete="off" {...field('email')} />
        <TextInput label="Phone" type="tel" autoComplete="off" {...field('phone')} />
        {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add customer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
