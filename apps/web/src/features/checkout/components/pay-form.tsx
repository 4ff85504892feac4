import { Button, Divider, Group, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import {
  checkoutPath,
  grossUpForFee,
  PAYMENT_METHOD_LABELS,
  type Checkout,
  type CheckoutPayment,
  type CheckoutSourceKind,
  type PaymentMethod,
  type PaymentMethodDetails,
} from '@merchant/payments';
import { MoneyInput } from '@/components/money-input';
import { useMoneyField } from '@/components/form/use-money-field';
import { ApiError } from '@/lib/api-client';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { usePay } from '@/features/checkout/api/checkout-api';
import { CardFields, EMPTY_CARD, parseExpiry, type CardValues } from '@/features/checkout/components/card-fields';
import { FailureAlert } from '@/features/checkout/components/checkout-status';
import { wrapPoints } from '@/components/long-text';

/** What the customer pays with a method: the amount, plus the method's fee when the merchant passes it on. */
export function totalWith(checkout: Checkout, method: Checkout['methods'][number], amount: number): number {
  return method.pass_fee_to_customer ? grossUpForFee(amount, method.method, checkout.currency) : amount;
}

/**
 * The checkout's form: the amount (the money input when the customer chooses it), the fields the source
 * collects, the methods and the card. Paying starts a payment of the source and confirms it; a payment started
 * elsewhere (`started`: an invoice's, made on the invoice host) is only confirmed, and when it fails for good
 * `onFailed` lets the page show where to try again.
 */
export function PayForm({
  checkout,
  source,
  started,
  onFailed,
}: {
  checkout: Checkout;
  source: { kind: CheckoutSourceKind; publicId: string } | null;
  started?: string;
  onFailed?: () => void;
}) {
  const navigate = useNavigate();
  const pay = usePay(source);
  const { currency } = checkout;
  const chosen = useMoneyField();
  const chosenAmount = chosen.amount;
  const [email, setEmail] = useState(checkout.prefill.email ?? '');
  const [phone, setPhone] = useState(checkout.prefill.phone ?? '');
  const [note, setNote] = useState('');
  const [methodName, setMethodName] = useState<PaymentMethod | undefined>(checkout.methods[0]?.method);
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** A payment started and still payable (its confirm was refused before any charge): the next try confirms it. */
  const [payable, setPayable] = useState<{ id: string; amount: number | null } | null>(started ? { id: started, amount: null } : null);

  if (checkout.unavailable) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Title order={1} size="h3" mb="xs">
          {checkout.purpose}
        </Title>
        <Text size="sm" role="status">
          {checkout.unavailable}
        </Text>
      </Paper>
    );
  }

  const amount = checkout.amount?.amount ?? chosenAmount;
  const method = checkout.methods.find((m) => m.method === methodName);
  const total = method && amount !== null ? totalWith(checkout, method, amount) : amount;
  const money = (minor: number) => formatMoneyWithCode(minor, currency);

  const after = (payment: CheckoutPayment) => {
    if (payment.status === 'succeeded') {
      if (checkout.redirect_url) window.location.assign(checkout.redirect_url);
      else void navigate(checkoutPath('receipt', payment.public_id));
      return;
    }
    if (payment.status === 'requires_action') {
      void navigate(checkoutPath('payment', payment.public_id));
      return;
    }
    setPayable(null);
    setFailure(payment.failure?.message ?? 'The payment did not go through. Try again or use another method.');
    onFailed?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!method) return;
    const local: Record<string, string> = {};
    if (amount === null) local.amount = 'Enter the amount to pay';
    const expiry = parseExpiry(card.expiry);
    if (method.method === 'card' && !expiry) local.expiry = 'Enter the expiry as MM/YY';
    setErrors(local);
    chosen.setError(local.amount);
    if (Object.keys(local).length > 0) return;
    let details: PaymentMethodDetails;
    if (method.method === 'card') {
      if (!expiry) return;
      details = { method: 'card', card: { number: card.number, cvc: card.cvc, ...expiry } };
    } else {
      details = { method: method.method };
    }
    const reuse = payable && payable.amount === chosenAmount ? payable.id : null;
    pay.mutate(
      {
        start: { ...(checkout.amount ? {} : { amount: amount ?? undefined }), name: card.name, email, phone, note },
        details,
        payable: reuse,
      },
      {
        onSuccess: after,
        onError: (error) => {
          const paymentId = (error as { paymentId?: string }).paymentId;
          const stillPayable = paymentId && error instanceof ApiError && error.body?.code !== 'PAYMENT_NOT_PAYABLE';
          setPayable(stillPayable ? { id: paymentId, amount: chosenAmount } : null);
          if (!stillPayable && started) onFailed?.();
          const issues = fieldErrors(error);
          setErrors(issues);
          chosen.setError(issues.amount);
          setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate aria-labelledby="checkout-purpose">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3" id="checkout-purpose" style={{ overflowWrap: 'break-word' }}>
            {wrapPoints(checkout.purpose)}
          </Title>
          {checkout.amount ? (
            <Text size="xl" fw={700} mt={4} data-testid="checkout-amount">
              {money(checkout.amount.amount)}
            </Text>
          ) : null}
        </div>
        {checkout.amount ? null : <MoneyInput {...chosen.input(currency)} label="Amount to pay" required />}
        {checkout.collect.email ? (
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
          />
        ) : null}
        {checkout.collect.phone ? (
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={errors.phone}
            required
          />
        ) : null}
        {checkout.collect.note ? (
          <Textarea label="Note to the business" value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} autosize minRows={2} />
        ) : null}
        <Divider />
        {checkout.methods.length === 0 ? (
          <Text size="sm" role="status">
            This business takes no payments online right now.
          </Text>
        ) : (
          <Radio.Group label="Pay with" value={methodName ?? null} onChange={(v) => setMethodName(v as PaymentMethod)} error={errors.method}>
            <Stack gap="xs" mt="xs">
              {checkout.methods.map((m) => (
                <Radio.Card key={m.method} value={m.method} p="sm" radius="md" withBorder aria-label={methodLabel(checkout, m, amount, money)}>
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator aria-hidden />
                    <div>
                      <Text size="sm" fw={600}>
                        {PAYMENT_METHOD_LABELS[m.method]}
                      </Text>
                      {m.pass_fee_to_customer && amount !== null ? (
                        <Text size="xs" c="dimmed">
                          Fee {money(totalWith(checkout, m, amount) - amount)} added
                        </Text>
                      ) : null}
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
        {method?.method === 'card' ? <CardFields value={card} onChange={setCard} errors={errors} /> : null}
        <FailureAlert message={failure} />
        {method ? (
          <Button type="submit" size="md" loading={pay.isPending} fullWidth>
            {total !== null ? `Pay ${money(total)}` : 'Pay'}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

function methodLabel(checkout: Checkout, m: Checkout['methods'][number], amount: number | null, money: (minor: number) => string): string {
  const label = PAYMENT_METHOD_LABELS[m.method];
  return m.pass_fee_to_customer && amount !== null ? `${label}, fee ${money(totalWith(checkout, m, amount) - amount)} added` : label;
}
