import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { formatDateTime, formatMoneyWithCode } from '@merchant/core';
import { receiptPaidWith, type Receipt } from '@merchant/payments';
import { LoadingScreen } from '@/components/loading-screen';
import { receiptQuery } from '@/features/checkout/api/checkout-api';
import { CheckoutFrame } from '@/components/checkout-frame';
import { withWrapPoints } from '@/components/long-text';
import { CheckoutUnavailable } from '@/features/checkout/components/checkout-status';

/** The receipt of a succeeded payment (`/r/:id`). */
export function Component() {
  const { public_id: publicId = '' } = useParams();
  const receipt = useQuery(receiptQuery(publicId));
  if (receipt.isPending) return <LoadingScreen />;
  if (receipt.isError) {
    return (
      <CheckoutFrame business={null} testMode={false}>
        <CheckoutUnavailable error={receipt.error} what="receipt" />
      </CheckoutFrame>
    );
  }
  return (
    <CheckoutFrame business={receipt.data.business} testMode={receipt.data.test_mode}>
      <ReceiptCard receipt={receipt.data} />
    </CheckoutFrame>
  );
}

/**
 * A fact of the receipt: its label on one line at every width (never "Paid / with"), the value taking what is left. A
 * long value (an email) wraps before its "@" and dots, as in the tables, never inside a word.
 */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
      <Text size="sm" c="dimmed" component="dt" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} ta="right" miw={0} style={{ overflowWrap: 'break-word' }}>
        {withWrapPoints(children)}
      </Text>
    </Group>
  );
}

function ReceiptCard({ receipt }: { receipt: Receipt }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3">
            Payment received
          </Title>
          <Text size="sm" mt={4}>
            Thank you. {receipt.business.name} has received your payment.
          </Text>
        </div>
        <Text size="xl" fw={700} data-testid="receipt-amount">
          {formatMoneyWithCode(receipt.amount.amount, receipt.amount.currency)}
        </Text>
        <Stack gap="xs" component="dl" m={0}>
          {receipt.purpose ? <Row label="For">{receipt.purpose}</Row> : null}
          {receipt.reference ? <Row label="Reference">{receipt.reference}</Row> : null}
          <Row label="Paid with">{receiptPaidWith(receipt)}</Row>
          <Row label="Date">{formatDateTime(receipt.paid_at, receipt.business.time_zone)}</Row>
          <Row label="Paid to">{receipt.business.name}</Row>
          <Row label="Receipt number">
            <span data-testid="receipt-number" style={{ whiteSpace: 'nowrap' }}>
              {receipt.receipt_number}
            </span>
          </Row>
          {receipt.sent_to ? <Row label="Sent to">{receipt.sent_to}</Row> : null}
        </Stack>
      </Stack>
    </Paper>
  );
}
