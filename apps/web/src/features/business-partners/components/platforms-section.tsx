import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatLocalDate } from '@merchant/core';
import { platformAccountEndpoints as endpoints, type LinkedPlatform } from '@merchant/payments';
import { DataList } from '@/components/data-list';
import { StatusBadge } from '@/components/status-badge';
import { call } from '@/lib/api-client';
import { modals } from '@/lib/modals';
import { notifySuccess, notifyError } from '@/lib/notify';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

type Answer = 'accept' | 'decline' | 'end';

/**
 * The platforms linked to the business and the invitations waiting for its owner (docs/developers.md, "Platform
 * accounts"): accept or decline (owners and admins, as the screen), and end a link (confirmed, mailed to both owners).
 */
export function PlatformsSection({ businessId, zone }: { businessId: string; zone: string }) {
  const params = { business_id: businessId };
  const client = useQueryClient();
  const query = useQuery(endpointQuery(endpoints.platforms, { params }));
  const answer = useMutation({
    mutationFn: ({ link, what }: { link: LinkedPlatform; what: Answer }) => {
      const at = { params: { ...params, link_id: link.link_id } };
      if (what === 'accept') return call(endpoints.accept, at);
      if (what === 'decline') return call(endpoints.decline, at);
      return call(endpoints.endByBusiness, { ...at, body: { confirm: true } });
    },
    onSuccess: (link, { what }) => {
      notifySuccess(
        what === 'accept'
          ? `${link.platform_name} is now linked.`
          : what === 'decline'
            ? `Invitation of ${link.platform_name} declined.`
            : `The link with ${link.platform_name} has ended.`,
      );
      return invalidateEndpoints(client, [endpointScope(endpoints.platforms, { params })]);
    },
    onError: notifyError,
  });

  if (!query.data) return null;
  const { platforms, platform_may } = query.data;
  if (platforms.length === 0) return null;
  const busy = (link: LinkedPlatform, what: Answer) => answer.isPending && answer.variables?.link.link_id === link.link_id && answer.variables.what === what;

  const confirmEnd = (link: LinkedPlatform) =>
    modals.openConfirmModal({
      title: `End the link with ${link.platform_name}?`,
      children: (
        <Text size="sm">{link.platform_name} will no longer create payment requests for your business or take a fee of them. Both of you get an email.</Text>
      ),
      labels: { confirm: 'End link', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => answer.mutate({ link, what: 'end' }),
    });

  const actions = (link: LinkedPlatform) => {
    if (link.status === 'active')
      return (
        <Button size="xs" variant="light" color="red" onClick={() => confirmEnd(link)} loading={busy(link, 'end')}>
          End link with {link.platform_name}
        </Button>
      );
    if (link.status !== 'pending') return null;
    return (
      <Group gap="xs" wrap="wrap">
        <Button size="xs" onClick={() => answer.mutate({ link, what: 'accept' })} loading={busy(link, 'accept')}>
          Accept {link.platform_name}
        </Button>
        <Button size="xs" variant="default" onClick={() => answer.mutate({ link, what: 'decline' })} loading={busy(link, 'decline')}>
          Decline {link.platform_name}
        </Button>
      </Group>
    );
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="platforms-title">
      <Title order={2} size="h4" id="platforms-title">
        Platforms
      </Title>
      <Text size="sm">A platform you link to may:</Text>
      <List size="sm" spacing={4}>
        {platform_may.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <DataList
        label="Platforms"
        rows={platforms}
        rowKey={(p) => p.link_id}
        columns={[
          { header: 'Platform', cell: (p) => p.platform_name, card: 'title' },
          { header: 'Status', cell: (p) => <StatusBadge kind="platformLink" status={p.status} />, card: 'status', nowrap: true },
          { header: 'Invited on', cell: (p) => formatLocalDate(p.invited_at, zone), card: 'meta', nowrap: true },
          { header: 'Linked on', cell: (p) => formatLocalDate(p.linked_at, zone), card: 'meta', nowrap: true, hideWhenEmpty: true },
          { header: 'Actions', cell: actions, card: 'actions' },
        ]}
      />
    </Stack>
  );
}
