import { Alert, Button, Stack } from '@mantine/core';
import { IconBuildingStore, IconHistory, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { formatDate } from '@merchant/core';
import type { MallIntegration } from '@merchant/pos';
import { href } from '@/app/route-table';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { integrationsQuery, useTestConnection } from '@/features/mall-gto/api/mall-gto-api';

/** Mall sales reporting: the integrations (one per mall and location), each with its last run and a connection test. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const integrations = useQuery(integrationsQuery(businessId));
  const test = useTestConnection(businessId);
  const [tested, setTested] = useState<{ name: string; ok: boolean; message: string } | null>(null);
  const params = { business_id: businessId };

  const runTest = (row: MallIntegration) => {
    setTested(null);
    test.mutate(row.id, { onSuccess: (answer) => setTested({ name: row.name, ...answer }) });
  };

  return (
    <PageFrame
      title="Mall sales reporting"
      description="Send each day's sales of a location to the mall, as the mall's file over SFTP, every night after midnight."
      actions={[
        { label: 'Run log', icon: <IconHistory size={16} aria-hidden />, to: href('pos.settings-mall-gto-integrations', params) },
        { label: 'Set up a mall', icon: <IconPlus size={16} aria-hidden />, to: href('pos.settings-mall-gto-set-up', params), primary: true },
      ]}
    >
      <Stack gap="md">
        {tested ? (
          <Alert
            color={tested.ok ? 'green' : 'red'}
            title={`Connection test: ${tested.name}`}
            role="status"
            withCloseButton
            closeButtonLabel="Dismiss the connection test"
            onClose={() => setTested(null)}
          >
            {tested.message}
          </Alert>
        ) : null}
        {integrations.data ? (
          integrations.data.data.length === 0 ? (
            <EmptyState
              icon={<IconBuildingStore aria-hidden />}
              title="No malls set up yet"
              description="Set up the mall your shop is in with the tenant id, machine id and SFTP details the mall gave you."
            />
          ) : (
            <DataList
              label="Mall integrations"
              rows={integrations.data.data}
              rowKey={(r) => r.id}
              rowHref={(r) => href('pos.settings-mall-gto-edit', { ...params, b_integration_id: r.id })}
              columns={[
                { header: 'Mall', card: 'title', cell: (r) => r.name },
                { header: 'Location', card: 'secondary', cell: (r) => r.location_name },
                { header: 'Format', cell: (r) => r.format_label },
                { header: 'Tenant / machine', cell: (r) => `${r.tenant_id} / ${r.machine_id}` },
                {
                  header: 'Last run',
                  nowrap: true,
                  cell: (r) =>
                    r.last_run ? (
                      <>
                        {formatDate(r.last_run.business_date)} <StatusBadge kind="mallRun" status={r.last_run.status} />
                      </>
                    ) : (
                      'None yet'
                    ),
                },
                { header: 'Status', card: 'status', nowrap: true, cell: (r) => <StatusBadge kind="mallIntegration" status={r.active ? 'active' : 'paused'} /> },
                {
                  header: 'Actions',
                  card: 'actions',
                  nowrap: true,
                  cell: (r) => (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => runTest(r)}
                      loading={test.isPending && test.variables === r.id}
                      aria-label={`Test connection to ${r.name}`}
                    >
                      Test connection
                    </Button>
                  ),
                },
              ]}
            />
          )
        ) : (
          <QueryStatus query={integrations} loadingLabel="Loading mall integrations" />
        )}
      </Stack>
    </PageFrame>
  );
}
