import { Anchor, Button, Group } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { EMPTY_VALUE, formatDate, formatDateTime } from '@merchant/core';
import type { AccountingTool, ConnectionSummary } from '@merchant/payments';
import { href } from '@/app/route-table';
import { DataList } from '@/components/data-list';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { notifySuccess } from '@/lib/notify';
import { useBusiness } from '@/lib/session';
import { connectionsQuery, useConnect } from '@/features/connections/api/connections-api';

/**
 * Accounting connections (docs/developers.md, "Accounting connections"): Xero and QuickBooks, each connected or not.
 * Connect opens the tool's screen once connected (its accounts are mapped there); Manage opens it.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const zone = business.data?.time_zone ?? 'UTC';
  const list = useQuery(connectionsQuery(businessId));
  const rows = list.data ?? [];
  const toolHref = (tool: AccountingTool) => href('payments.connections-tool', { business_id: businessId, tool });

  return (
    <PageFrame
      title="Connections"
      description="Send each day's sales, fees, refunds and payouts to your accounting tool as a journal, or download them as a file it imports."
    >
      <QueryStatus query={list} loadingLabel="Loading connections" />
      {rows.length > 0 ? (
        <DataList
          label="Accounting tools"
          rows={rows}
          rowKey={(c) => c.tool}
          rowHref={(c) => toolHref(c.tool)}
          columns={[
            { header: 'Tool', card: 'title', link: true, cell: (c) => c.label },
            {
              header: 'Status',
              card: 'status',
              nowrap: true,
              cell: (c) => <StatusBadge kind="accountingConnection" status={c.status} />,
            },
            { header: 'Organisation', card: 'secondary', cell: (c) => c.organisation ?? 'Not connected' },
            {
              header: 'Connected',
              nowrap: true,
              cell: (c) => (c.connected_at ? <time dateTime={c.connected_at}>{formatDateTime(c.connected_at, zone, { zone: false })}</time> : EMPTY_VALUE),
            },
            {
              header: 'Last journal',
              nowrap: true,
              cell: (c) => (c.last_journal_day ? formatDate(c.last_journal_day) : c.status === 'connected' && !c.mapped ? 'Map accounts first' : EMPTY_VALUE),
            },
            {
              header: 'Actions',
              card: 'actions',
              nowrap: true,
              align: 'right',
              cell: (c) => <ToolAction businessId={businessId} connection={c} to={toolHref(c.tool)} />,
            },
          ]}
        />
      ) : null}
    </PageFrame>
  );
}

function ToolAction({ businessId, connection, to }: { businessId: string; connection: ConnectionSummary; to: string }) {
  const navigate = useNavigate();
  const connect = useConnect(businessId, connection.tool);
  if (connection.status === 'connected')
    return (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <Anchor component={Link} to={to} size="sm" aria-label={`Manage ${connection.label}`}>
          Manage
        </Anchor>
      </Group>
    );
  return (
    <Button
      size="xs"
      leftSection={<IconPlugConnected size={14} aria-hidden />}
      loading={connect.isPending}
      aria-label={`Connect ${connection.label}`}
      onClick={() =>
        connect.mutate(undefined, {
          onSuccess: () => {
            notifySuccess(`${connection.label} connected. Map your accounts next.`);
            void navigate(to);
          },
        })
      }
    >
      Connect
    </Button>
  );
}
