import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatLocalDate, formatMoneyWithCode } from '@merchant/core';
import { InvitePartnerMerchantBodySchema, PARTNER_INVITATION_DAYS, partnerEndpoints, type LinkedBusiness, type PartnerInvitation } from '@merchant/business';
import { useZodForm } from '@/components/form/use-zod-form';
import { call } from '@/lib/api-client';
import { modals } from '@/lib/modals';
import { notifySuccess } from '@/lib/notify';
import { endpointScope, invalidateEndpoints } from '@/lib/queries';
import { DataList } from '@/components/data-list';
import { StatusBadge } from '@/components/status-badge';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { endpointQuery } from '@/lib/queries';
import { PageFrame } from '@/components/page-frame';
import { canChange, useBusiness } from '@/lib/session';

const volumeText = (b: LinkedBusiness) =>
  b.volume.length === 0 ? 'No payments yet' : b.volume.map((v) => `${formatMoneyWithCode(v.amount, v.currency)} (${v.count})`).join(', ');

/**
 * The partner's linked businesses (each one's verification state and payment volume while linked, as totals only),
 * and its invitations of existing merchants: sent by an owner's email, listed with their status, revocable while pending.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const query = useQuery(endpointQuery(partnerEndpoints.linkedBusinesses, { params: { business_id: businessId } }));

  if (query.isError) return <ErrorState message="The linked businesses could not be loaded." onRetry={() => void query.refetch()} />;
  if (!query.data || !business.data) return <LoadingScreen />;
  const zone = business.data.time_zone;
  const rows = query.data.businesses;

  return (
    <PageFrame
      title="Linked businesses"
      description="Businesses that signed up through your referral link or accepted your invitation. You see their state and totals, never their customers or payments."
    >
      {rows.length === 0 ? (
        <EmptyState
          title="No linked businesses yet"
          description="Share your referral link from the overview, or invite a business that already uses the product: those that link appear here."
        />
      ) : (
        <DataList
          label="Linked businesses"
          rows={rows}
          rowKey={(b) => b.link_id}
          columns={[
            { header: 'Business', cell: (b) => b.name, card: 'title' },
            {
              header: 'Verification',
              cell: (b) => <StatusBadge kind="linkedOnboarding" status={b.onboarding_status} />,
              card: 'status',
              nowrap: true,
            },
            { header: 'Volume while linked', cell: (b) => <Text size="sm">{volumeText(b)}</Text>, card: 'secondary' },
            { header: 'Linked on', cell: (b) => formatLocalDate(b.linked_at, zone), card: 'meta', nowrap: true },
            { header: 'Link', cell: (b) => (b.status === 'active' ? 'Linked' : `Ended ${formatLocalDate(b.ended_at, zone)}`), card: 'meta' },
          ]}
        />
      )}
      {canChange(business.data, 'settings:manage') ? <Invitations businessId={businessId} zone={zone} /> : null}
    </PageFrame>
  );
}

function Invitations({ businessId, zone }: { businessId: string; zone: string }) {
  const params = { business_id: businessId };
  const client = useQueryClient();
  const list = useQuery(endpointQuery(partnerEndpoints.invitations, { params }));
  const form = useZodForm(InvitePartnerMerchantBodySchema, { email: '' });
  const refresh = () => invalidateEndpoints(client, [endpointScope(partnerEndpoints.invitations, { params })]);
  const invite = useMutation({
    // The form says what went wrong (on the email, or in a snackbar when no field is named): not twice.
    meta: { silent: true },
    mutationFn: (body: { email: string }) => call(partnerEndpoints.invite, { params, body }),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => call(partnerEndpoints.revokeInvitation, { params: { ...params, invitation_id: id } }),
    onSuccess: (invitation) => {
      notifySuccess(`The invitation of ${invitation.email} was revoked.`);
      return refresh();
    },
  });
  const submit = form.onSubmit((body) =>
    invite.mutate(body, {
      onSuccess: (invitation) => {
        notifySuccess(`Invitation sent to ${invitation.email}, if it is the email of a business owner.`);
        form.reset();
        void refresh();
      },
      onError: form.handleServerError,
    }),
  );
  const confirmRevoke = (i: PartnerInvitation) =>
    modals.openConfirmModal({
      title: `Revoke the invitation of ${i.email}?`,
      children: <Text size="sm">It can no longer be accepted. You can invite the email again later.</Text>,
      labels: { confirm: 'Revoke invitation', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(i.id),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="partner-invitations-title">
      <Title order={2} size="h4" id="partner-invitations-title">
        Invite a business
      </Title>
      <Card withBorder radius="md" padding="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Invite a business that already uses the product by the email of one of its owners. They accept or decline under Business partners; the invitation
              works for {PARTNER_INVITATION_DAYS} days. You are not told whether the email belongs to a business until it answers.
            </Text>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput {...form.field('email')} type="email" label="Owner's email" autoComplete="off" required style={{ flex: '1 1 240px' }} />
              <Button type="submit" loading={invite.isPending}>
                Send invitation
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {list.isError ? (
        <ErrorState message="The invitations could not be loaded." onRetry={() => void list.refetch()} />
      ) : !list.data ? null : list.data.invitations.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invitations sent yet.
        </Text>
      ) : (
        <DataList
          label="Invitations"
          rows={list.data.invitations}
          rowKey={(i) => i.id}
          columns={[
            { header: 'Email', cell: (i) => i.email, card: 'title' },
            { header: 'Status', cell: (i) => <StatusBadge kind="partnerInvitation" status={i.status} />, card: 'status', nowrap: true },
            { header: 'Business', cell: (i) => i.business_name ?? '', card: 'secondary', hideWhenEmpty: true },
            { header: 'Sent on', cell: (i) => formatLocalDate(i.invited_at, zone), card: 'meta', nowrap: true },
            {
              header: 'Expires on',
              cell: (i) => (i.status === 'pending' ? formatLocalDate(i.expires_at, zone) : ''),
              card: 'meta',
              nowrap: true,
              hideWhenEmpty: true,
            },
            {
              header: 'Actions',
              cell: (i) =>
                i.status === 'pending' ? (
                  <Button size="xs" variant="light" color="red" onClick={() => confirmRevoke(i)} loading={revoke.isPending && revoke.variables === i.id}>
                    Revoke invitation of {i.email}
                  </Button>
                ) : null,
              card: 'actions',
            },
          ]}
        />
      )}
    </Stack>
  );
}
