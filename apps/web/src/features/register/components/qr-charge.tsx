import { useEffect } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@merchant/core';
import { PayNowQr } from '@/components/paynow-qr';
import { errorMessage } from '@/lib/error-message';
import { qrPaymentQuery, useSimulateQrScan, useStartQrPayment } from '../api/register-api';

/**
 * A PayNow QR for one amount, shown to the customer (the checkout's PayNow flow): the register starts the payment,
 * draws its QR and asks the server every two seconds whether it was paid; once paid, the payment names the sale's
 * PayNow tender. A QR that failed or expired can be shown again (a new payment). In test mode the cashier simulates
 * the customer's bank app paying.
 */
export function QrCharge({
  businessId,
  amount,
  currency,
  testMode,
  label,
  busy,
  onPaid,
}: {
  businessId: string;
  amount: number;
  currency: string;
  testMode: boolean;
  label: string;
  busy: boolean;
  onPaid: (paymentId: string) => void;
}) {
  const start = useStartQrPayment(businessId);
  const shown = start.data && start.data.amount.amount === amount ? start.data : null;
  const state = useQuery(qrPaymentQuery(businessId, shown?.payment_id ?? null));
  const simulate = useSimulateQrScan(businessId);
  const payment = state.data ?? shown;
  const paidId = payment?.status === 'succeeded' ? payment.payment_id : null;
  useEffect(() => {
    if (paidId) onPaid(paidId);
    // onPaid is called once per paid payment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paidId]);

  if (!payment || payment.status === 'failed' || payment.status === 'expired') {
    return (
      <Stack gap="sm">
        {payment ? (
          <Alert color="red" role="alert" title="The PayNow payment did not go through">
            Nothing was paid: show a new QR, or take another tender.
          </Alert>
        ) : null}
        {start.error ? (
          <Alert color="red" role="alert">
            {errorMessage(start.error)}
          </Alert>
        ) : null}
        <Text size="sm">The customer scans the QR with their banking app and pays {formatMoney(amount, currency)}.</Text>
        <Button size="lg" onClick={() => start.mutate(amount)} loading={start.isPending}>
          {label}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" align="center">
      {payment.qr_payload ? <PayNowQr payload={payment.qr_payload} alt={`PayNow QR for ${formatMoney(amount, currency)}`} /> : null}
      <Text size="sm" role="status" ta="center">
        {payment.status === 'succeeded'
          ? `PayNow payment of ${formatMoney(amount, currency)} received.`
          : `Waiting for the customer to pay ${formatMoney(amount, currency)}…`}
      </Text>
      {payment.status === 'succeeded' && !busy ? <Button onClick={() => onPaid(payment.payment_id)}>Record the sale</Button> : null}
      {testMode && payment.status === 'waiting' ? (
        <Group>
          <Button variant="light" onClick={() => simulate.mutate(payment.payment_id)} loading={simulate.isPending || busy}>
            Simulate: the customer pays
          </Button>
        </Group>
      ) : null}
      {simulate.error ? (
        <Alert color="red" role="alert">
          {errorMessage(simulate.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
