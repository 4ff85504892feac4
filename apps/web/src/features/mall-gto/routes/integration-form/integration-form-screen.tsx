import { Alert, Button, Group, Paper, PasswordInput, Radio, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MALL_FORMATS, MALL_FORMAT_LABELS, type MallFormat, type MallIntegration } from '@merchant/pos';
import { href } from '@/app/route-table';
import { NumberField } from '@/components/form/number-field';
import { useFormFields } from '@/components/form/form-fields';
import { ChoiceRow, SwitchRow } from '@/components/form/switch-row';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { integrationQuery, locationsQuery, useCreateIntegration, useTestConnection, useUpdateIntegration } from '@/features/mall-gto/api/mall-gto-api';

type Values = {
  name: string;
  format: MallFormat;
  location_id: string;
  tenant_id: string;
  machine_id: string;
  sftp_host: string;
  sftp_port: number | null;
  sftp_username: string;
  auth_kind: 'password' | 'private_key';
  password: string;
  private_key: string;
  remote_directory: string;
  active: boolean;
};

const FORMAT_OPTIONS = MALL_FORMATS.map((f) => ({ value: f, label: MALL_FORMAT_LABELS[f] }));

const valuesOf = (i: MallIntegration | undefined): Values => ({
  name: i?.name ?? '',
  format: i?.format ?? 'generic_csv',
  location_id: i?.location_id ?? '',
  tenant_id: i?.tenant_id ?? '',
  machine_id: i?.machine_id ?? '',
  sftp_host: i?.sftp_host ?? '',
  sftp_port: i?.sftp_port ?? 22,
  sftp_username: i?.sftp_username ?? '',
  auth_kind: i?.auth_kind ?? 'password',
  password: '',
  private_key: '',
  remote_directory: i?.remote_directory ?? '',
  active: i?.active ?? true,
});

/** Set up a mall (`settings/mall-gto/set-up`) or edit one (`settings/mall-gto/:id/edit`): one form, saved by the sub-header bar. */
export function Component() {
  const { business_id: businessId = '', b_integration_id: integrationId } = useParams();
  const existing = useQuery({ ...integrationQuery(businessId, integrationId ?? ''), enabled: Boolean(integrationId) });
  if (integrationId && !existing.data) {
    return existing.isPending ? <LoadingScreen /> : <QueryStatus query={existing} loadingLabel="Loading the integration" />;
  }
  return (
    <PageFrame
      title={existing.data ? `Edit ${existing.data.name}` : 'Set up mall sales reporting'}
      description="The mall gives you its file format, your tenant and machine ids and the SFTP server's details. Files are modelled on common Singapore mall files and are not certified by any mall."
    >
      <IntegrationForm businessId={businessId} existing={existing.data} />
    </PageFrame>
  );
}

