import { useState, type FormEvent, type ReactNode } from 'react';
import { Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { ReauthFields } from '@merchant/payments';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-message';
import { useUser } from '@/lib/session';

/** A refused password or code, for the modal to show on its field; any other error is the caller's to show. */
export function reauthError(error: unknown): { path: 'password' | 'code'; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  const errors = fieldErrors(error);
  if (errors.password) return { path: 'password', message: errors.password };
  if (errors.code) return { path: 'code', message: errors.code };
  if (error.body?.code === 'AUTH_ACCOUNT_LOCKED') return { path: 'password', message: error.body.message };
  return null;
}

interface ConfirmIdentityModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  /** The refused password or code of the last try (`reauthError`). */
  error: { path: 'password' | 'code'; message: string } | null;
  onConfirm: (fields: ReauthFields) => void;
  /** Fields of the change itself (an API key's name), shown above the password. */
  children?: ReactNode;
}

/**
 * Asks who is making a sensitive change (where money goes, the API keys): the password, or a two-factor code for a person who has
 * two-factor on (docs/payments.md, "balances and bank accounts"). The server checks it and counts wrong ones.
 */
export function ConfirmIdentityModal({
  opened,
  onClose,
  title,
  description,
  confirmLabel,
  danger,
  pending,
  error,
  onConfirm,
  children,
}: ConfirmIdentityModalProps) {
  const user = useUser();
  const [useCode, setUseCode] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setCode('');
    setMissing(null);
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (useCode ? !/^\d{6}$/.test(code.trim()) : password === '') {
      setMissing(useCode ? 'Enter the 6-digit code from your authenticator app' : 'Enter your password');
      return;
    }
    setMissing(null);
    onConfirm(useCode ? { code: code.trim() } : { password });
  };
  const shown = missing ?? (error && error.path === (useCode ? 'code' : 'password') ? error.message : undefined);

  return (
    <Modal opened={opened} onClose={close} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{description}</Text>
          {children}
          {useCode ? (
            <TextInput
              label="Two-factor code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={shown}
              data-autofocus
              required
            />
          ) : (
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={shown}
              data-autofocus
              required
            />
          )}
          {user?.two_factor_enabled ? (
            <Anchor component="button" type="button" size="sm" onClick={() => setUseCode((v) => !v)}>
              {useCode ? 'Use your password instead' : 'Use a two-factor code instead'}
            </Anchor>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} color={danger ? 'red' : undefined}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
