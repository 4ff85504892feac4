import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconTruckDelivery, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { TERMINAL_ORDER_NEXT, TERMINAL_ORDER_STATUS_LABELS, type TerminalOrderDetail } from '@merchant/pos';
import { href } from '@/app/route-table';
import { BusinessTime } from '@/components/business-time';
import { DataList } from '@/components/data-list';
import { DetailLayout } from '@/components/detail-layout';
import { QueryPage } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { modals } from '@/lib/modals';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { orderQuery, useOrderStep } from '@/features/terminals/api/terminals-api';

export function Component() {
  const { business_id: businessId = '', terminal_order_id: orderId = '' } = useParams();
  const order = useQuery(orderQuery(businessId, orderId));
  if (!order.data) return <QueryPage title="Terminal order" query={order} loadingLabel="Loading the order" />;
  return <OrderView businessId={businessId} order={order.data} />;
}

const NEXT_STEP_LABELS = { processing: 'Simulate: processing', shipped: 'Simulate: shipped', delivered: 'Simulate: delivered' } as const;
type SupplierStep = keyof typeof NEXT_STEP_LABELS;

function OrderView({ businessId, order }: { businessId: string; order: TerminalOrderDetail }) {
  const business = useBusiness(businessId);
  const mayChange = canChange(business.data, 'pos:manage');
  const step = useOrderStep(businessId, order.id);
  const money = (m: { amount: number; currency: string }) => formatMoneyWithCode(m.amount, m.currency);
  const next = TERMINAL_ORDER_NEXT[order.status].find((s): s is SupplierStep => s in NEXT_STEP_LABELS);
  const testMode = business.data?.test_mode ?? false;

  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Cancel order',
      children: <Text size="sm">Order {order.number} will not be shipped. This cannot be undone.</Text>,
      labels: { confirm: 'Cancel order', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => step.mutate({ status: 'cancelled' }, { onSuccess: () => notifySuccess(`Order ${order.number} cancelled.`) }),
    });
  const advance = () => {
    if (!next) return;
    const tracking = next === 'shipped' ? `SIM${order.id.replace(/-/g, '').slice(0, 10).toUpperCase()}` : undefined;
    step.mutate(tracking ? { status: next, tracking_number: tracking } : { status: next }, {
      onSuccess: (o) => notifySuccess(`Order ${o.number} is ${TERMINAL_ORDER_STATUS_LABELS[o.status].toLowerCase()}.`),
    });
  };
  const s = order.shipping;

  return (
    <DetailLayout
      back={{ to: href('pos.terminals', { business_id: businessId }), label: 'All card terminals' }}
      title={`Order ${order.number}`}
      status={<StatusBadge kind="terminalOrder" status={order.status} />}
      facts={[
        { label: 'Total', value: money(order.total) },
        { label: 'Readers', value: String(order.reader_count) },
        { label: 'Placed', value: <BusinessTime at={order.created_at} /> },
        order.tracking_number ? { label: 'Tracking number', value: order.tracking_number, copy: order.tracking_number } : null,
      ]}
      actions={[
        mayChange &&
          testMode &&
          next && { label: NEXT_STEP_LABELS[next], icon: <IconTruckDelivery size={16} aria-hidden />, onClick: advance, loading: step.isPending },
        mayChange && order.status === 'placed' && { label: 'Cancel order', icon: <IconX size={16} aria-hidden />, danger: true, onClick: confirmCancel },
      ]}
      side={
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="order-timeline">
          <Title order={2} size="h4" id="order-timeline" mb="sm">
            Timeline
          </Title>
          <Timeline active={order.timeline.length - 1} bulletSize={14} lineWidth={2}>
            {order.timeline.map((event, i) => (
              <Timeline.Item key={i} title={TERMINAL_ORDER_STATUS_LABELS[event.status]}>
                <Text size="xs" c="dimmed">
                  <BusinessTime at={event.at} />
                </Text>
                {event.tracking_number ? <Text size="sm">Tracking number {event.tracking_number}</Text> : null}
              </Timeline.Item>
            ))}
          </Timeline>
        </Paper>
      }
    >
      <Stack gap="lg">
        <DataList
          label="Readers ordered"
          rows={order.items}
          rowKey={(i) => i.model}
          columns={[
            { header: 'Model', card: 'title', rowHeader: true, cell: (i) => i.name },
            { header: 'Unit price', align: 'right', nowrap: true, cell: (i) => money(i.unit_price) },
            { header: 'Quantity', align: 'right', cell: (i) => String(i.quantity) },
            { header: 'Amount', card: 'amount', align: 'right', nowrap: true, cell: (i) => money(i.amount) },
          ]}
          total={{ label: 'Total', value: money(order.total) }}
        />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="order-address">
          <Title order={2} size="h4" id="order-address" mb="xs">
            Shipping address
          </Title>
          <Text size="sm">{s.recipient}</Text>
          <Text size="sm">{[s.line1, s.line2].filter(Boolean).join(', ')}</Text>
          <Text size="sm">{[s.city, s.state, s.postal_code].filter(Boolean).join(' ')}</Text>
        </Paper>
      </Stack>
    </DetailLayout>
  );
}
