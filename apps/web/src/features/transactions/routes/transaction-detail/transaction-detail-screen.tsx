import { useState } from 'react';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconExternalLink, IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode, EMPTY_VALUE } from '@merchant/core';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_SOURCE_LABELS,
  REFUND_REASON_LABELS,
  refundableAmount,
  type PaymentEvent,
  type PaymentEventType,
  type TransactionDetail,
} from '@merchant/payments';
import { href } from '@/app/route-table';
import { ErrorState } from '@/components/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { DetailLayout } from '@/components/detail-layout';
import { NotFound } from '@/components/status-page';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { formatBusinessDateTime } from '@/lib/format';
import { TimeZoneNote } from '@/components/time-zone-note';
import { canChange, useBusiness } from '@/lib/session';
import { transactionQuery } from '@/features/transactions/api/transactions-api';
import { RefundModal } from '@/features/transactions/components/refund-modal';
import { StatusBadge } from '@/components/status-badge';
import { withWrapPoints } from '@/components/long-text';

export function Component() {
  const { business_id: businessId = '', b_charge: paymentId = '' } = useParams();
  const detail = useQuery(transactionQuery(businessId, paymentId));
  const listHref = href('payments.transactions', { business_id: businessId });
  if (detail.isError) {
    if (detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 422)) return <NotFound homeHref={listHref} />;
    return <ErrorState message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />;
  }
  if (!detail.data) return <LoadingScreen />;
  return <Detail businessId={businessId} detail={detail.data} listHref={listHref} />;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'break-word' }}>
        {withWrapPoints(children) ?? (
          <Text span c="dimmed" size="sm">
            {EMPTY_VALUE}
          </Text>
        )}
      </Text>
    </Stack>
  );
}

const EVENT_TITLES: Record<PaymentEventType, string> = {
  created: 'Payment started',
  method_selected: 'Payment method chosen',
  processing: 'Processing',
  requires_action: 'Waiting for the customer',
  action_approved: 'Customer approved',
  action_failed: 'Customer approval failed',
  succeeded: 'Payment succeeded',
  failed: 'Payment failed',
  refunded: 'Refunded',
  settled: 'Funds available',
  receipt_sent: 'Receipt sent',
  expired: 'Expired without being paid',
};

function eventText(event: PaymentEvent, currency: string): string | null {
  if (event.type === 'refunded' && typeof event.data.amount === 'number') {
    const reason =
      typeof event.data.reason === 'string' && event.data.reason in REFUND_REASON_LABELS
        ? REFUND_REASON_LABELS[event.data.reason as keyof typeof REFUND_REASON_LABELS]
        : null;
    return `${formatMoneyWithCode(event.data.amount, currency)}${reason ? ` · ${reason}` : ''}`;
  }
  return null;
}

