import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { UpdateReaderBodySchema, type Reader } from '@merchant/pos';
import type { DetailAction } from '@/components/detail-layout';
import { useZodForm } from '@/components/form/use-zod-form';
import { notifySuccess } from '@/lib/notify';
import { useUpdateReader } from '@/features/terminals/api/terminals-api';
import { LocationSelect } from './location-select';

/** "Edit" of a reader's page: its name and its location (an active one, or none). */
export function useEditReaderAction(businessId: string, reader: Reader): { action: DetailAction; dialog: ReactNode } {
  const [opened, setOpened] = useState(false);
  const initial = { name: reader.name, location_id: reader.location?.id ?? null };
  const form = useZodForm(UpdateReaderBodySchema, initial);
  const update = useUpdateReader(businessId, reader.id);
  const open = () => {
    form.reset(initial);
    setOpened(true);
  };
  const submit = form.onSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        notifySuccess('Reader saved.');
        setOpened(false);
      },
      onError: form.handleServerError,
    }),
  );
  const action: DetailAction = { label: 'Edit', icon: <IconPencil size={16} aria-hidden />, onClick: open };
  const dialog = (
    <Modal opened={opened} onClose={() => setOpened(false)} title="Edit reader" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput {...form.field('name')} label="Reader name" required />
          <LocationSelect
            businessId={businessId}
            value={form.values.location_id ?? null}
            onChange={(id) => form.setValues((v) => ({ ...v, location_id: id }))}
            error={form.errors.location_id}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
  return { action, dialog };
}
