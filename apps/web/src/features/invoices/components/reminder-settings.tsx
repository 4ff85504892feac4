import { useState, type ReactNode } from 'react';
import { Alert, Button, Chip, Group, Modal, Stack, Text } from '@mantine/core';
import { SwitchRow } from '@/components/form/switch-row';
import type { DetailAction } from '@/components/page-actions';
import { IconBellRinging } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MAX_REMINDER_OFFSETS, reminderOffsetLabel, type InvoiceReminderSettings } from '@merchant/payments';
import { errorMessage } from '@/lib/error-message';
import { showErrorsIn } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { invoiceRemindersQuery, useSaveInvoiceReminders } from '@/features/invoices/api/invoices-api';

/** The days offered, with any other day the business saved through the API. */
const BEFORE_CHOICES = [0, 1, 3, 7, 14];
const AFTER_CHOICES = [1, 3, 7, 14, 30, 60];
const choices = (offered: number[], saved: number[]) => [...new Set([...offered, ...saved])].sort((a, b) => a - b);

/**
 * "Reminders" on the invoice list: when customers are reminded of unpaid invoices, before and after the due date. The
 * action for the list's header and the dialog it opens.
 */
export function useReminderSettingsAction(businessId: string, canManage: boolean): { action: DetailAction; dialog: ReactNode } {
  const [opened, setOpened] = useState(false);
  return {
    action: { label: 'Reminders', icon: <IconBellRinging size={16} aria-hidden />, onClick: () => setOpened(true) },
    dialog: (
      <Modal opened={opened} onClose={() => setOpened(false)} title="Automatic reminders" centered>
        {opened ? <ReminderSettingsForm businessId={businessId} canManage={canManage} onClose={() => setOpened(false)} /> : null}
      </Modal>
    ),
  };
}

function ReminderSettingsForm({ businessId, canManage, onClose }: { businessId: string; canManage: boolean; onClose: () => void }) {
  const saved = useQuery(invoiceRemindersQuery(businessId));
  if (saved.isPending) return <Text>Loading</Text>;
  if (saved.isError) return <Alert color="red">{errorMessage(saved.error)}</Alert>;
  return <ReminderFields initial={saved.data} businessId={businessId} canManage={canManage} onClose={onClose} />;
}

function DayChips({
  legend,
  days,
  offered,
  sign,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  days: number[];
  offered: number[];
  sign: -1 | 1;
  onChange: (days: number[]) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={500} size="sm" mb={6}>
        {legend}
      </Text>
      <Chip.Group multiple value={days.map(String)} onChange={(values) => onChange(values.map(Number).sort((a, b) => a - b))}>
        <Group gap="xs">
          {choices(offered, days).map((d) => (
            <Chip key={d} value={String(d)} disabled={disabled}>
              {d === 0 ? 'On the due date' : reminderOffsetLabel(sign * d).replace(' the due date', '')}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {error ? (
        <Text c="red" size="sm" mt={4} role="alert">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}

function ReminderFields({
  initial,
  businessId,
  canManage,
  onClose,
}: {
  initial: InvoiceReminderSettings;
  businessId: string;
  canManage: boolean;
  onClose: () => void;
}) {
  const [settings, setSettings] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveInvoiceReminders(businessId);
  const tooMany = (days: number[]) => (days.length > MAX_REMINDER_OFFSETS ? `Choose at most ${MAX_REMINDER_OFFSETS} reminders` : undefined);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(settings, {
      onSuccess: () => {
        notifySuccess('Reminder settings saved.');
        onClose();
      },
      onError: showErrorsIn(setErrors),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Customers with an email get the reminder mail (your invoice reminder template) while an invoice is unpaid. Invoices become overdue the day after their
          due date. Days are counted in UTC.
        </Text>
        <SwitchRow
          label="Remind customers automatically"
          checked={settings.enabled}
          disabled={!canManage}
          onChange={(e) => setSettings({ ...settings, enabled: e.currentTarget.checked })}
        />
        <DayChips
          legend="Before the due date"
          days={settings.days_before_due}
          offered={BEFORE_CHOICES}
          sign={-1}
          disabled={!canManage || !settings.enabled}
          onChange={(days) => setSettings({ ...settings, days_before_due: days })}
          error={errors.days_before_due ?? tooMany(settings.days_before_due)}
        />
        <DayChips
          legend="After the due date"
          days={settings.days_after_due}
          offered={AFTER_CHOICES}
          sign={1}
          disabled={!canManage || !settings.enabled}
          onChange={(days) => setSettings({ ...settings, days_after_due: days })}
          error={errors.days_after_due ?? tooMany(settings.days_after_due)}
        />
        {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
        {canManage ? null : <Text size="sm">Only people who manage settings can change reminders.</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {canManage ? 'Cancel' : 'Close'}
          </Button>
          {canManage ? (
            <Button type="submit" loading={save.isPending}>
              Save reminders
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
