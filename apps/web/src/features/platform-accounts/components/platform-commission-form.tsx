import { Button, Card, Group, Text, Title } from '@mantine/core';
import { PlatformCommissionBodySchema } from '@merchant/payments';
import { NumberField } from '@/components/form/number-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { modals } from '@/lib/modals';
import { notifySuccess } from '@/lib/notify';
import { useSetCommission } from '../api/platform-api';

const percent = (bps: number) => `${bps / 100} %`;

/**
 * The platform's commission rate (HitPay's "Set Commission Rate"): the fee of a payment request or invoice that
 * names none. Typed as a percentage, held in basis points; a change is confirmed first and audited by the server.
 */
export function PlatformCommissionForm({ businessId, commissionBps }: { businessId: string; commissionBps: number }) {
  const form = useZodForm(PlatformCommissionBodySchema, { commission_bps: commissionBps as number | null });
  const save = useSetCommission(businessId);

  const submit = form.onSubmit((body) =>
    modals.openConfirmModal({
      title: `Set the commission rate to ${percent(body.commission_bps)}?`,
      children: (
        <Text size="sm">
          Payment requests and invoices made from now on that name no platform fee take {percent(body.commission_bps)} of their amount. Requests made already
          keep their fee.
        </Text>
      ),
      labels: { confirm: 'Set rate', cancel: 'Keep the current rate' },
      onConfirm: () =>
        save.mutate(body, {
          onSuccess: (answer) => notifySuccess(`Commission rate set to ${percent(answer.commission_bps)}.`),
          onError: (error) => form.handleServerError(error),
        }),
    }),
  );

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="commission-title">
      <Title order={2} size="h4" id="commission-title" mb="xs">
        Commission rate
      </Title>
      <Text size="sm" mb="sm">
        Current rate: {percent(commissionBps)}. It is the platform fee of a payment request or invoice that names no fee.
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" wrap="wrap">
          <NumberField
            {...form.number('commission_bps', { basisPoints: true })}
            label="Commission rate (%)"
            description="Up to 50 %, with at most two decimals"
            decimals={2}
            style={{ flex: '1 1 200px' }}
            required
          />
          <Button type="submit" loading={save.isPending}>
            Save commission rate
          </Button>
        </Group>
      </form>
    </Card>
  );
}
