import { useState } from 'react';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBan, IconPackage, IconReceiptRefund, IconTruck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EMPTY_VALUE, formatMoneyWithCode } from '@merchant/core';
import { type StoreOrder } from '@merchant/catalogue';
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
import { notifyError, notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { storeOrderQuery, useFulfilStoreOrder } from '@/features/store-orders/api/store-orders-api';
import { RefundModal, ShipModal } from '@/features/store-orders/components/fulfil-modal';

/** One online store order: lines, totals, customer, delivery; its fulfilment steps, a refund, and cancel. */
export function Component() {
  const { business_id: businessId = '', b_order: orderId = '' } = useParams();
  const detail = useQuery(storeOrderQuery(businessId, orderId));
  const listHref = href('online-store.orders', { business_id: businessId });
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

const STEP_LABELS = { packed: 'Mark packed', delivered: 'Mark delivered', picked_up: 'Mark picked up' } as const;

function deliveryText(order: StoreOrder): string {
  const choice = order.delivery_choice;
  if (order.delivery_method === 'pickup') return choice?.kind === 'pickup' ? `Pickup at ${choice.name}, ${choice.address}` : 'Pickup at the store';
  const a = order.shipping_address;
  const where = a ? [a.line1, a.line2, a.city, a.state, a.postal_code, a.country].filter(Boolean).join(', ') : '';
  return `${choice?.kind === 'rate' ? `${choice.name} shipping` : 'Shipping'} to ${where}`;
}

function Detail({ businessId, order, listHref }: { businessId: string; order: StoreOrder; listHref: string }) {
  const business = useBusiness(businessId);
  const zone = business.data?.time_zone ?? 'UTC';
  const [shipping, setShipping] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const fulfil = useFulfilStoreOrder(businessId, order.id);
  const money = (m: { amount: number; currency: string }) => formatMoneyWithCode(m.amount, m.currency);
  const manage = canChange(business.data, 'store:manage');
  const left = order.total.amount - order.refunded.amount;
  const leftStore = ['shipped', 'delivered', 'picked_up'].includes(order.fulfilment);
  const step = (s: 'packed' | 'delivered' | 'picked_up') =>
    fulfil.mutate({ step: s }, { onSuccess: () => notifySuccess(`Order ${order.reference}: ${STEP_LABELS[s].replace('Mark ', '')}.`), onError: notifyError });

  return (
    <DetailLayout
      back={{ to: listHref, label: 'All orders' }}
      title={`Order ${order.reference}`}
      status={
        <>
          <StatusBadge kind="storeOrder" status={order.status} /> <StatusBadge kind="storeFulfilment" status={order.fulfilment} />
        </>
      }
      facts={[
        { label: 'Total', value: money(order.total) },
        { label: 'Placed', value: formatBusinessDateTime(order.created_at, zone) },
        { label: 'Customer', value: order.customer.name },
        order.payment_id && { label: 'Payment', value: order.payment_id, copy: order.payment_id },
      ]}
      actions={[
        ...(manage
          ? order.next_fulfilment.map((s) =>
              s === 'shipped'
                ? { label: 'Mark shipped', icon: <IconTruck size={16} aria-hidden />, onClick: () => setShipping(true), primary: true }
                : s === 'unfulfilled'
                  ? null
                  : { label: STEP_LABELS[s], icon: <IconPackage size={16} aria-hidden />, onClick: () => step(s) },
            )
          : []),
        manage &&
          order.status === 'paid' &&
          left > 0 && { label: 'Refund', icon: <IconReceiptRefund size={16} aria-hidden />, onClick: () => setRefunding(true) },
        manage &&
          order.status !== 'cancelled' &&
          !leftStore && {
            label: 'Cancel order',
            icon: <IconBan size={16} aria-hidden />,
            to: href('online-store.orders-cancel', { business_id: businessId, b_order: order.id }),
            danger: true,
          },
      ]}
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Order">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Field label="Subtotal">{money(order.subtotal)}</Field>
          <Field label="Discount">{order.discount.amount > 0 ? `${money(order.discount)}${order.coupon_code ? ` (${order.coupon_code})` : ''}` : null}</Field>
          <Field label="Delivery">{money(order.shipping)}</Field>
          <Field label="Tax">{money(order.tax)}</Field>
          <Field label="Refunded">{money(order.refunded)}</Field>
          <Field label="Email">{order.customer.email}</Field>
          <Field label="Delivery method">{deliveryText(order)}</Field>
          <Field label="Carrier">{order.carrier}</Field>
          <Field label="Tracking number">{order.tracking_number}</Field>
          {order.cancel_reason ? <Field label="Cancelled because">{order.cancel_reason}</Field> : null}
        </SimpleGrid>
      </Paper>
      <DataList
        label="Lines"
        rows={order.lines}
        rowKey={(l) => l.id}
        columns={[
          {
            header: 'Item',
            card: 'title',
            cell: (l) => [l.name, l.variant, l.add_ons.length > 0 ? `with ${l.add_ons.map((a) => a.name).join(', ')}` : null].filter(Boolean).join(' · '),
          },
          { header: 'Quantity', align: 'right', cell: (l) => String(l.quantity) },
          { header: 'Unit price', align: 'right', nowrap: true, cell: (l) => money(l.unit_price) },
          { header: 'Total', card: 'amount', align: 'right', nowrap: true, cell: (l) => money(l.total) },
        ]}
        total={{ label: 'Total', value: money(order.total) }}
      />
      <ShipModal businessId={businessId} order={order} opened={shipping} onClose={() => setShipping(false)} />
      <RefundModal businessId={businessId} order={order} opened={refunding} onClose={() => setRefunding(false)} />
    </DetailLayout>
  );
}
