import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnectedX, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { READER_MODEL_LABELS, type ReaderDetail } from '@merchant/pos';
import { href } from '@/app/route-table';
import { BusinessTime } from '@/components/business-time';
import { DataList } from '@/components/data-list';
import { DetailLayout } from '@/components/detail-layout';
import { EmptyState } from '@/components/empty-state';
import { QueryPage } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { TimeZoneNote } from '@/components/time-zone-note';
import { modals } from '@/lib/modals';
import { notifySuccess } from '@/lib/notify';
import { canChange, canView, useBusiness } from '@/lib/session';
import { readerQuery, useSimulateConnection, useUnpairReader } from '@/features/terminals/api/terminals-api';
import { useEditReaderAction } from '@/features/terminals/components/edit-reader-dialog';
import { useSimulatePaymentAction } from '@/features/terminals/components/simulate-payment-dialog';

export function Component() {
  const { business_id: businessId = '', terminal_reader: readerId = '' } = useParams();
  const reader = useQuery(readerQuery(businessId, readerId));
  if (!reader.data) return <QueryPage title="Card reader" query={reader} loadingLabel="Loading the reader" />;
  return <ReaderView businessId={businessId} reader={reader.data} />;
}

function ReaderView({ businessId, reader }: { businessId: string; reader: ReaderDetail }) {
  const business = useBusiness(businessId);
  const paired = reader.status === 'paired';
  const mayManage = canChange(business.data, 'pos:manage') && paired;
  const mayUse = canChange(business.data, 'pos:use') && paired;
  const mayViewPayments = canView(business.data, 'payments:view');
  const testMode = business.data?.test_mode ?? false;
  const edit = useEditReaderAction(businessId, reader);
  const simulatePayment = useSimulatePaymentAction(businessId, reader, business.data?.currency ?? 'sgd');
  const connection = useSimulateConnection(businessId, reader.id);
  const unpair = useUnpairReader(businessId, reader.id);
  const online = reader.connection === 'online';

  const confirmUnpair = () =>
    modals.openConfirmModal({
      title: 'Unpair reader',
      children: <Text size="sm">“{reader.name}” will take no more payments. Its payments stay. To use it again, pair it with a new code.</Text>,
      labels: { confirm: 'Unpair', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => unpair.mutate(undefined, { onSuccess: () => notifySuccess(`${reader.name} is unpaired.`) }),
    });

  return (
    <DetailLayout
      back={{ to: href('pos.terminals', { business_id: businessId }), label: 'All card terminals' }}
      title={reader.name}
      status={paired ? <StatusBadge kind="readerConnection" status={reader.connection} /> : <Text c="dimmed">Unpaired</Text>}
      facts={[
        { label: 'Model', value: READER_MODEL_LABELS[reader.model] },
        { label: 'Serial number', value: reader.serial_number, copy: reader.serial_number },
        { label: 'Location', value: reader.location ? `${reader.location.name}${reader.location.status === 'archived' ? ' (archived)' : ''}` : 'No location' },
        { label: 'Last seen', value: reader.last_seen_at ? <BusinessTime at={reader.last_seen_at} /> : 'Never' },
      ]}
      actions={[
        mayUse && testMode && simulatePayment.action,
        mayManage && edit.action,
        mayManage &&
          testMode && {
            label: online ? 'Simulate: go offline' : 'Simulate: come online',
            icon: online ? <IconWifiOff size={16} aria-hidden /> : <IconWifi size={16} aria-hidden />,
            onClick: () => connection.mutate(online ? 'offline' : 'online'),
            loading: connection.isPending,
            more: true,
          },
        mayManage && { label: 'Unpair', icon: <IconPlugConnectedX size={16} aria-hidden />, danger: true, onClick: confirmUnpair, more: true },
      ]}
      below={
        <Stack gap="sm" component="section" aria-labelledby="reader-payments">
          <Title order={2} size="h3" id="reader-payments">
            Recent payments
          </Title>
          <TimeZoneNote zone={business.data?.time_zone ?? 'UTC'} />
          {reader.recent_payments.length === 0 ? (
            <EmptyState title="No payments on this reader yet" headingOrder={3} />
          ) : (
            <DataList
              label="Recent payments"
              rows={reader.recent_payments}
              rowKey={(p) => p.charge_id}
              columns={[
                {
                  header: 'Amount',
                  card: 'title',
                  nowrap: true,
                  cell: (p) => {
                    const amount = formatMoneyWithCode(p.amount.amount, p.amount.currency);
                    return mayViewPayments ? (
                      <Anchor component={Link} to={href('payments.transactions-detail', { business_id: businessId, b_charge: p.charge_id })}>
                        {amount}
                      </Anchor>
                    ) : (
                      amount
                    );
                  },
                },
                { header: 'Card', cell: (p) => (p.card ? `${p.card.brand === 'unknown' ? 'Card' : p.card.brand.toUpperCase()} •••• ${p.card.last4}` : '—') },
                { header: 'Reason', hideWhenEmpty: true, cell: (p) => p.failure?.message ?? '—' },
                { header: 'Time', nowrap: true, cell: (p) => <BusinessTime at={p.created_at} /> },
                { header: 'Status', card: 'status', nowrap: true, cell: (p) => <StatusBadge kind="readerPayment" status={p.status} /> },
              ]}
            />
          )}
        </Stack>
      }
    >
      {edit.dialog}
      {simulatePayment.dialog}
      <Stack gap="sm">
        {reader.unseen ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="status">
            This reader has not been seen for over an hour: check that it is on and connected.
          </Alert>
        ) : null}
        {paired && !reader.can_take_payments ? (
          <Alert color="red" role="status">
            {!reader.location
              ? 'This reader takes no payments until it is assigned to a location.'
              : reader.location.status !== 'active'
                ? 'Its location is archived: assign the reader to an active location to take payments.'
                : 'The reader is offline: it takes no payments until it is back online.'}
          </Alert>
        ) : null}
        {paired && reader.can_take_payments ? <Text size="sm">Ready to take card payments at {reader.location?.name}.</Text> : null}
      </Stack>
    </DetailLayout>
  );
}