function IntegrationForm({ businessId, existing }: { businessId: string; existing: MallIntegration | undefined }) {
  const navigate = useNavigate();
  const initial = useMemo(() => valuesOf(existing), [existing]);
  const form = useFormFields(initial);
  const locations = useQuery(locationsQuery(businessId));
  const create = useCreateIntegration(businessId);
  const update = useUpdateIntegration(businessId, existing?.id ?? '');
  const test = useTestConnection(businessId);
  const [tested, setTested] = useState<{ ok: boolean; message: string } | null>(null);
  const { values } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const listHref = href('pos.settings-mall-gto', { business_id: businessId });
  const set = <K extends keyof Values>(key: K, value: Values[K]) => form.setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const secret = values.auth_kind === 'password' ? { password: values.password } : { private_key: values.private_key };
    const body = {
      name: values.name,
      format: values.format,
      location_id: values.location_id,
      tenant_id: values.tenant_id,
      machine_id: values.machine_id,
      sftp_host: values.sftp_host,
      sftp_port: values.sftp_port ?? 0,
      sftp_username: values.sftp_username,
      auth_kind: values.auth_kind,
      remote_directory: values.remote_directory,
      active: values.active,
      ...secret,
    };
    const done = {
      onSuccess: (saved: MallIntegration) => {
        notifySuccess(existing ? `${saved.name} saved.` : `${saved.name} set up: its first file goes after midnight.`);
        void navigate(listHref);
      },
      onError: (error: unknown) => form.handleServerError(error),
    };
    if (existing) update.mutate(body, done);
    else create.mutate(body, done);
  };

  const locationOptions = (locations.data?.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  const secretKept = existing?.secret_set && existing.auth_kind === values.auth_kind;

  return (
    <EditForm dirty={dirty} saving={create.isPending || update.isPending} onSave={submit} backTo={listHref} saveLabel={existing ? 'Save' : 'Set up'}>
      <Stack gap="lg" maw={720}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="mall-details">
          <Stack gap="md">
            <Title order={2} size="h4" id="mall-details">
              Mall
            </Title>
            <TextInput {...form.field('name')} label="Mall name" required />
            <Select
              {...form.field('format')}
              label="File format"
              description="The layout of the daily file the mall asks for"
              data={FORMAT_OPTIONS}
              allowDeselect={false}
              required
            />
            <Select
              {...form.field('location_id')}
              label="Location"
              description="The shop whose sales the file reports"
              placeholder={locations.isPending ? 'Loading locations' : 'Choose a location'}
              data={locationOptions}
              searchable
              required
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...form.field('tenant_id')} label="Tenant id" required />
              <TextInput {...form.field('machine_id')} label="Machine id" required />
            </SimpleGrid>
            <SwitchRow
              label="Send files every day"
              description="Off: no daily file; you can still send a day from the run log"
              checked={values.active}
              onChange={(event) => set('active', event.currentTarget.checked)}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="mall-sftp">
          <Stack gap="md">
            <Title order={2} size="h4" id="mall-sftp">
              SFTP server
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...form.field('sftp_host')} label="Host" required />
              <NumberField {...form.number('sftp_port')} label="Port" min={1} max={65535} required />
            </SimpleGrid>
            <TextInput {...form.field('sftp_username')} label="User name" required />
            <Radio.Group label="Sign in with" value={values.auth_kind} onChange={(v) => set('auth_kind', v as Values['auth_kind'])}>
              <Group gap="lg" mt="xs">
                <ChoiceRow value="password" label="Password" />
                <ChoiceRow value="private_key" label="Private key" />
              </Group>
            </Radio.Group>
            {values.auth_kind === 'password' ? (
              <PasswordInput
                {...form.field('password')}
                label="Password"
                description={secretKept ? 'A password is stored: leave this blank to keep it' : 'Stored encrypted; never shown again'}
                required={!secretKept}
                autoComplete="new-password"
              />
            ) : (
              <Textarea
                {...form.field('private_key')}
                label="Private key"
                description={secretKept ? 'A key is stored: leave this blank to keep it' : 'Paste the key (-----BEGIN ... PRIVATE KEY-----); stored encrypted'}
                required={!secretKept}
                autosize
                minRows={3}
                styles={{ input: { fontFamily: 'monospace' } }}
              />
            )}
            <TextInput {...form.field('remote_directory')} label="Remote folder (optional)" description="Where the mall wants the files, like inbox/sales" />
            {existing ? (
              <Group gap="sm">
                <Button
                  variant="default"
                  onClick={() => test.mutate(existing.id, { onSuccess: (answer) => setTested(answer) })}
                  loading={test.isPending}
                  disabled={dirty}
                >
                  Test connection
                </Button>
              </Group>
            ) : null}
            {existing && dirty ? null : tested ? (
              <Alert color={tested.ok ? 'green' : 'red'} role="status" title="Connection test">
                {tested.message}
              </Alert>
            ) : null}
          </Stack>
        </Paper>
      </Stack>
    </EditForm>
  );
}
