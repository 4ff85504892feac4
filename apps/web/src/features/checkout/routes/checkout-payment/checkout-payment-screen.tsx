import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { checkoutEndpoints, checkoutPath, type Checkout, type CheckoutPayment, type CheckoutPaymentState } from '@merchant/payments';
import { LoadingScreen } from '@/components/loading-screen';
import { errorMessage } from '@/lib/error-message';
import { endpointKey } from '@/lib/queries';
import { paymentQuery, useAction, type Decision } from '@/features/checkout/api/checkout-api';
import { CheckoutFrame } from '@/components/checkout-frame';
import { CheckoutUnavailable, FailureAlert } from '@/features/checkout/components/checkout-status';
import { PayForm } from '@/features/checkout/components/pay-form';
import { PayNowQr } from '@/components/paynow-qr';

/**
 * A payment in progress (`/p/:id`): the 3-D Secure challenge, the PayNow QR or the e-wallet's page, then where it
 * ends. The payment's state brings the business's header and the way back, so the page also stands on its own.
 */
export function Component() {
  const { public_id: publicId = '' } = useParams();
  const payment = useQuery(paymentQuery(publicId));
  if (payment.isPending) return <LoadingScreen />;
  if (payment.isError)
    return (
      <CheckoutFrame business={null} testMode={false}>
        <CheckoutUnavailable error={payment.error} what="payment" />
      </CheckoutFrame>
    );
  return (
    <CheckoutFrame business={payment.data.business} testMode={payment.data.test_mode} testCards>
      <PaymentStep payment={payment.data} />
    </CheckoutFrame>
  );
}

function PaymentStep({ payment }: { payment: CheckoutPaymentState }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const action = useAction(payment.public_id);
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoneyWithCode(payment.amount.amount, payment.amount.currency);

  // Success ends here: the link's redirect URL when it has one, otherwise the receipt.
  useEffect(() => {
    if (payment.status !== 'succeeded') return;
    if (payment.redirect_url) window.location.assign(payment.redirect_url);
    else void navigate(checkoutPath('receipt', payment.public_id), { replace: true });
  }, [payment.status, payment.public_id, payment.redirect_url, navigate]);

  const decide = (decision: Decision) => {
    if (!payment.next_action) return;
    setError(null);
    action.mutate(
      { action: payment.next_action.kind, decision },
      {
        // The action answers the payment alone: the business's header and the way back stay as they were.
        onSuccess: (next: CheckoutPayment) =>
          client.setQueryData(endpointKey(checkoutEndpoints.payment, { params: { public_id: payment.public_id } }), (prev?: CheckoutPaymentState) =>
            prev ? { ...prev, ...next } : prev,
          ),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  if (payment.status === 'succeeded') return <LoadingScreen />;
  // A payment started on another page (an invoice's) and not paid yet: the checkout's form pays it here.
  if (payment.status === 'requires_payment_method' && payment.methods.length > 0) {
    return (
      <Stack gap="sm">
        <PayForm
          checkout={checkoutOf(payment)}
          source={null}
          started={payment.public_id}
          onFailed={() => void client.invalidateQueries({ queryKey: endpointKey(checkoutEndpoints.payment, { params: { public_id: payment.public_id } }) })}
        />
        {payment.back_url ? (
          <Anchor href={payment.back_url} size="sm" ta="center">
            Go back without paying
          </Anchor>
        ) : null}
      </Stack>
    );
  }
  if (payment.status === 'failed' || !payment.next_action) {
    const failed = payment.status === 'failed';
    // Started and never paid within its time (a day): a new payment is the way on.
    const expired = payment.status === 'expired';
    return (
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={1} size="h3">
            {failed ? 'Payment failed' : expired ? 'Payment expired' : 'Payment in progress'}
          </Title>
          <FailureAlert
            message={
              failed ? (payment.failure?.message ?? 'The payment did not go through.') : expired ? 'This payment was not paid in time. Start a new one.' : null
            }
          />
          {failed || expired ? null : <Text size="sm">This payment is not finished yet. Refresh the page in a moment.</Text>}
          {payment.source ? (
            <Anchor component={Link} to={checkoutPath(payment.source.kind, payment.source.public_id)}>
              Try again
            </Anchor>
          ) : payment.back_url ? (
            <Anchor href={payment.back_url}>Try again</Anchor>
          ) : null}
        </Stack>
      </Paper>
    );
  }

  const next = payment.next_action;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        {next.kind === 'three_d_secure' ? (
          <>
            <Title order={1} size="h3">
              Confirm it is you
            </Title>
            <Text size="sm">
              Your bank asks you to approve this payment of {amount}
              {payment.card ? ` with the card ending ${payment.card.last4}` : ''}. This is the test provider&apos;s challenge page.
            </Text>
            <Decisions busy={action.isPending} onDecide={decide} approve="Approve" fail="Fail authentication" />
          </>
        ) : next.kind === 'ewallet_redirect' ? (
          <>
            <Title order={1} size="h3">
              E-wallet
            </Title>
            <Text size="sm">Approve the payment of {amount} in your e-wallet. This is the test provider&apos;s approval page.</Text>
            <Decisions busy={action.isPending} onDecide={decide} approve="Approve" fail="Cancel payment" />
          </>
        ) : (
          <>
            <Title order={1} size="h3">
              Scan to pay {amount}
            </Title>
            <Text size="sm">Open your bank app, scan the PayNow QR code and confirm. This page moves on by itself once the payment arrives.</Text>
            <PayNowQr payload={next.payload} />
            <Group gap="xs" justify="center" role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm">Waiting for the payment</Text>
            </Group>
            {payment.test_mode ? (
              <Button variant="default" onClick={() => decide('approve')} loading={action.isPending}>
                Simulate scan
              </Button>
            ) : null}
          </>
        )}
        <FailureAlert message={error} />
      </Stack>
    </Paper>
  );
}

/** A started payment as the checkout's form takes it: its amount is fixed, nothing more is collected. */
function checkoutOf(payment: CheckoutPaymentState): Checkout {
  return {
    business: payment.business,
    amount: payment.amount,
    currency: payment.amount.currency,
    purpose: payment.purpose ?? 'Payment',
    collect: { email: false, phone: false, note: false },
    prefill: { email: null, phone: null },
    methods: payment.methods,
    redirect_url: payment.redirect_url,
    unavailable: null,
    test_mode: payment.test_mode,
  };
}

function Decisions({ busy, onDecide, approve, fail }: { busy: boolean; onDecide: (d: Decision) => void; approve: string; fail: string }) {
  return (
    <Group grow>
      <Button onClick={() => onDecide('approve')} disabled={busy}>
        {approve}
      </Button>
      <Button variant="default" onClick={() => onDecide('fail')} disabled={busy}>
        {fail}
      </Button>
    </Group>
  );
}
