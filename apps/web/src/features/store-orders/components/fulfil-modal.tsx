import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { StoreOrder } from '@merchant/catalogue';
import { useMoneyField } from '@/components/form/use-money-field';
import { MoneyInput } from '@/components/money-input';
import { showErrorsIn, type FormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useFulfilStoreOrder, useRefundStoreOrder } from '../api/store-orders-api';

/** Marks a store order shipped: the carrier and tracking number the customer's status page shows. */
export function ShipModal({ businessId, order, opened, onClose }: { businessId: string; order: StoreOrder; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Ship order ${order.reference}`} centered>
      {opened ? <ShipForm businessId={businessId} order={order} onClose={onClose} /> : null}
    </Modal>
  );
}

function ShipForm({ businessId, order, onClose }: { businessId: string; order: StoreOrder; onClose: () => void }) {
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const fulfil = useFulfilStoreOrder(businessId, order.id);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: FormErrors = {};
    if (!carrier.trim()) next.carrier = 'Enter the carrier';
    if (!tracking.trim()) next.tracking_number = 'Enter the tracking number';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    fulfil.mutate(
      { step: 'shipped', carrier: carrier.trim(), tracking_number: tracking.trim() },
      {
        onSuccess: () => {
          notifySuccess(`Order ${order.reference} is shipped; the customer was told.`);
          onClose();
        },
        onError: showErrorsIn(setErrors),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Carrier" required value={carrier} onChange={(e) => setCarrier(e.currentTarget.value)} error={errors.carrier} data-autofocus />
        <TextInput label="Tracking number" required value={tracking} onChange={(e) => setTracking(e.currentTarget.value)} error={errors.tracking_number} />
        {errors.form ? (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" loading={fulfil.isPending}>
            Mark shipped
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Refunds part or all of what is left of a paid order, through its payment. */
export function RefundModal({ businessId, order, opened, onClose }: { businessId: string; order: StoreOrder; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Refund order ${order.reference}`} centered>
      {opened ? <RefundForm businessId={businessId} order={order} onClose={onClose} /> : null}
    </Modal>
  );
}

function RefundForm({ businessId, order, onClose }: { businessId: string; order: StoreOrder; onClose: () => void }) {
  const left = order.total.amount - order.refunded.amount;
  const refundAmount = useMoneyField(left);
  const amount = refundAmount.amount;
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const refund = useRefundStoreOrder(businessId, order.id);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!amount || amount <= 0) return refundAmount.setError('Enter the amount to refund');
    if (amount > left) return refundAmount.setError('Enter at most what is left to refund');
    setErrors({});
    refund.mutate(
      { amount, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => {
          notifySuccess(`Refunded part of order ${order.reference}.`);
          onClose();
        },
        onError: showErrorsIn((found) => {
          if (found.amount) refundAmount.setError(found.amount);
          setErrors(found);
        }),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <MoneyInput label="Amount" {...refundAmount.input(order.total.currency)} required data-autofocus />
        <TextInput label="Reason (optional)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} />
        {errors.form ? (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" loading={refund.isPending}>
            Refund
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
