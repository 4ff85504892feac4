import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatLocalDate } from '@merchant/core';
import { partnerEndpoints, type BusinessPartner } from '@merchant/business';
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
 * Business partners (payments settings): the partners linked to the business, what they can see of it, and ending
 * a link (confirmed; the server audits it and mails both sides).
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

  if (query.isError) return <ErrorState message="The partners could not be loaded." onRetry={() => void query.refetch()} />;
  if (!query.data || !business.data) return <LoadingScreen />;
  const zone = business.data.time_zone;
  const { partners, partner_sees } = query.data;

  const confirmEnd = (p: BusinessPartner) =>
    modals.openConfirmModal({
      title: `End the link with ${p.partner_name}?`,
      children: (
        <Text size="sm">
          {p.partner_name} will no longer see your business or earn on your payments. Both of you get an email. A new link needs a new referral.
        </Text>
      ),
      labels: { confirm: 'End link', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => end.mutate(p.link_id),
    });

  return (
    <PageFrame title="Business partners" description="Partners who referred your business, the platforms it is linked to, and what they can see.">
      <PlatformsSection businessId={businessId} zone={zone} />
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
        <EmptyState title="No partners" description="A partner is linked when you sign up through their referral link." />
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
              { header: 'How', cell: () => 'Referral link', card: 'meta' },
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