function Detail({ businessId, detail, listHref }: { businessId: string; detail: TransactionDetail; listHref: string }) {
  const business = useBusiness(businessId);
  const zone = business.data?.time_zone ?? 'UTC';
  const [refunding, setRefunding] = useState(false);
  const { payment, events, refunds } = detail;
  // What the dialog offers and the server allows: the one rule of packages/payments.
  const refundable = {
    amount: refundableAmount({ status: payment.status, amount: payment.amount.amount, refunded: payment.refunded.amount }),
    currency: payment.amount.currency,
  };
  const money = (m: { amount: number; currency: string }) => formatMoneyWithCode(m.amount, m.currency);
  const canRefund = canChange(business.data, 'payments:refund') && refundable.amount > 0;
  const sourceHref =
    payment.source.id && payment.source.type === 'payment_link'
      ? href('payments.links-detail', { business_id: businessId, payment_request_id: payment.source.id })
      : payment.source.id && payment.source.type === 'static_qr'
        ? href('payments.static-qr-detail', { business_id: businessId, static_qr_code_id: payment.source.id })
        : payment.source.id && payment.source.type === 'invoice'
          ? href('payments.invoices-detail', { business_id: businessId, invoice: payment.source.id })
          : null;
  return (
    <DetailLayout
      back={{ to: listHref, label: 'All transactions' }}
      title={money(payment.amount)}
      status={<StatusBadge kind="payment" status={payment.status} />}
      facts={[
        {
          label: 'Payment ID',
          value: (
            <Text span size="sm" ff="monospace">
              {payment.public_id}
            </Text>
          ),
          copy: payment.public_id,
        },
        {
          label: 'Created',
          value: (
            <>
              {formatBusinessDateTime(payment.created_at, zone)} <TimeZoneNote zone={zone} />
            </>
          ),
        },
      ]}
      actions={[canRefund && { label: 'Refund', icon: <IconReceiptRefund size={16} aria-hidden />, onClick: () => setRefunding(true) }]}
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Payment">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Field label="Amount">{money(payment.amount)}</Field>
          <Field label="Fee">{money(payment.fee)}</Field>
          {/* The server's figure, read from the ledger: it drops with every refund. */}
          <Field label="Net">{money(detail.net)}</Field>
          <Field label="Refunded">{money(payment.refunded)}</Field>
          <Field label="Method">{payment.method ? PAYMENT_METHOD_LABELS[payment.method] : null}</Field>
          {payment.bank_account ? (
            <Field label="Bank account">{`${payment.bank_account.bank} •••• ${payment.bank_account.last4}`}</Field>
          ) : payment.card ? (
            <Field label="Card">
              {`${payment.card.brand.toUpperCase()} •••• ${payment.card.last4}, expires ${String(payment.card.exp_month).padStart(2, '0')}/${payment.card.exp_year}`}
            </Field>
          ) : null}
          <Field label="Purpose">{payment.description}</Field>
          <Field label="Customer">
            {payment.customer.id ? (
              <Anchor component={Link} to={href('payments.customers-detail', { business_id: businessId, customer: payment.customer.id })}>
                {payment.customer.name ?? payment.customer.email ?? 'Customer'}
              </Anchor>
            ) : (
              (payment.customer.name ?? payment.customer.email ?? 'Anonymous')
            )}
          </Field>
          <Field label="Customer email">{payment.customer.email}</Field>
          <Field label="Receipt">
            {detail.receipt_url ? (
              <Anchor href={detail.receipt_url} target="_blank" rel="noopener noreferrer">
                <Group gap={4} component="span">
                  The customer&rsquo;s receipt <IconExternalLink size={14} aria-label="(opens in a new tab)" />
                </Group>
              </Anchor>
            ) : (
              'No receipt: the payment was not paid'
            )}
          </Field>
          <Field label="Source">
            {sourceHref ? (
              <Anchor component={Link} to={sourceHref}>
                {payment.source.label ?? PAYMENT_SOURCE_LABELS[payment.source.type]}
              </Anchor>
            ) : (
              PAYMENT_SOURCE_LABELS[payment.source.type]
            )}
          </Field>
          <Field label="Reference">{payment.reference}</Field>
          {payment.integration ? <Field label="Plugin integration">{payment.integration.name}</Field> : null}
          {payment.failure ? <Field label="Failure">{payment.failure.message}</Field> : null}
        </SimpleGrid>
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="payment-timeline">
        <Title order={2} size="h4" id="payment-timeline">
          Timeline
        </Title>
        <Timeline bulletSize={14} lineWidth={2} active={events.length - 1}>
          {events.map((event) => (
            <Timeline.Item key={event.id} title={EVENT_TITLES[event.type]}>
              {eventText(event, payment.amount.currency) ? <Text size="sm">{eventText(event, payment.amount.currency)}</Text> : null}
              <Text size="xs" c="dimmed">
                <time dateTime={event.created_at}>{formatBusinessDateTime(event.created_at, zone)}</time>
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>

      {refunds.length > 0 ? (
        <Stack gap="sm" component="section" aria-labelledby="payment-refunds">
          <Title order={2} size="h4" id="payment-refunds">
            Refunds
          </Title>
          {refunds.map((r) => (
            <Paper key={r.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="wrap">
                <Text fw={600}>{money(r.amount)}</Text>
                <Text size="sm">{REFUND_REASON_LABELS[r.reason]}</Text>
                <Text size="sm" c="dimmed">
                  <time dateTime={r.created_at}>{formatBusinessDateTime(r.created_at, zone)}</time>
                </Text>
              </Group>
              {r.note ? (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {r.note}
                </Text>
              ) : null}
            </Paper>
          ))}
        </Stack>
      ) : null}

      <RefundModal businessId={businessId} paymentId={payment.id} refundable={refundable} opened={refunding} onClose={() => setRefunding(false)} />
    </DetailLayout>
  );
}
