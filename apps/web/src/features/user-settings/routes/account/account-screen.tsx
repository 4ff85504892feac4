import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ChangeEmailBodySchema, UpdateAccountBodySchema } from '@merchant/identity';
import { useZodForm } from '@/components/form/use-zod-form';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { useSignedInUser } from '@/lib/session';
import { useChangeEmail, useUpdateAccount } from '@/features/user-settings/api/user-settings-api';
import { SettingsPage, SettingsSection } from '@/features/user-settings/components/settings-section';
import { wrapPoints } from '@/components/long-text';

export function Component() {
  return (
    <SettingsPage title="Account">
      <NameSection />
      <EmailSection />
    </SettingsPage>
  );
}

function NameSection() {
  const user = useSignedInUser();
  const update = useUpdateAccount();
  const form = useZodForm(UpdateAccountBodySchema, { name: user.name });
  const unchanged = form.values.name.trim() === user.name;
  const submit = form.onSubmit((body) =>
    update.mutate(body, {
      onSuccess: (updated) => {
        form.reset({ name: updated.name });
        notifySuccess('Your name has been saved.');
      },
      onError: form.handleServerError,
    }),
  );

  return (
    <SettingsSection title="Your details" description="Your name is shown to the businesses you work with and in their audit logs.">
      <EditForm dirty={!unchanged} saving={update.isPending} onSave={submit}>
        <TextInput {...form.field('name')} label="Name" autoComplete="name" required />
      </EditForm>
    </SettingsSection>
  );
}

function EmailSection() {
  const user = useSignedInUser();
  const change = useChangeEmail();
  const form = useZodForm(ChangeEmailBodySchema, { email: '', password: '' });
  const submit = form.onSubmit((body) =>
    change.mutate(body, {
      onSuccess: (updated) => {
        form.reset({ email: '', password: '' });
        notifySuccess(`You now sign in with ${updated.email}.`);
      },
      onError: form.handleServerError,
    }),
  );

  return (
    <SettingsSection title="Sign-in email" description="Changing the email you sign in with needs your current password.">
      <Text size="sm">
        Current email: <strong style={{ overflowWrap: 'break-word' }}>{wrapPoints(user.email)}</strong>
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput {...form.field('email')} label="New email" type="email" autoComplete="email" required />
          <PasswordInput {...form.field('password')} label="Current password" autoComplete="current-password" required />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change email
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
