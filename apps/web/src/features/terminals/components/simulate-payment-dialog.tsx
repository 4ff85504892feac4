import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { formatMoneyWithCode } from '@merchant/core';
import { READER_PAYMENT_STATUS_LABELS, type Reader, type ReaderPayment } from '@merchant/pos';
import type { DetailAction } from '@/components/detail-layout';
import { useFormFields } from '@/components/form/form-fields';
import { MoneyInput } from '@/components/money-input';
import { errorMessage } from '@/lib/error-message';
import { READER_TEST_CARDS, useReaderPayment } from '@/lib/reader-payments';

/**
 * Test mode: "Simulate a payment" of a reader's page. The register asks the reader for an amount, the simulated reader
 * reads the chosen test card, and the answer shows as the reader would: approved, declined with its reason, or asking
 * for the PIN (enter it, or cancel the payment).
 */
export function useSimulatePaymentAction(businessId: string, reader: Reader, currency: string): { action: DetailAction; dialog: ReactNode } {
  const [opened, setOpened] = useState(false);
  const form = useFormFields({ amount: null as number | null, card: READER_TEST_CARDS[0]!.value, pin: '' });
  const { collect, pin, cancel } = useReaderPayment(businessId, reader.id);
  const [result, setResult] = useState<ReaderPayment | null>(null);
  const open = () => {
    form.reset();
    setResult(null);
    collect.reset();
    setOpened(true);
  };
  const take = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.values.amount === null || form.values.amount <= 0) return form.setErrors({ amount: 'Enter an amount' });
    collect.mutate(
      { amount: form.values.amount, card: { number: form.values.card, exp_month: 12, exp_year: new Date().getFullYear() + 3 } },
      { onSuccess: setResult, onError: form.handleServerError },
    );
  };
  const enterPin = () => {
    if (!result) return;
    if (!/^\d{4,6}$/.test(form.values.pin)) return form.setErrors({ pin: 'Enter the 4 to 6 digit PIN' });
    pin.mutate({ paymentId: result.charge_id, pin: form.values.pin }, { onSuccess: setResult, onError: form.handleServerError });
  };
  const cancelPayment = () => result && cancel.mutate(result.charge_id, { onSuccess: setResult });
  const action: DetailAction = {
    label: 'Simulate a payment',
    icon: <IconCreditCard size={16} aria-hidden />,
    onClick: open,
    primary: true,
  };
  const amount = result ? formatMoneyWithCode(result.amount.amount, result.amount.currency) : '';

  const dialog = (
    <Modal opened={opened} onClose={() => setOpened(false)} title={`Simulate a payment on ${reader.name}`} centered>
      {result ? (
        <Stack gap="md">
          <Alert
            color={result.status === 'succeeded' ? 'green' : result.status === 'requires_pin' ? 'yellow' : 'red'}
            role="status"
            title={`${READER_PAYMENT_STATUS_LABELS[result.status]}: ${amount}`}
          >
            {result.status === 'succeeded'
              ? `Paid by ${result.card ? `card ending ${result.card.last4}` : 'card'}.`
              : result.status === 'requires_pin'
                ? 'The reader asks the cardholder for the PIN.'
                : (result.failure?.message ?? 'Nothing was charged.')}
          </Alert>
          {result.status === 'requires_pin' ? (
            <>
              <TextInput {...form.field('pin')} label="PIN on the reader" description="Any 4 to 6 digits in test mode" inputMode="numeric" autoComplete="off" />
              {cancel.isError ? (
                <Alert color="red" role="alert">
                  {errorMessage(cancel.error)}
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button variant="default" color="red" onClick={cancelPayment} loading={cancel.isPending}>
                  Cancel payment
                </Button>
                <Button onClick={enterPin} loading={pin.isPending}>
                  Enter PIN
                </Button>
              </Group>
            </>
          ) : (
            <Group justify="flex-end">
              <Button variant="default" onClick={open}>
                Take another payment
              </Button>
              <Button onClick={() => setOpened(false)}>Done</Button>
            </Group>
          )}
        </Stack>
      ) : (
        <form onSubmit={take} noValidate>
          <Stack gap="md">
            <Text size="sm">Test mode: the register asks the reader for the amount, and the simulated reader reads the test card you choose.</Text>
            <MoneyInput {...form.money('amount', currency)} label="Amount" required />
            <Select
              label="Card the reader reads"
              data={READER_TEST_CARDS}
              value={form.values.card}
              onChange={(v) => v && form.setValues((p) => ({ ...p, card: v }))}
              allowDeselect={false}
              error={form.errors['card.number']}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={collect.isPending}>
                Collect payment
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
  return { action, dialog };
}
