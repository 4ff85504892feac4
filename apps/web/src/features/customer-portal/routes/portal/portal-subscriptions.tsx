import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime, formatMoneyWithCode } from '@merchant/core';
import { planIntervalLabel, type PortalSubscription, type SavedMethodKind } from '@merchant/payments';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { useCancelAtPeriodEnd, useUpdateMethod } from '@/features/customer-portal/api/customer-portal-api';
import { StatusBadge } from '@/components/status-badge';
import { wrapPoints } from '@/components/long-text';

function methodText(method: PortalSubscription['method']): string {
  if (!method) return 'No payment method yet';
  if (method.kind === 'direct_debit') return `Direct debit${method.brand ? ` from ${method.brand}` : ''}, account ending ${method.last4 ?? '—'}`;
  const expiry = method.exp_month && method.exp_year ? `, expires ${String(method.exp_month).padStart(2, '0')}/${method.exp_year}` : '';
  return `${method.brand ? method.brand[0]!.toUpperCase() + method.brand.slice(1) : 'Card'} ending ${method.last4 ?? '—'}${expiry}`;
}

/** The customer's subscriptions: status, next charge, saved method; Add a card (or Update card), Pay by direct debit, Cancel at period end. */
export function PortalSubscriptions({
  businessId,
  token,
  subscriptions,
  zone,
}: {
  businessId: string;
  token: string;
  subscriptions: PortalSubscription[];
  /** The business's time zone: times are written on its clock, with the zone named. */
  zone: string;
}) {
  const businessTime = (iso: string) => formatDateTime(iso, zone);
  const update = useUpdateMethod(businessId, token);
  const cancel = useCancelAtPeriodEnd(businessId, token);
  const [failure, setFailure] = useState<string | null>(null);

  const go = (subscriptionId: string, kind: SavedMethodKind) => {
    setFailure(null);
    update.mutate({ subscriptionId, kind }, { onSuccess: (answer) => window.location.assign(answer.url), onError: (e) => setFailure(errorMessage(e)) });
  };
  // A dialog of its own: the app's shared dialogs load for signed-in people only, and the customer is a guest.
  const [confirming, setConfirming] = useState<PortalSubscription | null>(null);
  const confirmCancel = (s: PortalSubscription) => setConfirming(s);
  const cancelNow = (s: PortalSubscription) =>
    cancel.mutate(s.id, {
      onSuccess: () => {
        setConfirming(null);
        notifySuccess(`${s.name} will end at the end of this period.`);
      },
      onError: (e) => {
        setConfirming(null);
        setFailure(errorMessage(e));
      },
    });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="subscriptions-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="subscriptions-title">
          Subscriptions
        </Title>
        {failure ? (
          <Alert color="red" role="alert" title="That did not work">
            {failure}
          </Alert>
        ) : null}
        {subscriptions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No subscriptions.
          </Text>
        ) : (
          <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {subscriptions.map((s, i) => (
              <Stack
                key={s.id}
                component="li"
                gap={6}
                pb={i < subscriptions.length - 1 ? 'sm' : 0}
                style={i < subscriptions.length - 1 ? { borderBottom: '1px solid var(--mantine-color-default-border)' } : undefined}
              >
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'break-word' }}>
                    {wrapPoints(s.name)}
                  </Text>
                  <StatusBadge kind="subscription" status={s.status} />
                </Group>
                <Text size="sm">
                  {formatMoneyWithCode(s.amount.amount, s.amount.currency)} · {planIntervalLabel(s)}
                </Text>
                <Text size="sm" c="dimmed">
                  {s.cancel_at_period_end
                    ? `Ends ${s.current_period_end ? businessTime(s.current_period_end) : 'at the end of this period'}`
                    : s.next_charge_at && s.next_charge_amount
                      ? `Next charge ${formatMoneyWithCode(s.next_charge_amount.amount, s.next_charge_amount.currency)} on ${businessTime(s.next_charge_at)}`
                      : 'No charge planned'}
                </Text>
                <Text size="sm" c="dimmed">
                  {methodText(s.method)}
                </Text>
                {s.status === 'past_due' ? (
                  <Text size="sm" c="red">
                    The last charge failed. Update your card to pay what is due.
                  </Text>
                ) : null}
                {s.can_update_method || s.can_cancel_at_period_end ? (
                  <Group gap="xs" mt={4}>
                    {s.can_update_method ? (
                      <>
                        <Button
                          size="xs"
                          onClick={() => go(s.id, 'card')}
                          loading={update.isPending && update.variables?.subscriptionId === s.id && update.variables.kind === 'card'}
                          aria-label={`${s.method ? 'Update card' : 'Add a card'} for ${s.name}`}
                        >
                          {s.method ? 'Update card' : 'Add a card'}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => go(s.id, 'direct_debit')}
                          loading={update.isPending && update.variables?.subscriptionId === s.id && update.variables.kind === 'direct_debit'}
                          aria-label={`Pay ${s.name} by direct debit`}
                        >
                          Pay by direct debit
                        </Button>
                      </>
                    ) : null}
                    {s.can_cancel_at_period_end ? (
                      <Button size="xs" variant="subtle" color="red" onClick={() => confirmCancel(s)} aria-label={`Cancel ${s.name} at period end`}>
                        Cancel at period end
                      </Button>
                    ) : null}
                  </Group>
                ) : null}
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={confirming ? `Cancel ${confirming.name}?` : ''} centered>
        {confirming ? (
          <Stack gap="md">
            <Text size="sm">
              It stays active until the end of the period you paid for
              {confirming.current_period_end ? ` (${businessTime(confirming.current_period_end)})` : ''}, then ends. You will not be charged again.
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setConfirming(null)}>
                Keep subscription
              </Button>
              <Button color="red" loading={cancel.isPending} onClick={() => cancelNow(confirming)}>
                Cancel at period end
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}
