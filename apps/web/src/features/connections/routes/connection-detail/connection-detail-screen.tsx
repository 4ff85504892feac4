import { Stack, Text } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EMPTY_VALUE, formatDate, formatDateTime } from '@merchant/core';
import { ACCOUNTING_TOOLS, ACCOUNTING_TOOL_LABELS, type AccountingTool, type ConnectionDetail } from '@merchant/payments';
import { href } from '@/app/route-table';
import { DetailLayout } from '@/components/detail-layout';
import { EmptyState } from '@/components/empty-state';
import { QueryPage } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { modals } from '@/lib/modals';
import { notifySuccess } from '@/lib/notify';
import { useBusiness } from '@/lib/session';
import { connectionQuery, useConnect, useDisconnect } from '@/features/connections/api/connections-api';
import { JournalsSection } from './journals-section';
import { MappingSection } from './mapping-section';

const isTool = (value: string): value is AccountingTool => (ACCOUNTING_TOOLS as readonly string[]).includes(value);

/**
 * One accounting tool (docs/developers.md, "Accounting connections"): connect it, map its accounts, see the journals
 * posted each day, post a past day, download a range as the tool's import CSV, and disconnect (confirmed).
 */
export function Component() {
  const { business_id: businessId = '', tool = '' } = useParams();
  if (!isTool(tool))
    return (
      <DetailLayout back={{ to: href('payments.connections', { business_id: businessId }), label: 'All connections' }} title="Accounting connection">
        <EmptyState title="No such accounting tool" description="Connections offers Xero and QuickBooks." />
      </DetailLayout>
    );
  return <ToolScreen businessId={businessId} tool={tool} />;
}

function ToolScreen({ businessId, tool }: { businessId: string; tool: AccountingTool }) {
  const label = ACCOUNTING_TOOL_LABELS[tool];
  const connection = useQuery(connectionQuery(businessId, tool));
  if (!connection.data) return <QueryPage title={label} query={connection} loadingLabel={`Loading ${label}`} />;
  return <ToolDetail businessId={businessId} tool={tool} detail={connection.data} />;
}

function ToolDetail({ businessId, tool, detail }: { businessId: string; tool: AccountingTool; detail: ConnectionDetail }) {
  const business = useBusiness(businessId);
  const zone = business.data?.time_zone ?? 'UTC';
  const connect = useConnect(businessId, tool);
  const disconnect = useDisconnect(businessId, tool);
  const connected = detail.status === 'connected';

  const onConnect = () => connect.mutate(undefined, { onSuccess: () => notifySuccess(`${detail.label} connected. Map your accounts next.`) });
  const onDisconnect = () =>
    modals.openConfirmModal({
      title: `Disconnect ${detail.label}?`,
      children: (
        <Text size="sm">
          No more journals are sent to {detail.organisation}. The journals already posted stay listed here, and you can connect again at any time.
        </Text>
      ),
      labels: { confirm: `Disconnect ${detail.label}`, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => disconnect.mutate(undefined, { onSuccess: () => notifySuccess(`${detail.label} disconnected.`) }),
    });

  return (
    <DetailLayout
      back={{ to: href('payments.connections', { business_id: businessId }), label: 'All connections' }}
      title={detail.label}
      status={<StatusBadge kind="accountingConnection" status={detail.status} />}
      description={connected ? detail.organisation : `Not connected to ${detail.label}`}
      facts={
        connected
          ? [
              { label: 'Connected', value: detail.connected_at ? formatDateTime(detail.connected_at, zone, { zone: false }) : EMPTY_VALUE },
              { label: 'Last journal', value: detail.last_journal_day ? formatDate(detail.last_journal_day) : EMPTY_VALUE },
              { label: 'Mode', value: 'Test mode' },
            ]
          : []
      }
      actions={[
        !connected && {
          label: `Connect ${detail.label}`,
          icon: <IconPlugConnected size={16} aria-hidden />,
          onClick: onConnect,
          primary: true,
          loading: connect.isPending,
        },
        connected && {
          label: `Disconnect ${detail.label}`,
          icon: <IconPlugConnectedX size={16} aria-hidden />,
          onClick: onDisconnect,
          danger: true,
          loading: disconnect.isPending,
        },
      ]}
    >
      <Stack gap="lg">
        {connected ? (
          <MappingSection key={JSON.stringify(detail.mapping)} businessId={businessId} tool={tool} detail={detail} />
        ) : (
          <EmptyState
            icon={<IconPlugConnected aria-hidden />}
            title={`Connect ${detail.label}`}
            description={`Each day's sales, processing fees, refunds and payouts are posted to ${detail.label} as one journal per currency. This is a test connection: it completes at once.`}
          />
        )}
        <JournalsSection businessId={businessId} tool={tool} detail={detail} zone={zone} />
      </Stack>
    </DetailLayout>
  );
}
