import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { DisableTwoFactorBodySchema } from '@merchant/identity';
import { useZodForm } from '@/components/form/use-zod-form';
import { notifySuccess } from '@/lib/notify';
import { useSignedInUser } from '@/lib/session';
import { useDisableTwoFactor, useInvalidateTwoFactor } from '../api/user-settings-api';
import { TwoFactorSetup } from '@/components/two-factor-setup';
import { SettingsSection } from './settings-section';

/** Off -> the set-up flow (recovery codes shown once) -> On; On -> (code or recovery code) -> Off. */
export function TwoFactorSection() {
  const user = useSignedInUser();
  // Set-up stays mounted until the recovery codes are saved, though the user turns "on" before that.
  const [settingUp, setSettingUp] = useState(false);
  // Owned here: once two-factor is off the disable form unmounts, and its success message must still show.
  const disable = useDisableTwoFactor();
  const invalidate = useInvalidateTwoFactor();

  let body;
  if (settingUp) {
    body = (
      <TwoFactorSetup onEnabled={invalidate} onFinished={() => setSettingUp(false)} finishLabel="I have saved them" onCancel={() => setSettingUp(false)} />
    );
  } else if (user.two_factor_enabled) {
    body = <DisableForm disable={disable} />;
  } else {
    body = (
      <Group justify="flex-end">
        <Button onClick={() => setSettingUp(true)}>Enable two-factor authentication</Button>
      </Group>
    );
  }

  return (
    <SettingsSection
      title="Two-factor authentication"
      description="Ask for a code from an authenticator app on your phone, as well as your password, when you sign in."
    >
      <Group gap="xs" aria-live="polite">
        <Text size="sm">Status:</Text>
        <Badge color={user.two_factor_enabled ? 'green' : 'gray'} variant="light">
          {user.two_factor_enabled ? 'On' : 'Off'}
        </Badge>
      </Group>
      {body}
    </SettingsSection>
  );
}

function DisableForm({ disable }: { disable: ReturnType<typeof useDisableTwoFactor> }) {
  const form = useZodForm(DisableTwoFactorBodySchema, { code: '' });
  const submit = form.onSubmit((body) =>
    disable.mutate(body, {
      onSuccess: () => notifySuccess('Two-factor authentication is off.'),
      onError: form.handleServerError,
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          {...form.field('code')}
          label="Authentication code or recovery code"
          description="Enter a current code from your authenticator app, or one of your recovery codes, to turn it off."
          autoComplete="one-time-code"
          required
        />
        <Group justify="flex-end">
          <Button type="submit" color="red" variant="light" loading={disable.isPending}>
            Disable two-factor authentication
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
