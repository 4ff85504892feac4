import { Alert, Badge, Button, Center, Group, Loader, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@/lib/modals';
import { RevokeOtherSessionsBodySchema, type SessionInfoSchema } from '@merchant/identity';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { DataList } from '@/components/data-list';
import { useZodForm } from '@/components/form/use-zod-form';
import { notifySuccess } from '@/lib/notify';
import { activeSessionsQuery, useRevokeOtherSessions, useRevokeSession } from '../api/user-settings-api';
import { SettingsSection } from './settings-section';
import { describeAddress, describeUserAgent } from '@merchant/core';
import { formatLocalDateTime } from '@/lib/format';

type SessionInfo = z.infer<typeof SessionInfoSchema>;

export function SessionsSection() {
  const sessions = useQuery(activeSessionsQuery);
  const [revokeOpen, revokeModal] = useDisclosure(false);
  // Owned here, not by the row: the row is gone once the list refetches, and the message must still show.
  const revoke = useRevokeSession();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <SettingsSection title="Active sessions" description="Devices signed in to your account. Sign out any you do not recognise.">
      {sessions.isPending && (
        <Center py="lg">
          <Loader size="sm" role="status" aria-label="Loading sessions" />
        </Center>
      )}
      {sessions.isError && (
        <Alert color="red" variant="light" role="alert">
          Your sessions could not be loaded.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {sessions.isSuccess && (
        <DataList
          label="Sessions"
          rows={sessions.data}
          rowKey={(session) => session.id}
          minWidth={560}
          striped={false}
          columns={[
            {
              header: 'Device',
              card: 'title',
              cell: (session) => <span title={session.user_agent ?? undefined}>{describeUserAgent(session.user_agent)}</span>,
            },
            {
              header: 'This device',
              card: 'status',
              nowrap: true,
              cell: (session) =>
                session.current ? (
                  <Badge color="green" variant="light">
                    This device
                  </Badge>
                ) : (
                  ''
                ),
            },
            {
              header: 'Where',
              card: 'secondary',
              cell: (session) => (
                <Text span inherit title={session.ip ?? undefined}>
                  {describeAddress(session.ip)}
                </Text>
              ),
            },
            {
              header: 'Last active',
              nowrap: true,
              cell: (session) => <time dateTime={session.last_active_at}>{formatLocalDateTime(session.last_active_at)}</time>,
            },
            {
              header: 'Actions',
              card: 'actions',
              align: 'right',
              cell: (session) =>
                session.current ? (
                  ''
                ) : (
                  <SignOutButton
                    session={session}
                    signingOut={revoke.isPending && revoke.variables === session.id}
                    onSignOut={(device) => revoke.mutate(session.id, { onSuccess: () => notifySuccess(`${device} was signed out.`) })}
                  />
                ),
            },
          ]}
        />
      )}
      {others > 0 && (
        <Group justify="flex-end">
          <Button variant="default" onClick={revokeModal.open}>
            Sign out of other sessions
          </Button>
        </Group>
      )}
      <Modal opened={revokeOpen} onClose={revokeModal.close} title="Sign out of other sessions">
        <RevokeOthersForm onDone={revokeModal.close} />
      </Modal>
    </SettingsSection>
  );
}

interface SessionRowProps {
  session: SessionInfo;
  signingOut: boolean;
  onSignOut: (device: string) => void;
}

function SignOutButton({ session, signingOut, onSignOut }: SessionRowProps) {
  const device = describeUserAgent(session.user_agent);

  const confirmSignOut = () =>
    modals.openConfirmModal({
      title: 'Sign out this session?',
      children: (
        <Text size="sm">
          {device} ({describeAddress(session.ip)}) will need to sign in again.
        </Text>
      ),
      labels: { confirm: 'Sign out', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => onSignOut(device),
    });

  return (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      onClick={confirmSignOut}
      loading={signingOut}
      aria-label={`Sign out ${device}, ${describeAddress(session.ip)}`}
    >
      Sign out
    </Button>
  );
}

function RevokeOthersForm({ onDone }: { onDone: () => void }) {
  const revokeOthers = useRevokeOtherSessions();
  const form = useZodForm(RevokeOtherSessionsBodySchema, { password: '' });
  const submit = form.onSubmit((body) =>
    revokeOthers.mutate(body, {
      onSuccess: ({ revoked }) => {
        notifySuccess(revoked === 1 ? 'Signed out of 1 other session.' : `Signed out of ${revoked} other sessions.`);
        onDone();
      },
      onError: form.handleServerError,
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">Every device except this one will need to sign in again.</Text>
        <PasswordInput {...form.field('password')} label="Current password" autoComplete="current-password" data-autofocus required />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={revokeOthers.isPending}>
            Sign out other sessions
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
