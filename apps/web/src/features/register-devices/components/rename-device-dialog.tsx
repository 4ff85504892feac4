import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { RenameDeviceBodySchema, type RegisterDevice } from '@merchant/pos';
import { useZodForm } from '@/components/form/use-zod-form';
import { notifySuccess } from '@/lib/notify';
import { useRenameDevice } from '@/features/register-devices/api/devices-api';

/** Renames a register device (audited on the server); the register keeps the name a manager gave it. */
export function RenameDeviceDialog({ businessId, device, onClose }: { businessId: string; device: RegisterDevice; onClose: () => void }) {
  const form = useZodForm(RenameDeviceBodySchema, { name: device.name });
  const rename = useRenameDevice(businessId, device.id);
  const submit = form.onSubmit((body) =>
    rename.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(`Renamed to ${saved.name}.`);
        onClose();
      },
      onError: form.handleServerError,
    }),
  );
  return (
    <Modal opened onClose={onClose} title="Rename device" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput {...form.field('name')} label="Device name" required data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
