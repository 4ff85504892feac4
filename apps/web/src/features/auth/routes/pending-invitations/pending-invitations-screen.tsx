import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@/lib/modals';
import type { Invitation } from '@merchant/identity';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { joinedLanding, signedInLanding } from '@/app/guards';
import { href } from '@/app/route-table';
import { notifySuccess } from '@/lib/notify';
import { userQuery } from '@/lib/session';
import { pendingInvitationsQuery, useAcceptInvitation, useDeclineInvitation } from '@/features/auth/api/auth-api';
import { AuthCard } from '@/features/auth/components/auth-card';
import { formatLocalDateTime } from '@/lib/format';

export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitations = useQuery(pendingInvitationsQuery);
  const user = useQuery(userQuery).data;
  // Owned here, not by each card: the list empties while an accept finishes, and the screen still has to land
  // on the business that was joined.
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();

  const onAccept = (invitation: Invitation) =>
    accept.mutate(invitation.id, {
      onSuccess: ({ business_id }) => {
        notifySuccess(`You joined ${invitation.business.name}.`);
        // The mutation refetched the user before this runs.
        void navigate(joinedLanding(queryClient.getQueryData(userQuery.queryKey), business_id), { replace: true });
      },
    });

  const onDecline = (invitation: Invitation) =>
    modals.openConfirmModal({
      title: `Decline the invitation to ${invitation.business.name}?`,
      children: <Text size="sm">You will not join the business. They can invite you again later.</Text>,
      labels: { confirm: 'Decline invitation', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        decline.mutate(invitation.id, {
          onSuccess: () => notifySuccess(`Invitation to ${invitation.business.name} declined.`),
        }),
    });

  if (invitations.isPending) {
    return (
      <AuthCard title="Pending invitations">
        <Center py="lg">
          <Loader size="sm" role="status" aria-label="Loading invitations" />
        </Center>
      </AuthCard>
    );
  }
  if (invitations.isError) {
    return (
      <AuthCard title="Pending invitations">
        <Alert color="red" variant="light" role="alert">
          Your invitations could not be loaded.
        </Alert>
        <Button onClick={() => void invitations.refetch()} loading={invitations.isFetching}>
          Try again
        </Button>
      </AuthCard>
    );
  }
  // None left (or none to begin with): where signing in lands (the one business, or the chooser with several), unless
  // an accept is about to land on its business.
  // A decline refetches the list and the user together: wait for both, so the guards read the user without it.
  if (invitations.data.length === 0 && !accept.isPending && !accept.isSuccess && !decline.isPending) {
    return <Navigate to={user ? signedInLanding(user) : href('auth.choose-business')} replace />;
  }

  const busy = accept.isPending || decline.isPending;
  return (
    <AuthCard title="Pending invitations" description="You have been invited to join these businesses." size="md">
      <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {invitations.data.map((invitation) => (
          <li key={invitation.id}>
            <InvitationCard
              invitation={invitation}
              accepting={accept.isPending && accept.variables === invitation.id}
              declining={decline.isPending && decline.variables === invitation.id}
              disabled={busy}
              onAccept={() => onAccept(invitation)}
              onDecline={() => onDecline(invitation)}
            />
          </li>
        ))}
      </Stack>
    </AuthCard>
  );
}

interface InvitationCardProps {
  invitation: Invitation;
  accepting: boolean;
  declining: boolean;
  disabled: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

function InvitationCard({ invitation, accepting, declining, disabled, onAccept, onDecline }: InvitationCardProps) {
  const headingId = `invitation-${invitation.id}`;
  return (
    <Card withBorder radius="md" padding="md" aria-labelledby={headingId} component="section">
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {invitation.business.name}
        </Title>
        <Text size="sm">
          Role: <strong>{invitation.role.title}</strong>
          {invitation.invited_by && <> · Invited by {invitation.invited_by}</>}
        </Text>
        <Text size="sm" c="dimmed">
          Expires {formatLocalDateTime(invitation.expires_at)}
        </Text>
        <Group gap="sm" mt="xs" grow>
          <Button onClick={onAccept} loading={accepting} disabled={disabled && !accepting} aria-describedby={headingId}>
            Accept
          </Button>
          <Button variant="default" onClick={onDecline} loading={declining} disabled={disabled && !declining} aria-describedby={headingId}>
            Decline
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
