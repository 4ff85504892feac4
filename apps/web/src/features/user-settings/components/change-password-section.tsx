import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { ChangePasswordBodySchema } from '@merchant/identity';
import { useZodForm } from '@/components/form/use-zod-form';
import { notifySuccess } from '@/lib/notify';
import { useChangePassword } from '../api/user-settings-api';
import { SettingsSection } from './settings-section';

const empty = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordSection() {
  const change = useChangePassword();
  const form = useZodForm(ChangePasswordBodySchema, empty);
  const submit = form.onSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        form.reset(empty);
        notifySuccess('Your password has been changed. Your other sessions were signed out.');
      },
      onError: form.handleServerError,
    }),
  );

  return (
    <SettingsSection title="Password" description="Changing your password signs you out everywhere except on this device.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput {...form.field('current_password')} label="Current password" autoComplete="current-password" required />
          <PasswordInput
            {...form.field('password')}
            label="New password"
            description="At least 8 characters. A longer passphrase is stronger."
            autoComplete="new-password"
            required
          />
          <PasswordInput {...form.field('password_confirmation')} label="Confirm new password" autoComplete="new-password" required />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
