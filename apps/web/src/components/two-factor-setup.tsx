import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Image, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ConfirmTwoFactorBodySchema, StartTwoFactorBodySchema, userEndpoints } from '@merchant/identity';
import { call } from '../lib/api-client';
import { useZodForm } from './form/use-zod-form';

type Setup = Awaited<ReturnType<typeof call<typeof userEndpoints.startTwoFactor>>>;

interface TwoFactorSetupProps {
  /** Called once two-factor is on (refresh what depends on it); the recovery codes stay on screen. */
  onEnabled?: () => unknown;
  /** Called when the person confirms they saved the recovery codes. */
  onFinished: () => void;
  finishLabel: string;
  /** Offers a Cancel button before two-factor is on. */
  onCancel?: () => void;
}

/**
 * Turning on two-factor for the signed-in account: password -> QR code and key -> first code ->
 * recovery codes, shown once. Used by the security settings and the staff set-up screen.
 */
export function TwoFactorSetup({ onEnabled, onFinished, finishLabel, onCancel }: TwoFactorSetupProps) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onDone={onFinished} doneLabel={finishLabel} />;
  if (setup) {
    return (
      <ConfirmSetup
        setup={setup}
        onCancel={onCancel}
        onConfirmed={(recovery) => {
          setCodes(recovery);
          void onEnabled?.();
        }}
      />
    );
  }
  return <StartForm onStarted={setSetup} onCancel={onCancel} />;
}

function CancelButton({ onCancel }: { onCancel: (() => void) | undefined }) {
  return onCancel ? (
    <Button variant="default" onClick={onCancel}>
      Cancel
    </Button>
  ) : null;
}

function StartForm({ onStarted, onCancel }: { onStarted: (setup: Setup) => void; onCancel: (() => void) | undefined }) {
  const start = useMutation({ meta: { silent: true }, mutationFn: (password: string) => call(userEndpoints.startTwoFactor, { body: { password } }) });
  const form = useZodForm(StartTwoFactorBodySchema, { password: '' });
  const submit = form.onSubmit((body) => start.mutate(body.password, { onSuccess: onStarted, onError: form.handleServerError }));
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
          <CancelButton onCancel={onCancel} />
          <Button type="submit" loading={start.isPending}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmSetup({ setup, onConfirmed, onCancel }: { setup: Setup; onConfirmed: (codes: string[]) => void; onCancel: (() => void) | undefined }) {
  const confirm = useMutation({ meta: { silent: true }, mutationFn: (code: string) => call(userEndpoints.confirmTwoFactor, { body: { code } }) });
  const form = useZodForm(ConfirmTwoFactorBodySchema, { code: '' });
  const submit = form.onSubmit((body) =>
    confirm.mutate(body.code, { onSuccess: ({ recovery_codes }) => onConfirmed(recovery_codes), onError: form.handleServerError }),
  );
  return (
    <Stack gap="md">
      <Text size="sm">1. Scan this QR code with your authenticator app (for example Google Authenticator, 1Password or Authy).</Text>
      <Image src={setup.qr_code} alt="QR code for your authenticator app" w={200} h={200} fit="contain" bg="white" p="xs" radius="sm" />
      <Stack gap={4}>
        <Text size="sm">Cannot scan it? Enter this key in the app instead:</Text>
        <Group gap="xs" wrap="nowrap">
          <Code fz="sm" style={{ overflowWrap: 'break-word' }}>
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
            <CancelButton onCancel={onCancel} />
            <Button type="submit" loading={confirm.isPending}>
              Turn on two-factor authentication
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel: string }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title="Save your recovery codes now">
        Two-factor authentication is on. Each recovery code signs you in once if you lose your phone. They are shown only this time: store them somewhere safe,
        such as a password manager.
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
        <Button onClick={onDone}>{doneLabel}</Button>
      </Group>
    </Stack>
  );
}
