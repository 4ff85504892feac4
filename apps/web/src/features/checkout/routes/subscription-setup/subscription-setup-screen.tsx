import { useState, type FormEvent } from 'react';
import { Alert, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatDateTime, formatMoneyWithCode } from '@merchant/core';
import { planIntervalLabel, type SavedMethod, type SubscriptionSetupPage, type SubscriptionSetupResult } from '@merchant/payments';
import { CheckoutFrame } from '@/components/checkout-frame';
import { LoadingScreen } from '@/components/loading-screen';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { subscriptionSetupQuery, useSaveSubscriptionCard, useStartSetupDirectDebit } from '@/features/checkout/api/checkout-api';
import { CardFields, EMPTY_CARD, parseExpiry, type CardValues } from '@/features/checkout/components/card-fields';
import { CheckoutUnavailable } from '@/features/checkout/components/checkout-status';

/** The customer saves (or updates) the card a subscription charges (`/s/:id`, mailed by the business). */
export function Component() {
  const { public_id: publicId = '' } = useParams();
  const page = useQuery(subscriptionSetupQuery(publicId));
  if (page.isPending) return <LoadingScreen />;
  if (page.isError) {
    return (
      <CheckoutFrame business={null} testMode={false}>
        <CheckoutUnavailable error={page.error} what="link" />
      </CheckoutFrame>
    );
  }
  return (
    <CheckoutFrame business={page.data.business} testMode={page.data.test_mode} testCards>
      <SetupCard publicId={publicId} page={page.data} />
    </CheckoutFrame>
  );
}

function SetupCard({ publicId, page }: { publicId: string; page: SubscriptionSetupPage }) {
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<SubscriptionSetupResult | null>(null);
  const save = useSaveSubscriptionCard(publicId);
  const directDebit = useStartSetupDirectDebit(publicId);
  // The bank account form is a page of its own: an authorised mandate saves itself on this setup and comes back here.
  const payByDirectDebit = () => directDebit.mutate(undefined, { onSuccess: ({ mandate_url }) => window.location.assign(mandate_url) });
  const price = `${formatMoneyWithCode(page.amount.amount, page.amount.currency)} ${planIntervalLabel(page).toLowerCase()}`;
  const updating = page.status !== 'pending';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expiry = parseExpiry(card.expiry);
    if (!expiry) return setErrors({ expiry: 'Enter the expiry as MM/YY' });
    setErrors({});
    save.mutate(
      { number: card.number, cvc: card.cvc, ...expiry },
      {
        onSuccess: (result) => {
          setDone(result);
          // The business's own page, told which subscription and its status (as a paid payment request's redirect).
          if (result.redirect_url) window.location.assign(result.redirect_url);
        },
        onError: (error) => setErrors(fieldErrors(error)),
      },
    );
  };

  if (done) return <Saved page={page} result={done} />;
  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} size="h3">
              {updating ? 'Update your card' : 'Set up your subscription'}
            </Title>
            <Text size="sm" mt={4}>
              {page.name}: {price}, charged by {page.business.name} to the card or bank account you give here.
            </Text>
            {!updating && page.trial_end_at ? (
              <Text size="sm" mt={4}>
                Free until {formatDateTime(page.trial_end_at, page.time_zone)}; the first charge follows the trial.
              </Text>
            ) : null}
            {!updating && !page.trial_end_at ? (
              <Text size="sm" mt={4}>
                The first charge is made when you save your card.
              </Text>
            ) : null}
          </div>
          {page.unavailable ? (
            <>
              {page.method ? <Text size="sm">{savedMethodText(page.method)}</Text> : null}
              <Alert color="red" role="alert">
                {page.unavailable}
              </Alert>
            </>
          ) : (
            <>
              <CardFields value={card} onChange={setCard} errors={errors} />
              {save.isError && Object.keys(fieldErrors(save.error)).length === 0 ? (
                <Alert color="red" role="alert">
                  {errorMessage(save.error)}
                </Alert>
              ) : null}
              <Button type="submit" loading={save.isPending} fullWidth>
                {/* Without a trial, saving charges the first period: the button says so. */}
                {!updating && !page.trial_end_at ? `Save card and pay ${formatMoneyWithCode(page.amount.amount, page.amount.currency)}` : 'Save card'}
              </Button>
              <Text size="xs" c="dimmed">
                Your card number is kept by the payment provider, never by {page.business.name}.
              </Text>
              <Divider label="or" labelPosition="center" />
              {directDebit.isError ? (
                <Alert color="red" role="alert">
                  {errorMessage(directDebit.error)}
                </Alert>
              ) : null}
              <Button variant="default" onClick={payByDirectDebit} loading={directDebit.isPending} fullWidth>
                Pay by direct debit
              </Button>
              <Text size="xs" c="dimmed">
                Give your bank account instead of a card: your bank asks you to authorise {page.business.name} to collect the payments.
              </Text>
            </>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

/** What the subscription is paid with now, as the customer reads it (after a direct debit brought them back here). */
function savedMethodText(method: SavedMethod): string {
  if (method.kind === 'direct_debit') return `Paid by direct debit from ${method.brand ?? 'your bank'}, account ending ${method.last4 ?? '—'}.`;
  return `Paid by card ending ${method.last4 ?? '—'}.`;
}

function Saved({ page, result }: { page: SubscriptionSetupPage; result: SubscriptionSetupResult }) {
  const failed = result.first_charge?.outcome === 'failed';
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={1} size="h3">
          Card saved
        </Title>
        <Text size="sm">
          Card ending {result.method.last4} will be charged for {page.name}.
        </Text>
        {result.first_charge?.outcome === 'succeeded' ? (
          <Text size="sm">Your payment of {formatMoneyWithCode(page.amount.amount, page.amount.currency)} went through. A receipt is on its way.</Text>
        ) : null}
        {failed ? (
          <Alert color="red" role="alert">
            The charge failed: {result.first_charge?.message ?? 'the card was declined.'} We will try again
            {result.next_charge_at ? ` on ${formatDateTime(result.next_charge_at, page.time_zone)}` : ''}, or use another card through the link we mail you.
          </Alert>
        ) : null}
        {result.next_charge_at && !failed ? <Text size="sm">Next charge: {formatDateTime(result.next_charge_at, page.time_zone)}.</Text> : null}
      </Stack>
    </Paper>
  );
}
