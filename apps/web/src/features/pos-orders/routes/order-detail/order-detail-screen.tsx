import { useState } from 'react';
import { Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EMPTY_VALUE, formatMoneyWithCode } from '@merchant/core';
import { TENDER_LABELS, type Order } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { DataList } from '@/components/data-list';
import { DetailLayout } from '@/components/detail-layout';
import { ErrorState } from '@/components/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { StatusBadge } from '@/components/status-badge';
import { NotFound } from '@/components/status-page';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatBusinessDateTime } from '@/lib/format';
import { canChange, useBusiness } from '@/lib/session';
import { orderQuery } from '@/features/pos-orders/api/pos-orders-api';
import { MailReceipt } from '@/components/mail-receipt';
import { RefundOrderModal } from '@/features/pos-orders/components/refund-order-modal';

/** One register order: its lines with add-ons and discounts, taxes, tenders, refunds and timeline; refund from here. */
export function Component() {
  const { business_id: businessId = '', b_order: orderId = '' } = useParams();
  const detail = useQuery(orderQuery(businessId, orderId));
  const listHref = href('pos.orders', { business_id: businessId });
  if (detail.isError) {
    if (detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 422)) return <NotFound homeHref={listHref} />;
    return <ErrorState message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />;
  }
  if (!detail.data) return <LoadingScreen />;
  return <Detail businessId={businessId} order={detail.data} listHref={listHref} />;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children ?? (
          <Text span c="dimmed" size="sm">
            {EMPTY_VALUE}
          </Text>
        )}
      </Text>
    </Stack>
  );
}

function Detail({ businessId, order, listHref }: { businessId: string; order: Order; listHref: string }) {
  const business = useBusiness(businessId);
  const zone = business.data?.time_zone ?? 'UTC';
  const [refunding, setRefunding] = useState(false);
  const money = (m: { amount: number; currency: string }) => formatMoneyWithCode(m.amount, m.currency);
  const refundable = order.status !== 'refunded';
  // Every register user may start a refund; without pos:manage a manager's PIN approves it in the dialog.
  const mayRefund = canChange(business.data, 'pos:use') && refundable;
  const needsApproval = !canChange(business.data, 'pos:manage');

  return (
    <DetailLayout
      back={{ to: listHref, label: 'All orders' }}
      title={`Order #${order.number}`}
      status={<StatusBadge kind="posOrder" status={order.status} />}
      facts={[
        { label: 'Total', value: money(order.total) },
        { label: 'Sold', value: formatBusinessDateTime(order.created_at, zone) },
        { label: 'Location', value: order.location.name },
        { label: 'Staff', value: order.staff.name },
      ]}
      actions={[mayRefund && { label: 'Refund', icon: <IconReceiptRefund size={16} aria-hidden />, onClick: () => setRefunding(true), primary: true }]}
      below={
        order.refunds.length > 0 ? (
          <DataList
            label="Refunds"
            minWidth={420}
            rows={order.refunds}
            rowKey={(r) => r.id}
            columns={[
              { header: 'Amount', card: 'amount', nowrap: true, cell: (r) => money(r.amount) },
              { header: 'Reason', card: 'title', cell: (r) => r.reason },
              {
                header: 'Paid back',
                cell: (r) => (r.tenders.length > 0 ? r.tenders.map((t) => `${TENDER_LABELS[t.kind]} ${money(t.amount)}`).join(', ') : 'Cash'),
              },
              { header: 'By', cell: (r) => r.staff.name },
              { header: 'Approved by', hideWhenEmpty: true, cell: (r) => r.approved_by?.name ?? '—' },
              { header: 'When', nowrap: true, cell: (r) => formatBusinessDateTime(r.created_at, zone) },
            ]}
          />
        ) : null
      }
      side={
        <Paper withBorder radius="md" p="md" component="section" aria-label="Timeline">
          <Title order={2} size="h4" mb="sm">
            Timeline
          </Title>
          <Timeline bulletSize={14} lineWidth={2}>
            {order.timeline.map((e) => (
              <Timeline.Item key={`${e.at}-${e.text}`} title={e.kind === 'sold' ? 'Sold' : 'Refunded'}>
                <Text size="sm">{e.text}</Text>
                <Text size="xs" c="dimmed">
                  {formatBusinessDateTime(e.at, zone)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Paper>
      }
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Order">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Field label="Subtotal">{money(order.subtotal)}</Field>
          <Field label="Discounts">{money(order.discount)}</Field>
          <Field label="Tax">{money(order.tax)}</Field>
          <Field label="Tip">{money(order.tip)}</Field>
          <Field label="Refunded">{money(order.refunded)}</Field>
          <Field label="Change given">{money(order.change)}</Field>
          <Field label="Customer">{order.customer?.name}</Field>
          <Field label="Table">{order.table_number}</Field>
          <Field label="Note">{order.note ?? order.description}</Field>
        </SimpleGrid>
      </Paper>
      <DataList
        label="Lines"
        minWidth={420}
        rows={order.lines}
        rowKey={(l) => l.id}
        columns={[
          { header: 'Item', card: 'title', cell: (l) => (l.add_ons.length > 0 ? `${l.name} with ${l.add_ons.map((a) => a.name).join(', ')}` : l.name) },
          {
            header: 'Quantity',
            align: 'right',
            cell: (l) => (l.refunded_quantity > 0 ? `${l.quantity} (${l.refunded_quantity} refunded)` : String(l.quantity)),
          },
          { header: 'Unit price', align: 'right', nowrap: true, cell: (l) => money(l.unit_price) },
          { header: 'Discount', align: 'right', nowrap: true, cell: (l) => (l.discount.amount > 0 ? money(l.discount) : '—') },
          { header: 'Total', card: 'amount', align: 'right', nowrap: true, cell: (l) => money(l.total) },
        ]}
        total={{ label: 'Total', value: money(order.total) }}
      />
      <DataList
        label="Tenders"
        minWidth={420}
        rows={order.order_tenders}
        rowKey={(t) => t.id}
        columns={[
          { header: 'Tender', card: 'title', cell: (t) => TENDER_LABELS[t.kind] },
          { header: 'Amount', card: 'amount', align: 'right', nowrap: true, cell: (t) => money(t.amount) },
          { header: 'Handed over', align: 'right', nowrap: true, cell: (t) => (t.tendered ? money(t.tendered) : '—') },
          { header: 'Change', align: 'right', nowrap: true, cell: (t) => (t.change ? money(t.change) : '—') },
          { header: 'Refunded', align: 'right', nowrap: true, hideWhenEmpty: true, cell: (t) => (t.refunded.amount > 0 ? money(t.refunded) : '—') },
        ]}
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Receipt">
        <Title order={2} size="h4" mb="sm">
          Receipt
        </Title>
        <MailReceipt businessId={businessId} orderId={order.id} customerName={order.customer?.name ?? null} />
      </Paper>
      <RefundOrderModal businessId={businessId} order={order} needsApproval={needsApproval} opened={refunding} onClose={() => setRefunding(false)} />
    </DetailLayout>
  );
}
