import { MultiSelect, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { CreateInvitationBodySchema, INVITATION_TTL_DAYS } from '@merchant/business';
import { assignableRoles } from '@merchant/core';
import { href } from '@/app/route-table';
import { useZodForm } from '@/components/form/use-zod-form';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { useBusiness, useSignedInUser } from '@/lib/session';
import { staffLocationOptionsQuery, useInvite } from '@/features/staff/api/staff-api';
import { actorIn } from '@/features/staff/components/actor';
import { roleOptions, useStaffRoutes } from '@/features/staff/components/staff-routes';

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const user = useSignedInUser();
  if (!business.data) return <LoadingScreen />;
  const roles = assignableRoles(actorIn(user, business.data));
  return (
    <PageFrame
      title="Invite staff"
      description={`We mail them a link to join ${business.data.name}. It works for ${INVITATION_TTL_DAYS} days; you can resend or revoke it from the staff list.`}
    >
      <InviteForm businessId={businessId} roles={roles} />
    </PageFrame>
  );
}

function InviteForm({ businessId, roles }: { businessId: string; roles: ReturnType<typeof assignableRoles> }) {
  const invite = useInvite(businessId);
  const navigate = useNavigate();
  const routes = useStaffRoutes();
  const form = useZodForm(CreateInvitationBodySchema, { email: '', role: 'cashier', location_ids: [] as string[] });
  const locations = useQuery(staffLocationOptionsQuery(businessId));
  const dirty = form.values.email !== '' || form.values.role !== 'cashier' || (form.values.location_ids ?? []).length > 0;
  const list = href(routes.list, { business_id: businessId });
  const submit = form.onSubmit((body) =>
    invite.mutate(body, {
      onSuccess: (created) => {
        notifySuccess(`Invitation sent to ${created.email}.`);
        void navigate(`${list}?tab=invitations`);
      },
      onError: form.handleServerError,
    }),
  );
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={560}>
      <EditForm dirty={dirty} saving={invite.isPending} onSave={submit} backTo={list} saveLabel="Send invitation">
        <Stack gap="md">
          <TextInput {...form.field('email')} type="email" label="Email" autoComplete="off" required autoFocus />
          <Select
            {...form.field('role')}
            label="Role"
            data={roleOptions(roles)}
            allowDeselect={false}
            required
            description="Admins manage everything but account verification; managers run sales and the catalogue; cashiers take payments."
          />
          {(locations.data ?? []).length > 0 ? (
            <MultiSelect
              name="location_ids"
              value={form.values.location_ids ?? []}
              onChange={(ids) => form.setValues({ ...form.values, location_ids: ids })}
              error={form.errors['location_ids'] ?? Object.entries(form.errors).find(([path]) => path.startsWith('location_ids.'))?.[1]}
              label="Works at"
              description="Limit them to some locations: they sell, see orders and adjust stock only there. Leave empty for every location."
              placeholder={(form.values.location_ids ?? []).length === 0 ? 'Every location' : undefined}
              data={locations.data ?? []}
              searchable
              clearable
            />
          ) : null}
          <Text size="sm" c="dimmed">
            Only an owner can invite another owner.
          </Text>
        </Stack>
      </EditForm>
    </Paper>
  );
}
