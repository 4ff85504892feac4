import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatLocalDate } from '@merchant/core';
import { partnerEndpoints, type BusinessPartner, type MerchantPartnerInvitation } from '@merchant/business';
import { DataList } from '@/components/data-list';
import { StatusBadge } from '@/components/status-badge';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { call } from '@/lib/api-client';
import { modals } from '@/lib/modals';
import { notifySuccess } from '@/lib/notify';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';
import { useBusiness } from '@/lib/session';
import { PlatformsSection } from '../../components/platforms-section';

/**
 * Business partners (payments settings): the partners linked to the business, what they can see of it, ending a link
 * (confirmed; the server audits it and mails both sides), and partners' pending invitations to accept or decline.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const params = { business_id: businessId };
  const business = useBusiness(businessId);
  const client = useQueryClient();
  const query = useQuery(endpointQuery(partnerEndpoints.businessPartners, { params }));
  const end = useMutation({
    mutationFn: (linkId: string) => call(partnerEndpoints.endLink, { params: { ...params, link_id: linkId }, body: { confirm: true } }),
    onSuccess: (link) => {
      notifySuccess(`The link with ${link.partner_name} has ended.`);
      return invalidateEndpoints(client, [endpointScope(partnerEndpoints.businessPartners, { params })]);
    },
  });

  const answer = useMutation({
    mutationFn: ({ invitation, accept }: { invitation: MerchantPartnerInvitation; accept: boolean }) =>
      call(accept ? partnerEndpoints.acceptInvitation : partnerEndpoints.declineInvitation, {
        params: { ...params, invitation_id: invitation.invitation_id },
        body: { confirm: true },
      }),
    onSuccess: (_answer, { invitation, accept }) => {
      notifySuccess(accept ? `Your business is now linked to ${invitation.partner_name}.` : `The invitation of ${invitation.partner_name} was declined.`);
      return invalidateEndpoints(client, [endpointScope(partnerEndpoints.businessPartners, { params })]);
    },
  });

  if (query.isError) return <ErrorState message="The partners could not be loaded." onRetry={() => void query.refetch()} />;
  if (!query.data || !business.data) return <LoadingScreen />;
  const zone = business.data.time_zone;
  const { partners, invitations, partner_sees } = query.data;

  const confirmAnswer = (invitation: MerchantPartnerInvitation, accept: boolean) =>
    modals.openConfirmModal({
      title: accept ? `Link your business to ${invitation.partner_name}?` : `Decline the invitation of ${invitation.partner_name}?`,
      children: (
        <Text size="sm">
          {accept
            ? `${invitation.partner_name} will see what is listed under "What a partner can see" and earn a commission on your fees from now on. You can end the link at any time.`
            : `${invitation.partner_name} will see that its invitation was declined, and nothing else of your business.`}
        </Text>
      ),
      labels: { confirm: accept ? 'Accept and link' : 'Decline invitation', cancel: 'Not now' },
      confirmProps: accept ? {} : { color: 'red' },
      onConfirm: () => answer.mutate({ invitation, accept }),
    });

  const confirmEnd = (p: BusinessPartner) =>
    modals.openConfirmModal({
      title: `End the link with ${p.partner_name}?`,
      children: (
        <Text size="sm">
          {p.partner_name} will no longer see your business or earn on your payments. Both of you get an email. A new link needs a new referral or invitation.
        </Text>
      ),
      labels: { confirm: 'End link', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => end.mutate(p.link_id),
    });

  return (
    <PageFrame title="Business partners" description="Partners who referred or invited your business, the platforms it is linked to, and what they can see.">
      <PlatformsSection businessId={businessId} zone={zone} />
      {invitations.length > 0 ? (
        <DataList
          label="Partner invitations"
          rows={invitations}
          rowKey={(i) => i.invitation_id}
          columns={[
            { header: 'Partner', cell: (i) => i.partner_name, card: 'title' },
            { header: 'Sent to', cell: (i) => i.email, card: 'secondary' },
            { header: 'Invited on', cell: (i) => formatLocalDate(i.invited_at, zone), card: 'meta', nowrap: true },
            { header: 'Expires on', cell: (i) => formatLocalDate(i.expires_at, zone), card: 'meta', nowrap: true },
            {
              header: 'Actions',
              cell: (i) => {
                const busy = answer.isPending && answer.variables.invitation.invitation_id === i.invitation_id;
                return (
                  <Group gap="xs" wrap="wrap">
                    <Button size="xs" onClick={() => confirmAnswer(i, true)} loading={busy && answer.variables.accept}>
                      Accept invitation of {i.partner_name}
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => confirmAnswer(i, false)} loading={busy && !answer.variables.accept}>
                      Decline invitation of {i.partner_name}
                    </Button>
                  </Group>
                );
              },
              card: 'actions',
            },
          ]}
        />
      ) : null}
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="partner-sees-title">
        <Title order={2} size="h4" id="partner-sees-title" mb="xs">
          What a partner can see
        </Title>
        <List size="sm" spacing={4}>
          {partner_sees.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed" mt="xs">
          Never your customers, your payments one by one, your balances or your settings.
        </Text>
      </Card>
      {partners.length === 0 ? (
        <EmptyState title="No partners" description="A partner is linked when you sign up through their referral link or accept their invitation." />
      ) : (
        <Stack gap="xs">
          <DataList
            label="Partners"
            rows={partners}
            rowKey={(p) => p.link_id}
            columns={[
              { header: 'Partner', cell: (p) => p.partner_name, card: 'title' },
              {
                header: 'Status',
                cell: (p) => <StatusBadge kind="partnerLink" status={p.status} />,
                card: 'status',
                nowrap: true,
              },
              { header: 'How', cell: (p) => (p.source === 'invitation' ? 'Invitation' : 'Referral link'), card: 'meta' },
              { header: 'Linked on', cell: (p) => formatLocalDate(p.linked_at, zone), card: 'meta', nowrap: true },
              { header: 'Ended on', cell: (p) => formatLocalDate(p.ended_at, zone), card: 'meta', nowrap: true, hideWhenEmpty: true },
              {
                header: 'Actions',
                cell: (p) =>
                  p.status === 'active' ? (
                    <Button size="xs" variant="light" color="red" onClick={() => confirmEnd(p)} loading={end.isPending && end.variables === p.link_id}>
                      End link with {p.partner_name}
                    </Button>
                  ) : null,
                card: 'actions',
              },
            ]}
          />
        </Stack>
      )}
    </PageFrame>
  );
}
