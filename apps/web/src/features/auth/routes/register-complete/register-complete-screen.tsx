import { Alert, Anchor, Button, Center, Loader, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { RegisterCompleteBodySchema } from '@merchant/identity';
import { Fact } from '@/components/fact';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { joinedLanding } from '@/app/guards';
import { href } from '@/app/route-table';
import { useZodForm } from '@/components/form/use-zod-form';
import { invitationPreviewQuery, useRegisterComplete } from '@/features/auth/api/auth-api';
import { AuthCard } from '@/features/auth/components/auth-card';
import { formatLocalDateTime } from '@/lib/format';

export function Component() {
  const { hash = '' } = useParams();
  const preview = useQuery(invitationPreviewQuery(hash));

  if (preview.isPending) {
    return (
      <AuthCard title="Join a business">
        <Center py="lg" aria-live="polite">
          <Loader size="sm" role="status" aria-label="Loading the invitation" />
        </Center>
      </AuthCard>
    );
  }

  if (preview.isError) {
    const invalid = preview.error instanceof ApiError && (preview.error.status === 404 || preview.error.status === 422);
    return (
      <AuthCard title="Join a business">
        <Alert color="red" variant="light" role="alert" title={invalid ? 'This invitation cannot be used' : 'The invitation could not be loaded'}>
          {invalid ? 'The link is invalid, has expired, or was already used. Ask the business to send you a new invitation.' : errorMessage(preview.error)}
        </Alert>
        <Anchor component={Link} to={href('auth.login')} size="sm" ta="center">
          Go to sign in
        </Anchor>
      </AuthCard>
    );
  }

  const invitation = preview.data;
  const details = (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Invitation">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label="Business">{invitation.business_name}</Fact>
        <Fact label="Role">{invitation.role.title}</Fact>
        <Fact label="Email">{invitation.email}</Fact>
        <Fact label="Expires">{formatLocalDateTime(invitation.expires_at)}</Fact>
      </SimpleGrid>
    </Paper>
  );

  if (invitation.user_exists) {
    return (
      <AuthCard title={`Join ${invitation.business_name}`}>
        {details}
        <Alert color="blue" variant="light">
          You already have an account with {invitation.email}. Sign in, and accept the invitation on your pending invitations.
        </Alert>
        <Button component={Link} to={href('auth.login')} fullWidth>
          Sign in to accept
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={`Join ${invitation.business_name}`} description="Create your account to accept the invitation.">
      {details}
      <RegisterCompleteForm hash={hash} />
    </AuthCard>
  );
}

function RegisterCompleteForm({ hash }: { hash: string }) {
  const navigate = useNavigate();
  const complete = useRegisterComplete(hash);
  const form = useZodForm(RegisterCompleteBodySchema, { name: '', password: '' });
  const submit = form.onSubmit((body) =>
    complete.mutate(body, {
      // The business joined, on the first screen the role can use (the rule of signing in and of accepting an invitation).
      onSuccess: ({ user, business_id }) => void navigate(joinedLanding(user, business_id), { replace: true }),
      onError: form.handleServerError,
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput {...form.field('name')} label="Your name" autoComplete="name" required />
        <PasswordInput
          {...form.field('password')}
          label="Password"
          description="At least 8 characters. A longer passphrase is stronger."
          autoComplete="new-password"
          required
        />
        <Button type="submit" loading={complete.isPending} fullWidth>
          Create account and join
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          You will sign in with the email the invitation was sent to.
        </Text>
      </Stack>
    </form>
  );
}
