import { useMemo, useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '@merchant/core';
import { INTEGRATION_PLATFORM_LABELS, UpdateIntegrationBodySchema, type Integration, type NewIntegrationKey } from '@merchant/payments';
import { href } from '@/app/route-table';
import { ConfirmIdentityModal, reauthError } from '@/components/confirm-identity-modal';
import { Fact } from '@/components/fact';
import { SwitchRow } from '@/components/form/switch-row';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { ShownOnceKey } from '@/components/shown-once-secrets';
import { StatusBadge } from '@/components/status-badge';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useBusiness } from '@/lib/session';
import { integrationQuery, useDeleteIntegration, useRotateIntegrationKey, useUpdateIntegration } from '@/features/integrations/api/integrations-api';

/** One plugin integration: its name, callback URL and status; its key rotated or the integration deleted (each with the password). */
export function Component() {
  const { business_id: businessId = '', gateway_provider_id: id = '' } = useParams();
  const integration = useQuery(integrationQuery(businessId, id));
  if (!integration.data) return <QueryPage title="Edit plugin integration" query={integration} loadingLabel="Loading the integration" />;
  return <IntegrationEdit key={integration.data.id} businessId={businessId} integration={integration.data} />;
}

type Pending = 'rotate' | 'delete' | null;

function IntegrationEdit({ businessId, integration }: { businessId: string; integration: Integration }) {
  const navigate = useNavigate();
  const business = useBusiness(businessId);
  const zone = business.data?.time_zone ?? 'UTC';
  const initial = useMemo(
    () => ({ name: integration.name, callback_url: integration.callback_url ?? '', enabled: integration.status === 'enabled' }),
    [integration],
  );
  const form = useZodForm(UpdateIntegrationBodySchema, initial);
  const update = useUpdateIntegration(businessId, integration.id);
  const rotate = useRotateIntegrationKey(businessId, integration.id);
  const remove = useDeleteIntegration(businessId, integration.id);
  const [pending, setPending] = useState<Pending>(null);
  const [shown, setShown] = useState<NewIntegrationKey | null>(null);
  const list = href('payments.integrations', { business_id: businessId });
  const dirty = JSON.stringify(form.values) !== JSON.stringify(initial);
  const mutation = pending === 'delete' ? remove : rotate;

  const save = form.onSubmit((body) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(`Integration "${saved.name}" saved.`);
        form.reset({ name: saved.name, callback_url: saved.callback_url ?? '', enabled: saved.status === 'enabled' });
      },
      onError: form.handleServerError,
    }),
  );
  const close = () => {
    setPending(null);
    rotate.reset();
    remove.reset();
  };
  const onError = (error: unknown) => {
    if (!reauthError(error)) notifyError(error);
  };
  const confirm = (reauth: { password?: string; code?: string }) => {
    if (pending === 'rotate') {
      rotate.mutate(reauth, {
        onSuccess: (answer) => {
          notifySuccess(`The key of "${integration.name}" was rotated.`);
          setShown(answer);
          close();
        },
        onError,
      });
    } else if (pending === 'delete') {
      remove.mutate(reauth, {
        onSuccess: () => {
          notifySuccess(`Integration "${integration.name}" deleted.`);
          void navigate(list);
        },
        onError,
      });
    }
  };
  const modal = {
    rotate: {
      title: 'Rotate key?',
      text: `A new key and salt replace those of "${integration.name}"; the old key is refused at once. Confirm with your password.`,
      label: 'Rotate key',
    },
    delete: {
      title: 'Delete integration?',
      text: `Calls with the key of "${integration.name}" are refused from now on; its payments keep their tag. Confirm with your password.`,
      label: 'Delete integration',
    },
  }[pending ?? 'rotate'];

  return (
    <PageFrame title={`Edit ${integration.name}`} description={`${INTEGRATION_PLATFORM_LABELS[integration.platform]} plugin integration`}>
      {shown ? (
        <ShownOnceKey title={`Copy the new key of "${shown.integration.name}" now`} apiKey={shown.api_key} salt={shown.salt} onDone={() => setShown(null)} />
      ) : null}
      <EditForm dirty={dirty} saving={update.isPending} onSave={save} backTo={list} saveLabel="Save">
        <Stack gap="md" maw={720}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="integration-details">
            <Stack gap="md">
              <Title order={2} size="h4" id="integration-details">
                Details
              </Title>
              <TextInput {...form.field('name')} label="Name" maxLength={80} required />
              <TextInput
                {...form.field('callback_url')}
                type="url"
                label="Callback URL (optional)"
                description="Where payment callbacks are posted for the payment requests this integration makes without their own webhook"
                placeholder="https://"
              />
              <SwitchRow
                label="Enabled"
                description="While disabled, calls with this integration's key are refused"
                checked={form.values.enabled}
                onChange={(e) => form.setValues((v) => ({ ...v, enabled: e.currentTarget.checked }))}
              />
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="integration-key">
            <Stack gap="md">
              <Title order={2} size="h4" id="integration-key">
                Key
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Fact label="Status">
                  <StatusBadge kind="integration" status={integration.status} />
                </Fact>
                <Fact label="Last used">{integration.last_used_at ? formatDateTime(integration.last_used_at, zone, { zone: false }) : 'Never'}</Fact>
                <Fact label="API key">{integration.key_last4}</Fact>
                <Fact label="Salt">{integration.salt_last4}</Fact>
              </SimpleGrid>
              <Text size="sm" c="dimmed">
                The key and salt were shown once. Lost them? Rotate the key and paste the new one into your plugin.
              </Text>
              <Group gap="sm">
                <Button type="button" variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setPending('rotate')}>
                  Rotate key
                </Button>
                <Button type="button" variant="outline" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setPending('delete')}>
                  Delete integration
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </EditForm>
      <ConfirmIdentityModal
        opened={pending !== null}
        onClose={close}
        title={modal.title}
        description={modal.text}
        confirmLabel={modal.label}
        danger={pending === 'delete'}
        pending={mutation.isPending}
        error={reauthError(mutation.error)}
        onConfirm={confirm}
      />
    </PageFrame>
  );
}
