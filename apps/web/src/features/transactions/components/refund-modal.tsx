import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { formatMoneyWithCode, type Money } from '@merchant/core';
import { REFUND_REASON_LABELS, REFUND_REASONS, RefundInputSchema, type RefundReason } from '@merchant/payments';
import { MoneyInput } from '@/components/money-input';
import { useFormFields } from '@/components/form/form-fields';
import { showErrorsIn } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useRefund } from '../api/transactions-api';

/**
 * A refund: the amount (what is left, unless changed), a reason, an optional note; then a confirmation
 * step that says what will happen before anything is sent.
 */
export function RefundModal({
  businessId,
  paymentId,
  refundable,
  opened,
  onClose,
}: {
  businessId: string;
  paymentId: string;
  refundable: Money;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Refund payment" centered>
      {opened ? <RefundForm businessId={businessId} paymentId={paymentId} refundable={refundable} onClose={onClose} /> : null}
    </Modal>
  );
}

function RefundForm({ businessId, paymentId, refundable, onClose }: { businessId: string; paymentId: string; refundable: Money; onClose: () => void }) {
  const form = useFormFields({ amount: refundable.amount as number | null, reason: 'requested_by_customer' as RefundReason, note: '' });
  const { amount, reason, note } = form.values;
  const { errors, setErrors } = form;
  const [confirming, setConfirming] = useState(false);
  const refund = useRefund(businessId, paymentId);

  const review = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = RefundInputSchema.safeParse({ amount: amount ?? undefined, reason, note: note || undefined });
    const next: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
    if (amount !== null && amount > refundable.amount)
      next.amount = `At most ${formatMoneyWithCode(refundable.amount, refundable.currency)} is left to refund.`;
    setErrors(next);
    if (Object.keys(next).length === 0) setConfirming(true);
  };
  const send = () => {
    refund.mutate(
      { amount: amount ?? 0, reason, note: note || undefined },
      {
        onSuccess: () => {
          notifySuccess(`Refunded ${formatMoneyWithCode(amount ?? 0, refundable.currency)}.`);
          onClose();
        },
        onError: showErrorsIn(setErrors, () => setConfirming(false)),
      },
    );
  };

  if (confirming) {
    return (
      <Stack gap="sm">
        <Text>Refund {formatMoneyWithCode(amount ?? 0, refundable.currency)} to the customer? This cannot be undone.</Text>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Back
          </Button>
          <Button color="red" onClick={send} loading={refund.isPending}>
            Confirm refund
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={review} noValidate>
      <Stack gap="sm">
        <MoneyInput
          {...form.money('amount', refundable.currency)}
          label="Amount"
          required
          data-autofocus
          error={errors.amount}
          description={`${formatMoneyWithCode(refundable.amount, refundable.currency)} left to refund`}
        />
        <Select
          label="Reason"
          {...form.field('reason')}
          data={REFUND_REASONS.map((value) => ({ value, label: REFUND_REASON_LABELS[value] }))}
          allowDeselect={false}
        />
        <Textarea {...form.field('note')} label="Note" autosize minRows={2} maxRows={5} />
        {errors.form ? (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Review refund</Button>
        </Group>
      </Stack>
    </form>
  );
}
