import { Button, Group, Select, Skeleton, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { modals } from '@/lib/modals';
import { IconMail, IconSearch, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useUrlParams } from '@/lib/use-url-params';
import { ROLE_TITLES, ROLES } from '@merchant/core';
import type { BusinessUser, Invitation } from '@merchant/business';
import { href } from '@/app/route-table';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageFrame } from '@/components/page-frame';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness, useBusinessTimeZone } from '@/lib/session';
import { invitationsQuery, membersQuery, useResendInvitation, useRevokeInvitation } from '@/features/staff/api/staff-api';
import { roleOptions, useStaffRoutes } from '@/features/staff/components/staff-routes';
import { QueryStatus } from '@/components/query-status';
import { DataList } from '@/components/data-list';
import { StatusBadge } from '@/components/status-badge';
import { formatBusinessDateTime } from '@/lib/format';

const TABS = ['members', 'invitations'] as const;
type Tab = (typeof TABS)[number];

/** Staff of the business: members (search by name or email, filter by role) and pending invitations. List state lives in the URL. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const routes = useStaffRoutes();
  const { params: search, set: update } = useUrlParams();
  const tab: Tab = TABS.find((t) => t === search.get('tab')) ?? 'members';
  const canManage = canChange(business.data, 'staff:manage');

  return (
    <PageFrame
      title="Staff"
      description="The people who work in this business, their roles and their invitations."
      actions={
        canManage ? (
          <Button component={Link} to={href(routes.invite, { business_id: businessId })} leftSection={<IconMail size={16} aria-hidden />}>
            Invite staff
          </Button>
        ) : null
      }
    >
      <Tabs value={tab} onChange={(v) => update('tab', v === 'members' ? null : v)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="members">Members</Tabs.Tab>
          <Tabs.Tab value="invitations">Pending invitations</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="members" pt="md">
          <Members businessId={businessId} query={search.get('q') ?? ''} role={search.get('role')} onChange={update} detailRoute={routes.detail} />
        </Tabs.Panel>
        <Tabs.Panel value="invitations" pt="md">
          <Invitations businessId={businessId} canManage={canManage} />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}

function Members(props: {
  businessId: string;
  query: string;
  role: string | null;
  onChange: (key: string, value: string | null) => void;
  detailRoute: Parameters<typeof href>[0];
}) {
  const members = useQuery(membersQuery(props.businessId));
  const needle = props.query.trim().toLowerCase();
  const roleTitle = ROLES.find((r) => r === props.role);
  const shown = (members.data ?? []).filter(
    (m: BusinessUser) =>
      (!needle || m.name.toLowerCase().includes(needle) || m.email.toLowerCase().includes(needle)) && (!roleTitle || m.role.title === ROLE_TITLES[roleTitle]),
  );

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search staff"
          placeholder="Name or email"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={props.query}
          onChange={(e) => props.onChange('q', e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Role"
          placeholder="All roles"
          data={roleOptions(ROLES)}
          value={roleTitle ?? null}
          onChange={(v) => props.onChange('role', v)}
          clearable
          style={{ flex: '0 1 180px' }}
        />
      </Group>
      <QueryStatus query={members} loadingLabel="Loading staff" loading={<Skeleton h={160} aria-label="Loading staff" />} />
      {members.data && shown.length === 0 ? (
        <EmptyState
          icon={<IconUsers aria-hidden />}
          title={members.data.length === 0 ? 'No staff yet' : 'No staff match'}
          description={members.data.length === 0 ? 'Invite people to work in this business.' : 'Try another name, email or role.'}
        />
      ) : null}
      {shown.length > 0 ? (
        <DataList
          label="Staff members"
          rows={shown}
          rowKey={(m) => m.id}
          rowHref={(m) => href(props.detailRoute, { business_id: props.businessId, id: m.id })}
          minWidth={560}
          columns={[
            { header: 'Name', card: 'title', cell: (m) => m.name },
            { header: 'Email', card: 'secondary', cell: (m) => m.email },
            { header: 'Role', card: 'secondary', cell: (m) => m.role.title },
            { header: 'Status', card: 'status', nowrap: true, cell: (m) => <StatusBadge kind="member" status={m.status} /> },
          ]}
        />
      ) : null}
    </Stack>
  );
}

function Invitations({ businessId, canManage }: { businessId: string; canManage: boolean }) {
  const zone = useBusinessTimeZone(businessId);
  const invitations = useQuery(invitationsQuery(businessId));
  const resend = useResendInvitation(businessId);
  const revoke = useRevokeInvitation(businessId);

  const confirmRevoke = (invitation: Invitation) =>
    modals.openConfirmModal({
      title: 'Revoke invitation',
      children: <Text size="sm">The link mailed to {invitation.email} will stop working. You can invite them again later.</Text>,
      labels: { confirm: 'Revoke invitation', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(invitation.id, { onSuccess: () => notifySuccess(`The invitation of ${invitation.email} was revoked.`) }),
    });

  if (invitations.isPending) return <Skeleton h={120} aria-label="Loading invitations" />;
  if (invitations.isError) return <ErrorState message={errorMessage(invitations.error)} onRetry={() => void invitations.refetch()} />;
  if (invitations.data.length === 0) {
    return <EmptyState icon={<IconMail aria-hidden />} title="No pending invitations" description="Invitations you send show here until they are accepted." />;
  }
  return (
    <DataList
      label="Pending invitations"
      rows={invitations.data}
      rowKey={(i) => i.id}
      columns={[
        { header: 'Email', card: 'title', cell: (i) => i.email },
        { header: 'Role', card: 'secondary', cell: (i) => i.role.title },
        { header: 'Expires', cell: (i) => formatBusinessDateTime(i.expires_at, zone) },
        { header: 'Status', card: 'status', nowrap: true, cell: (i) => <StatusBadge kind="invitation" status={i.expired ? 'expired' : 'pending'} /> },
        ...(canManage
          ? [
              {
                header: 'Actions',
                card: 'actions' as const,
                cell: (i: (typeof invitations.data)[number]) => (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={resend.isPending && resend.variables === i.id}
                      onClick={() => resend.mutate(i.id, { onSuccess: () => notifySuccess(`The invitation was sent to ${i.email} again.`) })}
                      aria-label={`Resend the invitation of ${i.email}`}
                    >
                      Resend
                    </Button>
                    <Button size="compact-sm" variant="default" onClick={() => confirmRevoke(i)} aria-label={`Revoke the invitation of ${i.email}`}>
                      Revoke
                    </Button>
                  </Group>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
