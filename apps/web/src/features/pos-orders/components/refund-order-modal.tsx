import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { ChoiceRow } from '@/components/form/switch-row';
import { NumberField } from '@/components/form/number-field';
import { useFormFields } from '@/components/form/form-fields';
import { useQuery } from '@tanstack/react-query';
import type { Order } from '@merchant/catalogue';
import { showErrorsIn, type FormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { overrideManagersQuery, useRefundOrder } from '../api/pos-orders-api';

/**
 * A refund of a register order, in cash from the refunder's drawer: the whole order or some units of its lines, with a
 * reason. Without `pos:manage` (a cashier) a manager approves it with their POS PIN in the same dialog.
 */
export function RefundOrderModal({
  businessId,
  order,
  needsApproval,
  opened,
  onClose,
}: {
  businessId: string;
  order: Order;
  needsApproval: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Refund order #${order.number}`} centered>
      {opened ? <RefundForm businessId={businessId} order={order} needsApproval={needsApproval} onClose={onClose} /> : null}
    </Modal>
  );
}

function RefundForm({ businessId, order, needsApproval, onClose }: { businessId: string; order: Order; needsApproval: boolean; onClose: () => void }) {
  const [mode, setMode] = useState<'whole' | 'lines'>('whole');
  const left = order.lines.filter((l) => l.quantity > l.refunded_quantity);
  const units = useFormFields({ counts: left.map((): number | null => 0) });
  const [reason, setReason] = useState('');
  const [managerId, setManagerId] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const managers = useQuery({ ...overrideManagersQuery(businessId), enabled: needsApproval });
  const refund = useRefundOrder(businessId, order.id);

  // The server names a line by its place in what was sent: its message is shown under the lines.
  const lineError = errors.lines ?? Object.entries(errors).find(([path]) => path.startsWith('lines.'))?.[1];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const lines = left.flatMap((l, i) => {
      const quantity = units.values.counts[i] ?? 0;
      return quantity > 0 ? [{ line_id: l.id, quantity }] : [];
    });
    const next: FormErrors = {};
    if (!reason.trim()) next.reason = 'Enter a reason';
    if (mode === 'lines' && lines.length === 0) next.lines = 'Choose at least one unit to refund';
    if (needsApproval && !managerId) next['override.manager_id'] = 'Choose the manager';
    if (needsApproval && !/^\d{4,6}$/.test(pin)) next['override.pin'] = 'Enter the 4 to 6 digit PIN';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    refund.mutate(
      {
        whole: mode === 'whole',
        lines: mode === 'lines' ? lines : [],
        reason: reason.trim(),
        ...(needsApproval ? { override: { manager_id: managerId!, pin } } : {}),
      },
      {
        onSuccess: () => {
          notifySuccess(`Refunded order #${order.number}.`);
          onClose();
        },
        onError: showErrorsIn((found) => setErrors(found.override ? { ...found, 'override.pin': found.override } : found)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">The refund is paid in cash from your open drawer; tracked stock goes back on the shelf.</Text>
        <Radio.Group label="What to refund" value={mode} onChange={(v) => setMode(v === 'lines' ? 'lines' : 'whole')}>
          <Group gap="md" mt={4}>
            <ChoiceRow value="whole" label="Everything left" />
            <ChoiceRow value="lines" label="Some items" />
          </Group>
        </Radio.Group>
        {mode === 'lines'
          ? left.map((l, i) => (
              <NumberField
                key={l.id}
                {...units.number(`counts.${i}`)}
                label={`${l.name}: units to refund`}
                description={`${l.quantity - l.refunded_quantity} of ${l.quantity} left`}
                min={0}
                max={l.quantity - l.refunded_quantity}
              />
            ))
          : null}
        {lineError ? (
          <Text c="red" size="sm" role="alert">
            {lineError}
          </Text>
        ) : null}
        <TextInput label="Reason" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} data-autofocus />
        {needsApproval ? (
          <>
            <Text size="sm" fw={600}>
              A manager approves this refund
            </Text>
            <Select
              label="Manager"
              placeholder={managers.data && managers.data.data.length === 0 ? 'No manager has set a POS PIN' : 'Choose the manager'}
              data={(managers.data?.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
              value={managerId}
              onChange={setManagerId}
              error={errors['override.manager_id']}
              required
            />
            <PasswordInput
              label="Manager’s POS PIN"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              value={pin}
              onChange={(e) => setPin(e.currentTarget.value)}
              error={errors['override.pin']}
              required
            />
          </>
        ) : null}
        {errors.form ? (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={refund.isPending}>
            Refund
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
