import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@/lib/modals';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { Business, BusinessUser } from '@merchant/business';
import { assignableRoles, canManageMember, formatLocalDate, type Role } from '@merchant/core';
import type { User } from '@merchant/identity';
import { href } from '@/app/route-table';
import { ErrorState } from '@/components/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { DetailLayout } from '@/components/detail-layout';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness, useSignedInUser } from '@/lib/session';
import { memberQuery, useChangeRole, useRemoveMember, useSetActive } from '@/features/staff/api/staff-api';
import { actorIn } from '@/features/staff/components/actor';
import { MemberLocations } from '@/features/staff/components/member-locations';
import { roleOfTitle, roleOptions, useStaffRoutes } from '@/features/staff/components/staff-routes';
import { StatusBadge } from '@/components/status-badge';

export function Component() {
  const { business_id: businessId = '', id = '' } = useParams();
  const business = useBusiness(businessId);
  const user = useSignedInUser();
  const member = useQuery(memberQuery(businessId, id));
  const routes = useStaffRoutes();
  const back = { to: href(routes.list, { business_id: businessId }), label: 'All staff' };

  if (member.isError) {
    const gone = member.error instanceof ApiError && member.error.status === 404;
    return (
      <DetailLayout title="Staff details" back={back}>
        <ErrorState
          title={gone ? 'Not found' : undefined}
          message={gone ? 'This person is no longer on the staff of this business.' : errorMessage(member.error)}
          onRetry={gone ? undefined : () => void member.refetch()}
        />
      </DetailLayout>
    );
  }
  if (!member.data || !business.data) return <LoadingScreen />;
  return (
    <DetailLayout
      title={member.data.name}
      description={member.data.email}
      back={back}
      status={<StatusBadge kind="member" status={member.data.status} />}
      facts={[
        // The role is a fact only for those who cannot change it: the others have it in the Role field below.
        !mayManage(member.data, business.data, user) && { label: 'Role', value: member.data.role.title },
        { label: 'Joined', value: formatLocalDate(member.data.joined_at, business.data.time_zone) },
      ]}
    >
      <MemberDetails member={member.data} business={business.data} user={user} />
    </DetailLayout>
  );
}

/** Whether the viewer may change this member's role and access (never their own). */
function mayManage(member: BusinessUser, business: Business, user: User): boolean {
  return canChange(business, 'staff:manage') && member.user_id !== user.id && canManageMember(actorIn(user, business), roleOfTitle(member.role.title));
}

function MemberDetails({ member, business, user }: { member: BusinessUser; business: Business; user: User }) {
  const actor = actorIn(user, business);
  const role = roleOfTitle(member.role.title);
  const isSelf = member.user_id === user.id;
  const canManage = mayManage(member, business, user);

  return (
    <Stack gap="lg" maw={720}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Field
            label="Two-factor authentication"
            value={
              <Badge color={member.two_factor_enabled ? 'green' : 'gray'} variant="light">
                {member.two_factor_enabled ? 'On' : 'Off'}
              </Badge>
            }
          />
        </SimpleGrid>
      </Paper>
      <MemberLocations businessId={business.id} member={member} canManage={canManage} />
      {isSelf ? (
        <Text size="sm" c="dimmed">
          This is you: someone else with staff management must change your role or access.
        </Text>
      ) : null}
      {canManage ? <ManageMember member={member} businessId={business.id} roles={assignableRoles(actor)} current={role} /> : null}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}

function ManageMember({ member, businessId, roles, current }: { member: BusinessUser; businessId: string; roles: Role[]; current: Role }) {
  const [role, setRole] = useState<Role>(current);
  const changeRole = useChangeRole(businessId);
  const setActive = useSetActive(businessId);
  const remove = useRemoveMember(businessId);
  const navigate = useNavigate();
  const routes = useStaffRoutes();
  const active = member.status === 'active';

  const confirmActive = () =>
    modals.openConfirmModal({
      title: active ? 'Deactivate staff member' : 'Reactivate staff member',
      children: (
        <Text size="sm">
          {active
            ? `${member.name} loses access to this business at once. You can reactivate them later.`
            : `${member.name} gets access to this business again as ${member.role.title}.`}
        </Text>
      ),
      labels: { confirm: active ? 'Deactivate' : 'Reactivate', cancel: 'Cancel' },
      confirmProps: active ? { color: 'red' } : {},
      onConfirm: () =>
        setActive.mutate(
          { id: member.id, active: !active },
          { onSuccess: () => notifySuccess(active ? `${member.name} was deactivated.` : `${member.name} was reactivated.`) },
        ),
    });

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Remove staff member',
      children: <Text size="sm">{member.name} loses access to this business at once. To bring them back you must invite them again.</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(member.id, {
          onSuccess: () => {
            notifySuccess(`${member.name} was removed from the business.`);
            void navigate(href(routes.list, { business_id: businessId }));
          },
        }),
    });

  const saveRole = () => changeRole.mutate({ id: member.id, role }, { onSuccess: (updated) => notifySuccess(`${member.name} is now ${updated.role.title}.`) });

  // The role's form and its Save sit together; deactivating and removing are actions of their own, in a card below.
  return (
    <Stack gap="md">
      <EditForm
        placement="inline"
        saveLabel="Save role"
        dirty={role !== current}
        saving={changeRole.isPending}
        onSave={saveRole}
        backTo={href(routes.list, { business_id: businessId })}
      >
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              Role
            </Title>
            <Select
              label="Role"
              data={roleOptions(roles.includes(current) ? roles : [current, ...roles])}
              value={role}
              onChange={(v) => v && setRole(v as Role)}
              allowDeselect={false}
              maw={320}
            />
          </Stack>
        </Paper>
      </EditForm>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="staff-access">
        <Stack gap="md">
          <Title order={2} size="h4" id="staff-access">
            Access
          </Title>
          <Group gap="sm">
            <Button variant="default" color={active ? 'red' : undefined} onClick={confirmActive} loading={setActive.isPending}>
              {active ? 'Deactivate' : 'Reactivate'}
            </Button>
            <Button variant="light" color="red" onClick={confirmRemove} loading={remove.isPending}>
              Remove from business
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
