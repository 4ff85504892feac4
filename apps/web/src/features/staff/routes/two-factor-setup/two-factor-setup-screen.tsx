import { useState } from 'react';
import { Alert, Button, Code, Container, Group, Image, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmTwoFactorBodySchema, StartTwoFactorBodySchema, userEndpoints } from '@merchant/identity';
import { businessLanding } from '../../../../app/guards';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { LoadingScreen } from '../../../../components/loading-screen';
import { call } from '../../../../lib/api-client';
import { businessQuery, sessionKeys, useSignedInUser } from '../../../../lib/session';

type Setup = Awaited<ReturnType<typeof call<typeof userEndpoints.startTwoFactor>>>;

/**
 * The spec's "two-factor setup for staff": a business that requires two-factor sends members without it here.
 * It uses the account's own two-factor API; once on, the business opens.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const user = useSignedInUser();
  const business = useQuery({ ...businessQuery(businessId), meta: { silent: true } });
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (!business.data) return business.isError ? <Navigate to="/not-found" replace /> : <LoadingScreen />;
  if (user.two_factor_enabled && !codes) return <Navigate to={businessLanding(business.data)} replace />;

  return (
    <Container size={560} py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            Set up two-factor authentication
          </Title>
          <Text c="dimmed" size="sm">
            {business.data.name} requires two-factor authentication for all staff. Turn it on for your account to continue.
          </Text>
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          {codes ? (
            <Done codes={codes} businessId={businessId} />
          ) : setup ? (
            <Confirm setup={setup} onDone={setCodes} />
          ) : (
            <Start onStarted={setSetup} />
          )}
        </Paper>
      </Stack>
    </Container>
  );
}

function Start({ onStarted }: { onStarted: (s: Setup) => void }) {
  const start = useMutation({ meta: { silent: true }, mutationFn: (password: string) => call(userEndpoints.startTwoFactor, { body: { password } }) });
  const form = useZodForm(StartTwoFactorBodySchema, { password: '' });
  const submit = form.onSubmit((body) => start.mutate(body.password, { onSuccess: onStarted, onError: form.handleServerError }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput {...form.field('password')} label="Current password" autoComplete="current-password" required autoFocus />
        <Group justify="flex-end">
          <Button type="submit" loading={start.isPending}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Confirm({ setup, onDone }: { setup: Setup; onDone: (codes: string[]) => void }) {
  const confirm = useMutation({ meta: { silent: true }, mutationFn: (code: string) => call(userEndpoints.confirmTwoFactor, { body: { code } }) });
  const form = useZodForm(ConfirmTwoFactorBodySchema, { code: '' });
  const submit = form.onSubmit((body) =>
    confirm.mutate(body.code, { onSuccess: ({ recovery_codes }) => onDone(recovery_codes), onError: form.handleServerError }),
  );
  return (
    <Stack gap="md">
      <Text size="sm">1. Scan this QR code with your authenticator app.</Text>
      <Image src={setup.qr_code} alt="QR code for your authenticator app" w={200} h={200} fit="contain" bg="white" p="xs" radius="sm" />
      <Text size="sm">
        Cannot scan it? Enter this key: <Code style={{ overflowWrap: 'anywhere' }}>{setup.secret}</Code>
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput {...form.field('code')} label="2. Enter the 6-digit code the app shows" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
          <Group justify="flex-end">
            <Button type="submit" loading={confirm.isPending}>
              Turn on two-factor authentication
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function Done({ codes, businessId }: { codes: string[]; businessId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const proceed = async () => {
    await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
    await queryClient.invalidateQueries({ queryKey: sessionKeys.business(businessId) });
    const business = await queryClient.fetchQuery(businessQuery(businessId));
    void navigate(businessLanding(business));
  };
  return (
    <Stack gap="md">
      <Alert color="green" title="Two-factor authentication is on">
        Keep these recovery codes somewhere safe. Each works once if you lose your phone. They are not shown again.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" aria-label="Recovery codes">
        {codes.map((c) => (
          <Code key={c} fz="sm">
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button onClick={() => void proceed()}>Continue to the business</Button>
      </Group>
    </Stack>
  );
}
