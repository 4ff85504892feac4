import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoneyWithCode } from '@merchant/core';
import type { TransferSettings } from '@merchant/payments';
import { MoneyInput } from '@/components/money-input';
import { useMoneyField } from '@/components/form/use-money-field';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { useSaveTransferSettings } from '../api/send-money-api';

/** The approval rule: the amount in the business currency above which a transfer waits for a second person. */
export function ApprovalRule({
  businessId,
  currency,
  settings,
  canEdit,
}: {
  businessId: string;
  currency: string;
  settings: TransferSettings;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const threshold = settings.approval_threshold;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="approval-rule">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={2} size="h4" id="approval-rule">
            Approvals
          </Title>
          <Text size="sm" c="dimmed">
            {threshold
              ? `Transfers above ${formatMoneyWithCode(threshold.amount, threshold.currency)} (or its equivalent) wait until a second person approves them. Their funds are held meanwhile.`
              : 'Every transfer is sent at once: no approval is needed.'}
          </Text>
        </Stack>
        {canEdit ? (
          <Button variant="default" onClick={() => setEditing(true)}>
            Change approval rule
          </Button>
        ) : null}
      </Group>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Approval rule" centered>
        {editing ? <RuleForm businessId={businessId} currency={currency} initial={threshold?.amount ?? null} onClose={() => setEditing(false)} /> : null}
      </Modal>
    </Paper>
  );
}

function RuleForm({ businessId, currency, initial, onClose }: { businessId: string; currency: string; initial: number | null; onClose: () => void }) {
  const threshold = useMoneyField(initial);
  const { amount, setError } = threshold;
  const save = useSaveTransferSettings(businessId);
  const submit = (value: number | null) =>
    save.mutate(
      { approval_threshold: value },
      {
        onSuccess: () => {
          notifySuccess(value === null ? 'Approvals turned off.' : 'Approval rule saved.');
          onClose();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (amount === null || amount <= 0) return setError('Enter an amount more than zero');
        submit(amount);
      }}
    >
      <Stack gap="sm">
        <MoneyInput
          {...threshold.input(currency, 'approval_threshold')}
          label="Approval needed above"
          description={`In ${currency.toUpperCase()}; transfers in other currencies are converted at the test-mode rate`}
          data-autofocus
        />
        <Group justify="space-between" mt="sm">
          <Button variant="subtle" color="red" onClick={() => submit(null)} disabled={save.isPending}>
            Turn approvals off
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save rule
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
