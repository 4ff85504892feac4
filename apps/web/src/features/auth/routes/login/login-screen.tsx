import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { href } from '@/app/route-table';
import { signedInLanding } from '@/app/guards';
import { useZodForm } from '@/components/form/use-zod-form';
import { useLogin } from '@/features/auth/api/login-api';
import { AuthCard } from '@/features/auth/components/auth-card';
import { readLoginState } from '@/features/auth/components/flash';

/** The form's checks load on its first input (or submit): the screen paints without a schema library. */
const loginBody = () => import('./login-fields').then((fields) => fields.LoginBodySchema);

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const { flash, from } = readLoginState(location.state, location.search);
  const login = useLogin();
  const form = useZodForm(loginBody, { email: '', password: '' });

  const submit = form.onSubmit((body) =>
    login.mutate(body, {
      onSuccess: (answer) => {
        if (answer.status === 'two_factor_required') {
          void navigate(href('auth.checkpoint'), { state: from ? { from } : undefined });
          return;
        }
        void navigate(from ?? signedInLanding(answer.user), { replace: true });
      },
      onError: form.handleServerError,
    }),
  );

  return (
    <AuthCard title="Sign in" description="Sign in to your merchant dashboard.">
      {flash && (
        <Alert color="blue" variant="light" role="status">
          {flash}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput {...form.field('email')} label="Email" type="email" autoComplete="username" required />
          <PasswordInput {...form.field('password')} label="Password" autoComplete="current-password" required />
          <Group justify="flex-end">
            <Anchor component={Link} to={href('auth.password-request')} size="sm">
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
      <Stack gap={4} align="center">
        <Text size="sm">
          New here?{' '}
          <Anchor component={Link} to={href('auth.register')}>
            Create an account
          </Anchor>
        </Text>
        <Text size="sm">
          Referring merchants?{' '}
          <Anchor component={Link} to={href('auth.register-partner')}>
            Register as a partner
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
