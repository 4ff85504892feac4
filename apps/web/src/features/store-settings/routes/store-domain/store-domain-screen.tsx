import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh, IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ConnectStoreDomainBodySchema, type DnsRecord, type StoreDomain } from '@merchant/catalogue';
import { useZodForm } from '@/components/form/use-zod-form';
import { DataList } from '@/components/data-list';
import { withWrapPoints } from '@/components/long-text';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { formatBusinessDateTime } from '@/lib/format';
import { modals } from '@/lib/modals';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useBusinessTimeZone, useCanChange } from '@/lib/session';
import { storeDomainQuery, useConnectDomain, useRemoveDomain, useVerifyDomain } from '@/features/store-settings/api/store-settings-api';

const TITLE = 'Domain';

/** The store's custom domain (spec 2, online-store/domain): connect it, the DNS records to add, verify, its status. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const domain = useQuery(storeDomainQuery(businessId));
  if (!domain.data) return <QueryPage title={TITLE} query={domain} loadingLabel="Loading the domain" />;
  return <DomainScreen businessId={businessId} domain={domain.data} />;
}

function DomainScreen({ businessId, domain }: { businessId: string; domain: StoreDomain }) {
  const mayChange = useCanChange(businessId, 'store:manage');
  const zone = useBusinessTimeZone(businessId);
  const verify = useVerifyDomain(businessId);
  const remove = useRemoveDomain(businessId);
  const [changing, setChanging] = useState(false);

  const onVerify = () =>
    verify.mutate(undefined, {
      onSuccess: (d) => (d.status === 'verified' ? notifySuccess(`${d.business_shop_domain} is connected.`) : undefined),
      onError: notifyError,
    });
  const onRemove = () =>
    modals.openConfirmModal({
      title: 'Disconnect the domain?',
      children: (
        <Text size="sm">
          Your store stops answering on {domain.business_shop_domain}. It stays at {domain.app_shop_domain}.
        </Text>
      ),
      labels: { confirm: 'Disconnect', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(undefined, { onSuccess: () => notifySuccess('Domain disconnected.'), onError: notifyError }),
    });

  return (
    <PageFrame
      title={TITLE}
      description={`Your store is always at ${domain.app_shop_domain}. Connect a domain of your own so customers find it at your address.`}
    >
      <Stack gap="md" maw={860}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="domain-status">
          <Stack gap="sm">
            <Group justify="space-between" gap="sm">
              <Title order={2} size="h4" id="domain-status">
                {domain.business_shop_domain ?? 'No domain connected'}
              </Title>
              <StatusBadge kind="storeDomain" status={domain.status} />
            </Group>
            {domain.status === 'verified' ? (
              <Text size="sm">
                Your store answers on{' '}
                <Anchor href={`https://${domain.business_shop_domain}`} target="_blank" rel="noreferrer" underline="always">
                  {domain.business_shop_domain}
                </Anchor>
                .
              </Text>
            ) : null}
            {domain.checked_at ? (
              <Text size="sm" c="dimmed">
                Last checked {formatBusinessDateTime(domain.checked_at, zone)}
              </Text>
            ) : null}
            {domain.problem ? (
              <Alert color="yellow" title="Not verified yet">
                {domain.problem}
              </Alert>
            ) : null}
            {mayChange ? (
              <Group gap="sm">
                {domain.business_shop_domain ? (
                  <>
                    <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onVerify} loading={verify.isPending}>
                      {domain.status === 'verified' ? 'Check again' : 'Verify'}
                    </Button>
                    <Button variant="default" onClick={() => setChanging(true)}>
                      Change domain
                    </Button>
                    <Button variant="subtle" color="red" onClick={onRemove} loading={remove.isPending}>
                      Disconnect
                    </Button>
                  </>
                ) : null}
              </Group>
            ) : null}
          </Stack>
        </Paper>

        {mayChange && (!domain.business_shop_domain || changing) ? (
          <ConnectForm businessId={businessId} current={domain.business_shop_domain} onDone={() => setChanging(false)} />
        ) : null}

        {domain.records.length > 0 ? <Records records={domain.records} verified={domain.status === 'verified'} /> : null}
      </Stack>
    </PageFrame>
  );
}

function ConnectForm({ businessId, current, onDone }: { businessId: string; current: string | null; onDone: () => void }) {
  const form = useZodForm(ConnectStoreDomainBodySchema, { domain: current ?? '' });
  const connect = useConnectDomain(businessId);
  const submit = form.onSubmit((body) =>
    connect.mutate(body, {
      onSuccess: (d) => {
        notifySuccess(`${d.business_shop_domain} connected: add its DNS records, then verify.`);
        onDone();
      },
      onError: form.handleServerError,
    }),
  );
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="domain-connect">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="domain-connect">
            Connect a domain
          </Title>
          <TextInput
            {...form.field('domain')}
            label="Domain"
            description="A domain you own, such as shop.example.com (a subdomain works best: www or shop)"
            placeholder="shop.example.com"
            leftSection={<IconWorld size={16} aria-hidden />}
            autoComplete="off"
            maw={420}
          />
          <Group gap="sm">
            <Button type="submit" loading={connect.isPending}>
              Connect domain
            </Button>
            {current ? (
              <Button variant="default" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Copy({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" onClick={copy} aria-label={copied ? `${label} copied` : `Copy ${label}`}>
            {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function Cell({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'break-word', minWidth: 0 }}>
        {withWrapPoints(value)}
      </Text>
      <Copy value={value} label={label} />
    </Group>
  );
}

function Records({ records, verified }: { records: DnsRecord[]; verified: boolean }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="domain-records">
      <Stack gap="sm">
        <Title order={2} size="h4" id="domain-records">
          DNS records
        </Title>
        <Text size="sm" c="dimmed">
          {verified
            ? 'Keep these records at your domain’s DNS provider: the store answers on the domain while they are there.'
            : 'Add these two records at your domain’s DNS provider, then choose Verify. DNS changes can take a few hours to show.'}
        </Text>
        <DataList
          label="DNS records to add"
          rows={records}
          rowKey={(r) => r.type}
          columns={[
            { header: 'Type', card: 'title', nowrap: true, cell: (r) => r.type },
            { header: 'Name', card: 'secondary', cell: (r) => <Cell value={r.name} label={`${r.type} name`} /> },
            { header: 'Value', card: 'meta', cell: (r) => <Cell value={r.value} label={`${r.type} value`} /> },
            { header: 'Found', card: 'status', nowrap: true, cell: (r) => (r.found ? 'Yes' : 'Not yet') },
          ]}
        />
      </Stack>
    </Paper>
  );
}
