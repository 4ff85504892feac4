import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { ChoiceRow } from '@/components/form/switch-row';
import type { DetailAction } from '@/components/page-actions';
import { IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { RetrySettingsBodySchema, SUBSCRIPTION_FINAL_ACTIONS, SUBSCRIPTION_FINAL_ACTION_LABELS, type RetrySettings } from '@merchant/payments';
import { zodIssuesToErrors } from '@/components/form/use-zod-form';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { retrySettingsQuery, useSaveRetrySettings } from '@/features/recurring-billing/api/subscriptions-api';

/**
 * "Retry settings": when failed charges are tried again and what happens after the last try (settings:manage). The
 * action for the subscriptions list's header and the dialog it opens.
 */
export function useRetrySettingsAction(businessId: string, canManage: boolean): { action: DetailAction | false; dialog: ReactNode } {
  const [opened, setOpened] = useState(false);
  const settings = useQuery({ ...retrySettingsQuery(businessId), enabled: canManage });
  if (!canManage) return { action: false, dialog: null };
  return {
    action: { label: 'Retry settings', icon: <IconSettings size={16} aria-hidden />, onClick: () => setOpened(true), disabled: !settings.data },
    dialog: (
      <Modal opened={opened} onClose={() => setOpened(false)} title="Retry settings" centered>
        {opened && settings.data ? <RetryForm businessId={businessId} initial={settings.data} onClose={() => setOpened(false)} /> : null}
      </Modal>
    ),
  };
}

function RetryForm({ businessId, initial, onClose }: { businessId: string; initial: RetrySettings; onClose: () => void }) {
  const [days, setDays] = useState(initial.retry_days.join(', '));
  const [finalAction, setFinalAction] = useState(initial.final_action);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveRetrySettings(businessId);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parts = days.split(/[\s,]+/).filter(Boolean);
    if (parts.some((p) => !/^\d+$/.test(p))) return setErrors({ retry_days: 'Enter whole numbers of days, separated by commas' });
    const body = { retry_days: parts.map(Number), final_action: finalAction };
    const parsed = RetrySettingsBodySchema.safeParse(body);
    if (!parsed.success) {
      const issues = zodIssuesToErrors(parsed.error);
      const first = Object.entries(issues).find(([k]) => k.startsWith('retry_days'));
      return setErrors(first ? { retry_days: first[1] } : issues);
    }
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess('Retry settings saved.');
        onClose();
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        setErrors(Object.keys(fields).length > 0 ? { retry_days: Object.values(fields)[0]! } : { form: errorMessage(error) });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">When a charge fails, the customer is mailed a link to update their card and the charge is tried again.</Text>
        <TextInput
          label="Retry after (days)"
          description="Days after the first failure, in order, e.g. 1, 3, 5"
          value={days}
          onChange={(e) => setDays(e.currentTarget.value)}
          error={errors.retry_days}
          required
        />
        <Radio.Group label="After the last retry fails" value={finalAction} onChange={(v) => setFinalAction(v as RetrySettings['final_action'])}>
          <Stack gap="xs" mt="xs">
            {SUBSCRIPTION_FINAL_ACTIONS.map((a) => (
              <ChoiceRow key={a} value={a} label={SUBSCRIPTION_FINAL_ACTION_LABELS[a]} />
            ))}
          </Stack>
        </Radio.Group>
        {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
