import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { PasswordResetBodySchema } from '@merchant/identity';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { href } from '@/app/route-table';
import { useZodForm } from '@/components/form/use-zod-form';
import { useResetPassword } from '@/features/auth/api/auth-api';
import { AuthCard } from '@/features/auth/components/auth-card';

export function Component() {
  const navigate = useNavigate();
  const { reset_token: token = '' } = useParams();
  const [search] = useSearchParams();
  const reset = useResetPassword();
  const form = useZodForm(PasswordResetBodySchema, {
    token,
    email: search.get('email') ?? '',
    password: '',
    password_confirmation: '',
  });

  const submit = form.onSubmit((body) =>
    reset.mutate(body, {
      onSuccess: () =>
        void navigate(href('auth.login'), {
          replace: true,
          state: { flash: 'Your password has been reset. Sign in with the new password.' },
        }),
      onError: form.handleServerError,
    }),
  );

  // The token comes from the emailed link, not from an input: its problems are told here.
  const linkBroken = !PasswordResetBodySchema.shape.token.safeParse(token).success;
  const tokenError = form.errors.token;

  return (
    <AuthCard title="Choose a new password" description="Resetting your password signs you out everywhere.">
      {(linkBroken || tokenError) && (
        <Alert color="red" variant="light" role="alert">
          {linkBroken ? 'This reset link is incomplete. Open the link from the email again.' : tokenError}{' '}
          <Anchor component={Link} to={href('auth.password-request')}>
            Request a new link
          </Anchor>
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput {...form.field('email')} label="Email" type="email" autoComplete="username" required />
          <PasswordInput
            {...form.field('password')}
            label="New password"
            description="At least 8 characters. A longer passphrase is stronger."
            autoComplete="new-password"
            required
          />
          <PasswordInput {...form.field('password_confirmation')} label="Confirm new password" autoComplete="new-password" required />
          <Button type="submit" loading={reset.isPending} fullWidth>
            Reset password
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={href('auth.login')} size="sm" ta="center">
        Back to sign in
      </Anchor>
    </AuthCard>
  );
}
