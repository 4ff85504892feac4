import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@/lib/modals';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { planIntervalLabel, subscriptionAllows, type SubscriptionDetail } from '@merchant/payments';
import { href } from '@/app/route-table';
import { Fact } from '@/components/fact';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { errorMessage } from '@/lib/error-message';
import { formatLocalDateTime } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { activePlansQuery, subscriptionQuery, useSubscriptionAction, type SubscriptionActionInput } from '@/features/recurring-billing/api/subscriptions-api';
import { CopySetupLink } from '@/features/recurring-billing/components/copy-setup-link';
import { StatusBadge } from '@/components/status-badge';

/** One subscription: its status, next charge, saved card, every charge and retry, and the merchant's actions. */
export function Component() {
  const { business_id: businessId = '', recurring_billing: id = '' } = useParams();
  const subscription = useQuery(subscriptionQuery(businessId, id));
  if (!subscription.data) return <QueryPage title="Subscription" query={subscription} loadingLabel="Loading the subscription" />;
  return <Detail businessId={businessId} subscription={subscription.data} />;
}

const money = (m: { amount: number; currency: string }) => formatMoneyWithCode(m.amount, m.currency);

function Detail({ businessId, subscription: s }: { businessId: string; subscription: SubscriptionDetail }) {
  const business = useBusiness(businessId);
  const canAct = canChange(business.data, 'payments:create');
  const action = useSubscriptionAction(businessId, s.id);
  const [changing, setChanging] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const allows = (a: Parameters<typeof subscriptionAllows>[0]) => canAct && subscriptionAllows(a, s.status);

  const run = (input: SubscriptionActionInput, done: string) => action.mutate(input, { onSuccess: () => notifySuccess(done) });
  const confirmCharge = () =>
    modals.openConfirmModal({
      title: 'Charge now',
      children: <Text size="sm">Charge {money(s.next_charge_amount ?? s.amount)} to the saved card now? The next period starts today.</Text>,
      labels: { confirm: 'Charge now', cancel: 'Not now' },
      onConfirm: () => run({ action: 'charge_now' }, 'Charge made. See its outcome under Charges.'),
    });

  const customer = s.customer.name ?? s.customer.email ?? 'Customer';
  return (
    <PageFrame
      title={`${customer} · ${s.name}`}
      description={`${money(s.amount)} · ${planIntervalLabel(s).toLowerCase()}`}
      actions={
        canAct ? (
          <Group gap="xs">
            {allows('charge_now') && s.method ? (
              <Button onClick={confirmCharge} loading={action.isPending && action.variables?.action === 'charge_now'}>
                Charge now
              </Button>
            ) : null}
            {allows('pause') ? (
              <Button variant="default" onClick={() => run({ action: 'pause' }, 'Subscription paused.')}>
                Pause
              </Button>
            ) : null}
            {allows('resume') ? (
              <Button variant="default" onClick={() => run({ action: 'resume' }, 'Subscription resumed.')}>
                Resume
              </Button>
            ) : null}
            {allows('change_plan') ? (
              <Button variant="default" onClick={() => setChanging(true)}>
                Change plan
              </Button>
            ) : null}
            {allows('send_setup_link') ? (
              <Button variant="default" onClick={() => run({ action: 'send_setup_link' }, 'A link to save a card was mailed to the customer.')}>
                Send card link
              </Button>
            ) : null}
            {allows('send_setup_link') ? <CopySetupLink businessId={businessId} subscriptionId={s.id} /> : null}
            {allows('cancel_now') ? (
              <Button color="red" variant="light" onClick={() => setCancelling(true)}>
                Cancel subscription
              </Button>
            ) : null}
          </Group>
        ) : undefined
      }
    >
      <Stack gap="md" maw={960}>
        {action.isError ? <Alert color="red">{errorMessage(action.error)}</Alert> : null}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="subscription-summary">
          <Title order={2} size="h4" id="subscription-summary" mb="sm">
            Summary
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label="Status">
              <StatusBadge kind="subscription" status={s.status} />
            </Fact>
            <Fact label="Next charge">{s.next_charge_at ? formatLocalDateTime(s.next_charge_at) : '—'}</Fact>
            <Fact label="Next amount">{s.next_charge_amount ? money(s.next_charge_amount) : '—'}</Fact>
            <Fact label="Charges made">{s.cycles_total ? `${s.cycles_done} of ${s.cycles_total}` : s.cycles_done}</Fact>
            <Fact label="Customer">
              <Anchor component={Link} to={href('payments.customers-detail', { business_id: businessId, customer: s.customer.id })}>
                {customer}
              </Anchor>
            </Fact>
            <Fact label="Plan">
              {s.plan ? (
                <Anchor component={Link} to={href('payments.recurring-plans-detail', { business_id: businessId, id: s.plan.id })}>
                  {s.plan.name}
                </Anchor>
              ) : (
                'Its own amount'
              )}
            </Fact>
            <Fact label="Current period">
              {s.current_period_start && s.current_period_end
                ? `${formatLocalDateTime(s.current_period_start)} – ${formatLocalDateTime(s.current_period_end)}`
                : '—'}
            </Fact>
            <Fact label={s.trial_end_at && Date.parse(s.trial_end_at) <= Date.now() ? 'Trial ended' : 'Trial ends'}>
              {s.trial_end_at ? formatLocalDateTime(s.trial_end_at) : s.trial_days > 0 ? `${s.trial_days} days after the card is saved` : 'No trial'}
            </Fact>
          </SimpleGrid>
          {s.cancel_at_period_end ? (
            <Alert color="yellow" mt="md">
              Ends at the end of the current period{s.current_period_end ? `, ${formatLocalDateTime(s.current_period_end)}` : ''}. Nothing more is charged.
            </Alert>
          ) : null}
          {s.pending_plan ? (
            <Alert color="blue" mt="md">
              Moves to {s.pending_plan.name} ({money(s.pending_plan.amount)}) from the next period.
            </Alert>
          ) : null}
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="subscription-method">
          <Title order={2} size="h4" id="subscription-method" mb="sm">
            Payment method
          </Title>
          {s.method ? (
            <Text size="sm">
              {s.method.kind === 'card'
                ? `${(s.method.brand ?? 'card').toUpperCase()} ending ${s.method.last4}`
                : `Direct debit ending ${s.method.last4 ?? ''}`}
              {s.method.exp_month && s.method.exp_year ? ` · expires ${String(s.method.exp_month).padStart(2, '0')}/${s.method.exp_year}` : ''}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              The customer has not saved a card yet. They were mailed a link; “Send card link” mails a new one.
            </Text>
          )}
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="subscription-charges">
          <Title order={2} size="h4" id="subscription-charges" mb="sm">
            Charges
          </Title>
          {s.charges.length === 0 ? (
            <Text size="sm" c="dimmed">
              No charge yet.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table aria-label="Charges and retries">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Date</Table.Th>
                    <Table.Th scope="col">Period</Table.Th>
                    <Table.Th scope="col">Amount</Table.Th>
                    <Table.Th scope="col">Outcome</Table.Th>
                    <Table.Th scope="col">Next retry</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...s.charges].reverse().map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {c.payment_id ? (
                          <Anchor component={Link} to={href('payments.transactions-detail', { business_id: businessId, b_charge: c.payment_id })}>
                            {formatLocalDateTime(c.created_at)}
                          </Anchor>
                        ) : (
                          formatLocalDateTime(c.created_at)
                        )}
                      </Table.Td>
                      <Table.Td>
                        {c.period}
                        {c.attempt > 1 ? ` (retry ${c.attempt - 1})` : ''}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(c.amount)}</Table.Td>
                      <Table.Td style={{ minWidth: '14rem' }}>
                        {c.outcome === 'succeeded'
                          ? c.refunded.amount > 0
                            ? `Paid, ${formatMoneyWithCode(c.refunded.amount, c.refunded.currency)} refunded`
                            : 'Paid'
                          : `Failed: ${c.failure?.message ?? 'declined'}`}
                      </Table.Td>
                      <Table.Td>{c.next_retry_at ? formatLocalDateTime(c.next_retry_at) : '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      </Stack>
      <Modal opened={cancelling} onClose={() => setCancelling(false)} title="Cancel subscription" centered>
        <Stack gap="md">
          <Text size="sm">Cancel now stops every charge at once. At period end, the customer keeps what they paid for and nothing more is charged.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(false)}>
              Keep it
            </Button>
            {subscriptionAllows('cancel_at_period_end', s.status) && !s.cancel_at_period_end ? (
              <Button
                variant="light"
                color="red"
                onClick={() => {
                  setCancelling(false);
                  run({ action: 'cancel', at_period_end: true }, 'The subscription ends at the end of its period.');
                }}
              >
                At period end
              </Button>
            ) : null}
            <Button
              color="red"
              onClick={() => {
                setCancelling(false);
                run({ action: 'cancel', at_period_end: false }, 'Subscription cancelled.');
              }}
            >
              Cancel now
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={changing} onClose={() => setChanging(false)} title="Change plan" centered>
        {changing ? (
          <ChangePlan
            businessId={businessId}
            current={s.plan?.id ?? null}
            onClose={() => setChanging(false)}
            onPick={(plan_id) => run({ action: 'change_plan', plan_id }, 'The new plan applies from the next period.')}
          />
        ) : null}
      </Modal>
    </PageFrame>
  );
}

function ChangePlan({
  businessId,
  current,
  onClose,
  onPick,
}: {
  businessId: string;
  current: string | null;
  onClose: () => void;
  onPick: (planId: string) => void;
}) {
  const plans = useQuery(activePlansQuery(businessId));
  const [plan, setPlan] = useState<string | null>(null);
  const options = (plans.data ?? [])
    .filter((p) => p.id !== current)
    .map((p) => ({ value: p.id, label: `${p.name} · ${formatMoneyWithCode(p.amount, p.currency)} ${planIntervalLabel(p).toLowerCase()}` }));
  return (
    <Stack gap="md">
      <Select
        label="New plan"
        description="It applies from the next period"
        data={options}
        value={plan}
        onChange={setPlan}
        nothingFoundMessage="No other active plan"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!plan}
          onClick={() => {
            onPick(plan!);
            onClose();
          }}
        >
          Change plan
        </Button>
      </Group>
    </Stack>
  );
}
