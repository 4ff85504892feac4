import { useState } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Image, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  ConfirmTwoFactorBodySchema,
  DisableTwoFactorBodySchema,
  StartTwoFactorBodySchema,
  type StartTwoFactorResponseSchema,
} from '@merchant/identity';
import type { z } from 'zod';
import { useZodForm } from '../../../components/form/use-zod-form';
import { notifySuccess } from '../../../lib/notify';
import { useSignedInUser } from '../../../lib/session';
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor } from '../api/user-settings-api';
import { SettingsSection } from './settings-section';

type Setup = z.infer<typeof StartTwoFactorResponseSchema>;

/**
 * Off -> (password) -> QR code and secret -> (first code) -> recovery codes, shown once -> On.
 * On -> (code or recovery code) -> Off.
 */
export function TwoFactorSection() {
  const user = useSignedInUser();
  const [askingPassword, setAskingPassword] = useState(false);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // Owned here: once two-factor is off the disable form unmounts, and its success message must still show.
  const disable = useDisableTwoFactor();

  const enabled = user.two_factor_enabled || recoveryCodes !== null;
  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (setup) {
    body = (
      <ConfirmSetup
        setup={setup}
        onConfirmed={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
        onCancel={() => setSetup(null)}
      />
    );
  } else if (user.two_factor_enabled) {
    body = <DisableForm disable={disable} />;
  } else if (askingPassword) {
    body = (
      <StartForm
        onStarted={(started) => {
          setAskingPassword(false);
          setSetup(started);
        }}
        onCancel={() => setAskingPassword(false)}
      />
    );
  } else {
    body = (
      <Group justify="flex-end">
        <Button onClick={() => setAskingPassword(true)}>Enable two-factor authentication</Button>
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
        <Badge color={enabled ? 'green' : 'gray'} variant="light">
          {enabled ? 'On' : 'Off'}
        </Badge>
      </Group>
      {body}
    </SettingsSection>
  );
}

function StartForm({ onStarted, onCancel }: { onStarted: (setup: Setup) => void; onCancel: () => void }) {
  const start = useStartTwoFactor();
  const form = useZodForm(StartTwoFactorBodySchema, { password: '' });
  const submit = form.onSubmit((body) => start.mutate(body, { onSuccess: onStarted, onError: form.handleServerError }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          {...form.field('password')}
          label="Current password"
          description="Confirm it is you before changing how you sign in."
          autoComplete="current-password"
          autoFocus
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={start.isPending}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmSetup({ setup, onConfirmed, onCancel }: { setup: Setup; onConfirmed: (codes: string[]) => void; onCancel: () => void }) {
  const confirm = useConfirmTwoFactor();
  const form = useZodForm(ConfirmTwoFactorBodySchema, { code: '' });
  const submit = form.onSubmit((body) =>
    confirm.mutate(body, { onSuccess: ({ recovery_codes }) => onConfirmed(recovery_codes), onError: form.handleServerError }),
  );
  return (
    <Stack gap="md">
      <Text size="sm">1. Scan this QR code with your authenticator app (for example Google Authenticator, 1Password or Authy).</Text>
      <Image src={setup.qr_code} alt="QR code for your authenticator app" w={200} h={200} fit="contain" bg="white" p="xs" radius="sm" />
      <Stack gap={4}>
        <Text size="sm">Cannot scan it? Enter this key in the app instead:</Text>
        <Group gap="xs" wrap="nowrap">
          <Code fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {setup.secret}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button variant="subtle" size="compact-sm" onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.field('code')}
            label="2. Enter the 6-digit code the app shows"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              Turn on two-factor authentication
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title="Save your recovery codes now">
        Two-factor authentication is on. Each recovery code signs you in once if you lose your phone. They are shown only
        this time: store them somewhere safe, such as a password manager.
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <Code fz="sm">{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
    </Stack>
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
