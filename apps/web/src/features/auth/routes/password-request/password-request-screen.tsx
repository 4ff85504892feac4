import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { PasswordResetRequestBodySchema } from '@merchant/identity';
import { Link } from 'react-router';
import { href } from '@/app/route-table';
import { useZodForm } from '@/components/form/use-zod-form';
import { useRequestPasswordReset } from '@/features/auth/api/auth-api';
import { AuthCard } from '@/features/auth/components/auth-card';

export function Component() {
  const request = useRequestPasswordReset();
  const form = useZodForm(PasswordResetRequestBodySchema, { email: '' });
  const submit = form.onSubmit((body) => request.mutate(body, { onError: form.handleServerError }));

  return (
    <AuthCard title="Reset your password" description="Enter the email you sign in with and we will send you a link to set a new password.">
      <div aria-live="polite">
        {request.isSuccess && (
          <Alert color="green" variant="light">
            {request.data.message}
          </Alert>
        )}
      </div>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput {...form.field('email')} label="Email" type="email" autoComplete="email" required />
          <Button type="submit" loading={request.isPending} fullWidth>
            {request.isSuccess ? 'Send the link again' : 'Send reset link'}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={href('auth.login')} size="sm" ta="center">
        Back to sign in
      </Anchor>
    </AuthCard>
  );
}
