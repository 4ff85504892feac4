import { useState } from 'react';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { RecoveryCodeSchema, TotpCodeSchema } from '@merchant/identity';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { href } from '@/app/route-table';
import { signedInLanding } from '@/app/guards';
import { useZodForm } from '@/components/form/use-zod-form';
import { useCheckpoint } from '@/features/auth/api/auth-api';
import { AuthCard } from '@/features/auth/components/auth-card';
import { readLoginState } from '@/features/auth/components/flash';

/** The checkpoint body takes exactly one of the two; each mode validates its own. */
const CodeFormSchema = z.object({ code: TotpCodeSchema });
const RecoveryFormSchema = z.object({ recovery_code: z.string().trim().min(1, 'Enter a recovery code').pipe(RecoveryCodeSchema) });

export function Component() {
  const navigate = useNavigate();
  const { from } = readLoginState(useLocation().state);
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const checkpoint = useCheckpoint();
  const codeForm = useZodForm(CodeFormSchema, { code: '' });
  const recoveryForm = useZodForm(RecoveryFormSchema, { recovery_code: '' });
  const form = mode === 'code' ? codeForm : recoveryForm;

  const send = (body: { code: string } | { recovery_code: string }) =>
    checkpoint.mutate(body, {
      onSuccess: ({ user }) => void navigate(from ?? signedInLanding(user), { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && error.body?.code === 'AUTH_NO_PENDING_CHECKPOINT') {
          void navigate(href('auth.login'), {
            replace: true,
            state: { flash: 'Your sign-in attempt has expired. Please sign in again.' },
          });
          return;
        }
        form.handleServerError(error);
      },
    });

  return (
    <AuthCard
      title="Two-factor authentication"
      description={
        mode === 'code'
          ? 'Enter the 6-digit code from your authenticator app.'
          : 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'
      }
    >
      {mode === 'code' ? (
        <form onSubmit={codeForm.onSubmit(send)} noValidate key="code">
          <Stack gap="md">
            <TextInput
              {...codeForm.field('code')}
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              required
            />
            <Button type="submit" loading={checkpoint.isPending} fullWidth>
              Verify
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={recoveryForm.onSubmit(send)} noValidate key="recovery">
          <Stack gap="md">
            <TextInput {...recoveryForm.field('recovery_code')} label="Recovery code" autoComplete="off" autoFocus required />
            <Button type="submit" loading={checkpoint.isPending} fullWidth>
              Verify
            </Button>
          </Stack>
        </form>
      )}
      <Stack gap={4} align="center">
        <Button variant="subtle" size="compact-sm" onClick={() => setMode(mode === 'code' ? 'recovery' : 'code')}>
          {mode === 'code' ? 'Use a recovery code instead' : 'Use an authentication code instead'}
        </Button>
        <Anchor component={Link} to={href('auth.login')} size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
