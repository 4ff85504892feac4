import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { fieldErrors } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';
import { customerSearchQuery, useCreateCustomer } from '../api/register-api';

type Chosen = { id: string; name: string } | null;

/**
 * The sale's customer: found by typing part of a name, email or phone (the customers list's search), or added there
 * and then with a name and an email or phone.
 */
export function CustomerPicker({
  businessId,
  value,
  required,
  onChange,
}: {
  businessId: string;
  value: Chosen;
  required: boolean;
  onChange: (c: Chosen) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery(customerSearchQuery(businessId, debounced));
  const [adding, setAdding] = useState(false);
  const options = (found.data?.data ?? []).map((c) => ({
    value: c.id,
    label: [c.name ?? c.email ?? c.phone ?? 'Customer', c.name ? c.email : null].filter(Boolean).join(' · '),
  }));
  if (value && !options.some((o) => o.value === value.id)) options.unshift({ value: value.id, label: value.name });
  return (
    <Stack gap={4}>
      <Stack gap={4} align="flex-start">
        <Select
          label={required ? 'Customer' : 'Customer (optional)'}
          placeholder="Search by name, email or phone"
          searchable
          clearable
          required={required}
          data={options}
          value={value?.id ?? null}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={debounced.trim() ? (found.isFetching ? 'Searching…' : 'No customer found') : 'Type to search'}
          onChange={(id, option) => onChange(id ? { id, name: option.label.split(' · ')[0]! } : null)}
          w="100%"
        />
        <Button variant="subtle" size="compact-sm" onClick={() => setAdding(true)}>
          New customer
        </Button>
      </Stack>
      {adding ? (
        <NewCustomerDialog
          businessId={businessId}
          onClose={() => setAdding(false)}
          onCreated={(c) => {
            onChange(c);
            setAdding(false);
          }}
        />
      ) : null}
    </Stack>
  );
}

function NewCustomerDialog({
  businessId,
  onClose,
  onCreated,
}: {
  businessId: string;
  onClose: () => void;
  onCreated: (c: { id: string; name: string }) => void;
}) {
  const create = useCreateCustomer(businessId);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () =>
    create.mutate(
      { name, email: email.trim() || null, phone: phone.trim() || null },
      {
        onSuccess: (c) => onCreated({ id: c.id, name: c.name ?? name }),
        onError: (error) => {
          const fields = fieldErrors(error);
          if (Object.keys(fields).length > 0) setErrors(fields);
          else notifyError(error);
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title="New customer" size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus />
          <TextInput label="Email (optional)" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} />
          <TextInput label="Phone (optional)" type="tel" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} error={errors.phone} />
          <Text size="xs" c="dimmed">
            The customer is added to your customers and to this sale.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add customer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
