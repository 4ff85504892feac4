import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { ChoiceRow } from '@/components/form/switch-row';
import { NumberField } from '@/components/form/number-field';
import { useFormFields } from '@/components/form/form-fields';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@merchant/core';
import { TENDER_LABELS, type Order } from '@merchant/catalogue';
import { MoneyInput } from '@/components/money-input';
import { showErrorsIn, type FormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { overrideManagersQuery, useRefundOrder } from '../api/pos-orders-api';

/**
 * A refund of a register order: the whole order or some units of its lines, with a reason. Each tender gives back its
 * share (cash from the refunder's drawer, card and PayNow to their payments); a whole refund of a split order may
 * name each tender's part instead. Without `pos:manage` (a cashier) a manager approves it with their POS PIN.
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
  // A split order's whole refund may name each tender's part (at most what is left on it).
  const open = order.order_tenders.filter((t) => t.amount.amount > t.refunded.amount);
  const [byTender, setByTender] = useState<'share' | 'pick'>('share');
  const picks = useFormFields({ amounts: open.map((t): number | null => t.amount.amount - t.refunded.amount) });
  const picking = mode === 'whole' && open.length > 1 && byTender === 'pick';
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
        ...(picking
          ? { tenders: open.flatMap((t, i) => ((picks.values.amounts[i] ?? 0) > 0 ? [{ tender_id: t.id, amount: picks.values.amounts[i]! }] : [])) }
          : {}),
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
        <Text size="sm">
          Cash goes back from your open drawer, card and PayNow parts to the customer’s card or PayNow payment, each tender its share; tracked stock goes back
          on the shelf.
        </Text>
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
        {mode === 'whole' && open.length > 1 ? (
          <Radio.Group label="Pay it back" value={byTender} onChange={(v) => setByTender(v === 'pick' ? 'pick' : 'share')}>
            <Stack gap="xs" mt={4}>
              <ChoiceRow value="share" label="Each tender its share" />
              <ChoiceRow value="pick" label="Choose each tender’s part" />
            </Stack>
          </Radio.Group>
        ) : null}
        {picking
          ? open.map((t, i) => (
              <MoneyInput
                key={t.id}
                {...picks.money(`amounts.${i}`, order.total.currency)}
                label={`${TENDER_LABELS[t.kind]} part`}
                description={`${formatMoney(t.amount.amount - t.refunded.amount, t.amount.currency)} left on it`}
              />
            ))
          : null}
        {errors.tenders ? (
          <Text c="red" size="sm" role="alert">
            {errors.tenders}
          </Text>
        ) : null}
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
