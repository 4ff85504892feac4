import { useState } from 'react';
import { Alert, Button, Group, Radio, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconKey, IconPlus, IconWebhook } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '@merchant/core';
import { API_KEY_GRACE_HOURS, type ApiKey, type ApiKeyAccess, type NewApiKey } from '@merchant/payments';
import { ConfirmIdentityModal, reauthError } from '@/components/confirm-identity-modal';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { ChoiceRow } from '@/components/form/switch-row';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { notifyError, notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { href } from '@/app/route-table';
import { ShownOnceSecret as Secret } from '@/components/shown-once-secrets';
import { apiKeysQuery, useCreateApiKey, useRevokeApiKey, useRotateApiKey } from '@/features/developers/api/api-keys-api';
import { useUrlParams } from '@/lib/use-url-params';
import { RequestLogSection } from './request-log-section';

const ACCESS_LABEL: Record<ApiKeyAccess, string> = { read_only: 'Read-only', full: 'Full access' };

type Pending = { kind: 'create' } | { kind: 'rotate' | 'revoke'; key: ApiKey };

/** The screen's tabs (`?tab=`): the keys, and the request log of their calls (docs/developers.md, "Request log"). */
const TABS = ['keys', 'request-log'] as const;
type Tab = (typeof TABS)[number];

/**
 * The public API's keys (docs/developers.md): several named keys, read-only or full access, each with its salt.
 * A key and its salt are shown in full once, when made; afterwards masked. Every change asks for the password
 * (or a two-factor code) and is mailed to the owners.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const keys = useQuery(apiKeysQuery(businessId));
  const canEdit = canChange(business.data, 'developers:view');
  const zone = business.data?.time_zone ?? 'UTC';
  const create = useCreateApiKey(businessId);
  const rotate = useRotateApiKey(businessId);
  const revoke = useRevokeApiKey(businessId);
  const [pending, setPending] = useState<Pending | null>(null);
  const [shown, setShown] = useState<NewApiKey | null>(null);
  const [name, setName] = useState('');
  const [access, setAccess] = useState<ApiKeyAccess>('full');
  const [nameError, setNameError] = useState<string | null>(null);
  const url = useUrlParams();
  const tab: Tab = TABS.find((t) => t === url.params.get('tab')) ?? 'keys';
  // A tab starts without the other's params (the log's filters).
  const showTab = (value: string | null) =>
    url.update((next) => {
      [...new Set(next.keys())].forEach((key) => next.delete(key));
      if (value === 'request-log') next.set('tab', value);
    });

  const mutation = pending?.kind === 'rotate' ? rotate : pending?.kind === 'revoke' ? revoke : create;
  const close = () => {
    setPending(null);
    setNameError(null);
    create.reset();
    rotate.reset();
    revoke.reset();
  };
  const made = (key: NewApiKey, message: string) => {
    setShown(key);
    notifySuccess(message);
    setName('');
    close();
  };
  const onError = (error: unknown) => {
    if (!reauthError(error)) notifyError(error);
  };
  const confirm = (fields: { password?: string; code?: string }) => {
    if (!pending) return;
    if (pending.kind === 'create') {
      if (name.trim() === '') {
        setNameError('Name the key');
        return;
      }
      create.mutate({ name, access, ...fields }, { onSuccess: (key) => made(key, `API key "${key.name}" created.`), onError });
    } else if (pending.kind === 'rotate') {
      rotate.mutate({ id: pending.key.id, ...fields }, { onSuccess: (key) => made(key, `API key "${key.name}" rotated.`), onError });
    } else {
      const revoked = pending.key;
      revoke.mutate(
        { id: revoked.id, ...fields },
        {
          onSuccess: () => {
            notifySuccess(`API key "${revoked.name}" revoked.`);
            close();
          },
          onError,
        },
      );
    }
  };

  const createButton = canEdit ? (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setPending({ kind: 'create' })}>
      Create API key
    </Button>
  ) : null;
  const webhooksLink = (
    <Button
      component={Link}
      to={href('payments.developers-webhooks', { business_id: businessId })}
      variant="default"
      leftSection={<IconWebhook size={16} aria-hidden />}
    >
      Webhooks
    </Button>
  );
  const rows = keys.data ?? [];
  const titles = {
    create: { title: 'Create API key', label: 'Create API key', text: 'The key and its salt are shown once, right after. Confirm with your password.' },
    rotate: {
      title: 'Rotate API key?',
      label: 'Rotate API key',
      text: `A new key replaces "${pending?.kind === 'rotate' ? pending.key.name : ''}"; the old one keeps working for ${API_KEY_GRACE_HOURS} hours. Confirm with your password.`,
    },
    revoke: {
      title: 'Revoke API key?',
      label: 'Revoke API key',
      text: `Calls with "${pending?.kind === 'revoke' ? pending.key.name : ''}" are refused from now on. Confirm with your password.`,
    },
  }[pending?.kind ?? 'create'];

  return (
    <PageFrame
      title="Developers"
      description="API keys for the public API (X-BUSINESS-API-KEY). Every change asks for your password and is mailed to the owners."
      actions={
        <>
          {webhooksLink}
          {createButton}
        </>
      }
    >
      {shown ? (
        <Alert color="yellow" title={`Copy the key "${shown.name}" now`} role="region">
          <Stack gap="sm">
            <Text size="sm">This is the only time the key and its salt are shown in full. Keep them on your server, never in a browser or an app.</Text>
            <Secret label="API key" value={shown.api_key} />
            <Secret label="Salt" value={shown.salt} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setShown(null)}>
                I have copied them
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={showTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="keys">API keys</Tabs.Tab>
          <Tabs.Tab value="request-log">Request log</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="keys" pt="md">
          <Stack gap="md">
            <QueryStatus query={keys} loadingLabel="Loading API keys" />
            {keys.isSuccess && rows.length === 0 ? (
              <EmptyState
                icon={<IconKey aria-hidden />}
                title="No API keys yet"
                description="Create a key to call the public API from your own site or app."
                action={createButton ?? undefined}
              />
            ) : null}
            {rows.length > 0 ? (
              <DataList
                label="API keys"
                rows={rows}
                rowKey={(k) => k.id}
                striped={false}
                columns={[
                  { header: 'Name', card: 'title', cell: (k) => k.name },
                  { header: 'Status', card: 'status', nowrap: true, cell: (k) => <StatusBadge kind="apiKey" status={k.status} /> },
                  { header: 'Access', card: 'secondary', cell: (k) => ACCESS_LABEL[k.access] },
                  { header: 'Key', nowrap: true, cell: (k) => k.key_last4 },
                  { header: 'Salt', nowrap: true, cell: (k) => k.salt_last4 },
                  { header: 'Last used', cell: (k) => (k.last_used_at ? formatDateTime(k.last_used_at, zone, { zone: false }) : 'Never') },
                  {
                    header: 'Expires',
                    hideWhenEmpty: true,
                    cell: (k) => (k.status === 'expiring' && k.expires_at ? formatDateTime(k.expires_at, zone, { zone: false }) : ''),
                  },
                  ...(canEdit
                    ? [
                        {
                          header: 'Actions',
                          card: 'actions' as const,
                          nowrap: true,
                          align: 'right' as const,
                          cell: (k: ApiKey) =>
                            k.status === 'revoked' ? (
                              ''
                            ) : (
                              <Group gap="xs" justify="flex-end" wrap="nowrap">
                                {k.status === 'active' ? (
                                  <Button
                                    variant="subtle"
                                    size="compact-sm"
                                    onClick={() => setPending({ kind: 'rotate', key: k })}
                                    aria-label={`Rotate ${k.name}`}
                                  >
                                    Rotate
                                  </Button>
                                ) : null}
                                <Button
                                  variant="subtle"
                                  color="red"
                                  size="compact-sm"
                                  onClick={() => setPending({ kind: 'revoke', key: k })}
                                  aria-label={`Revoke ${k.name}`}
                                >
                                  Revoke
                                </Button>
                              </Group>
                            ),
                        },
                      ]
                    : []),
                ]}
              />
            ) : null}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="request-log" pt="md">
          <RequestLogSection businessId={businessId} zone={zone} />
        </Tabs.Panel>
      </Tabs>
      <ConfirmIdentityModal
        opened={pending !== null}
        onClose={close}
        title={titles.title}
        description={titles.text}
        confirmLabel={titles.label}
        danger={pending?.kind === 'revoke'}
        pending={mutation.isPending}
        error={reauthError(mutation.error)}
        onConfirm={confirm}
      >
        {pending?.kind === 'create' ? (
          <>
            <TextInput
              label="Name"
              description="Where the key is used, e.g. Website"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={nameError}
              maxLength={80}
              required
            />
            <Radio.Group label="Access" value={access} onChange={(value) => setAccess(value as ApiKeyAccess)}>
              <Stack gap="xs" mt="xs">
                <ChoiceRow value="full" label="Full access" description="Reads and makes payment requests and everything else the API offers." />
                <ChoiceRow value="read_only" label="Read-only" description="Reads only: every POST, PUT and DELETE is refused." />
              </Stack>
            </Radio.Group>
          </>
        ) : null}
      </ConfirmIdentityModal>
    </PageFrame>
  );
}
