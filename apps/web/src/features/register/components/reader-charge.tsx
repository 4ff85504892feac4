import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { formatMoney } from '@merchant/core';
import type { Reader, ReaderPayment } from '@merchant/pos';
import { useFormFields } from '@/components/form/form-fields';
import { errorMessage } from '@/lib/error-message';
import { READER_TEST_CARDS, useReaderPayment } from '@/lib/reader-payments';

/**
 * A card payment on the location's reader for one amount: the register asks the reader to collect it; the reader
 * answers approved (the register records the sale with the payment as its card tender), declined (nothing is charged;
 * try another card or tender), or asking for the cardholder's PIN. In test mode the cashier picks the test card the
 * simulated reader reads.
 */
export function ReaderCharge({
  businessId,
  reader,
  amount,
  currency,
  testMode,
  label,
  onPaid,
  busy,
}: {
  businessId: string;
  reader: Reader;
  amount: number;
  currency: string;
  testMode: boolean;
  label: string;
  onPaid: (paymentId: string) => void;
  busy: boolean;
}) {
  const { collect, pin, cancel } = useReaderPayment(businessId, reader.id);
  const form = useFormFields({ card: READER_TEST_CARDS[0]!.value, pin: '' });
  const [result, setResult] = useState<ReaderPayment | null>(null);
  const settle = (payment: ReaderPayment) => {
    setResult(payment);
    if (payment.status === 'succeeded') onPaid(payment.charge_id);
  };
  const take = () =>
    collect.mutate(
      { amount, card: { number: form.values.card, exp_month: 12, exp_year: new Date().getFullYear() + 3 } },
      { onSuccess: settle, onError: form.handleServerError },
    );
  const enterPin = () => {
    if (!result) return;
    if (!/^\d{4,6}$/.test(form.values.pin)) return form.setErrors({ pin: 'Enter the 4 to 6 digit PIN' });
    pin.mutate({ paymentId: result.charge_id, pin: form.values.pin }, { onSuccess: settle, onError: form.handleServerError });
  };

  if (result?.status === 'requires_pin') {
    return (
      <Stack gap="sm">
        <Text size="sm" role="status">
          {reader.name} asks the cardholder for their PIN.
        </Text>
        <TextInput {...form.field('pin')} label="PIN entered on the reader" inputMode="numeric" autoComplete="off" maxLength={6} data-autofocus />
        <Group gap="xs">
          <Button onClick={enterPin} loading={pin.isPending}>
            Enter PIN
          </Button>
          <Button variant="default" onClick={() => cancel.mutate(result.charge_id, { onSuccess: setResult })} loading={cancel.isPending}>
            Cancel the card payment
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {result && result.status !== 'succeeded' ? (
        <Alert color="red" title={result.status === 'cancelled' ? 'Card payment cancelled' : 'Card declined'} role="alert">
          {result.failure?.message ?? 'Nothing was charged.'} Nothing was charged: try another card or take another tender.
        </Alert>
      ) : null}
      {collect.error && !form.errors.amount ? (
        <Alert color="red" role="alert">
          {errorMessage(collect.error)}
        </Alert>
      ) : null}
      <Text size="sm">
        {reader.name} asks the customer to tap, insert or swipe their card for {formatMoney(amount, currency)}.
      </Text>
      {testMode ? <Select {...form.field('card')} label="Card the reader reads (test mode)" data={READER_TEST_CARDS} allowDeselect={false} /> : null}
      <Button size="lg" onClick={take} loading={collect.isPending || busy} disabled={result?.status === 'succeeded'}>
        {label}
      </Button>
    </Stack>
  );
}
