import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBolt, IconMail, IconPencil, IconPlayerPause, IconPlayerPlay, IconReplace, IconX } from '@tabler/icons-react';
import { modals } from '@/lib/modals';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { planIntervalLabel, subscriptionAllows, type SubscriptionDetail } from '@merchant/payments';
import { href } from '@/app/route-table';
import { Fact } from '@/components/fact';
import { DataList } from '@/components/data-list';
import { DetailLayout, type DetailAction } from '@/components/detail-layout';
import { QueryPage } from '@/components/query-status';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { activePlansQuery, subscriptionQuery, useSubscriptionAction, type SubscriptionActionInput } from '@/features/recurring-billing/api/subscriptions-api';
import { useCopySetupLinkAction } from '@/features/recurring-billing/components/copy-setup-link';
import { SubscriptionDetailsDialog } from '@/features/recurring-billing/components/subscription-details';
import { StatusBadge } from '@/components/status-badge';
import { wrapPoints } from '@/components/long-text';
import { BusinessTime } from '@/components/business-time';

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
  const [editing, setEditing] = useState(false);
  const allows = (a: Parameters<typeof subscriptionAllows>[0]) => canAct && subscriptionAllows(a, s.status);

  const run = (input: SubscriptionActionInput, done: string) => action.mutate(input, { onSuccess: () => notifySuccess(done) });
  const confirmCharge = () =>
    modals.openConfirmModal({
      title: 'Charge now',
      children: <Text size="sm">Charge {money(s.next_charge_amount ?? s.amount)} to the saved card now? The next period starts today.</Text>,
      labels: { confirm: 'Charge now', cancel: 'Not now' },
      onConfirm: () => run({ action: 'charge_now' }, 'Charge made. See its outcome under Charges.'),
    });

  const copyLink = useCopySetupLinkAction(businessId, s.id);
  const customer = s.customer.name ?? s.customer.email ?? 'Customer';
  // The one action the status calls for stays a button: charge a saved card, resume a paused one, or get a card saved.
  const main = allows('charge_now') && s.method ? 'Charge now' : allows('resume') ? 'Resume' : allows('send_setup_link') ? 'Send card link' : null;
  const offered = [
    allows('charge_now') &&
      s.method && {
        label: 'Charge now',
        icon: <IconBolt size={16} aria-hidden />,
        onClick: confirmCharge,
        loading: action.isPending && action.variables?.action === 'charge_now',
      },
    allows('pause') && { label: 'Pause', icon: <IconPlayerPause size={16} aria-hidden />, onClick: () => run({ action: 'pause' }, 'Subscription paused.') },
    allows('resume') && {
      label: 'Resume',
      icon: <IconPlayerPlay size={16} aria-hidden />,
      onClick: () => run({ action: 'resume' }, 'Subscription resumed.'),
    },
    allows('change_plan') && { label: 'Change plan', icon: <IconReplace size={16} aria-hidden />, onClick: () => setChanging(true) },
    allows('send_setup_link') && {
      label: 'Send card link',
      icon: <IconMail size={16} aria-hidden />,
      onClick: () => run({ action: 'send_setup_link' }, 'A link to save a card was mailed to the customer.'),
    },
    allows('send_setup_link') && copyLink.action,
    canAct && { label: 'Edit details', icon: <IconPencil size={16} aria-hidden />, onClick: () => setEditing(true) },
    allows('cancel_now') && {
      label: 'Cancel subscription',
      danger: true,
      more: true,
      icon: <IconX size={16} aria-hidden />,
      onClick: () => setCancelling(true),
    },
  ].filter((entry): entry is DetailAction => Boolean(entry));
  // As on the other detail screens: with more than two actions, all but the main one go into "More actions".
  const actions = offered.map((entry) => ({ ...entry, primary: entry.label === main, more: entry.more || (offered.length > 2 && entry.label !== main) }));
  return (
    <DetailLayout
      back={{ to: href('payments.subscriptions', { business_id: businessId }), label: 'All subscriptions' }}
      title={`${customer} · ${s.name}`}
      status={<StatusBadge kind="subscription" status={s.status} />}
      facts={[
        { label: 'Price', value: `${money(s.amount)} · ${planIntervalLabel(s).toLowerCase()}` },
        { label: 'Next charge', value: s.next_charge_at ? <BusinessTime at={s.next_charge_at} /> : '—' },
        { label: 'Next amount', value: s.next_charge_amount ? money(s.next_charge_amount) : '—' },
      ]}
      actions={actions}
    >
      <Stack gap="md" maw={960}>
        {action.isError ? <Alert color="red">{errorMessage(action.error)}</Alert> : null}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="subscription-summary">
          <Title order={2} size="h4" id="subscription-summary" mb="sm">
            Summary
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
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
                'Custom amount'
              )}
            </Fact>
            <Fact label="Current period">
              {s.current_period_start && s.current_period_end ? (
                <>
                  <BusinessTime at={s.current_period_start} /> – <BusinessTime at={s.current_period_end} />
                </>
              ) : (
                '—'
              )}
            </Fact>
            <Fact label={s.trial_end_at && Date.parse(s.trial_end_at) <= Date.now() ? 'Trial ended' : 'Trial ends'}>
              {s.trial_end_at ? <BusinessTime at={s.trial_end_at} /> : s.trial_days > 0 ? `${s.trial_days} days after the card is saved` : 'No trial'}
            </Fact>
            <Fact label="Description">{s.description ?? '—'}</Fact>
            <Fact label="Reference">{s.reference ?? '—'}</Fact>
            <Fact label="Return address">{s.redirect_url ? <Text style={{ overflowWrap: 'break-word' }}>{wrapPoints(s.redirect_url)}</Text> : '—'}</Fact>
          </SimpleGrid>
          {s.cancel_at_period_end ? (
            <Alert color="yellow" mt="md">
              Ends at the end of the current period
              {s.current_period_end ? (
                <>
                  , <BusinessTime at={s.current_period_end} />
                </>
              ) : (
                ''
              )}
              . Nothing more is charged.
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
            <DataList
              label="Charges and retries"
              rows={[...s.charges].reverse()}
              rowKey={(c) => c.id}
              rowHref={(c) => (c.payment_id ? href('payments.transactions-detail', { business_id: businessId, b_charge: c.payment_id }) : undefined)}
              minWidth={760}
              striped={false}
              columns={[
                { header: 'Date', card: 'title', nowrap: true, cell: (c) => <BusinessTime at={c.created_at} /> },
                { header: 'Period', card: 'secondary', cell: (c) => `${c.period}${c.attempt > 1 ? ` (retry ${c.attempt - 1})` : ''}` },
                { header: 'Amount', card: 'amount', nowrap: true, cell: (c) => money(c.amount) },
                {
                  header: 'Outcome',
                  card: 'secondary',
                  cell: (c) =>
                    c.outcome === 'succeeded'
                      ? c.refunded.amount > 0
                        ? `Paid, ${formatMoneyWithCode(c.refunded.amount, c.refunded.currency)} refunded`
                        : 'Paid'
                      : `Failed: ${c.failure?.message ?? 'declined'}`,
                },
                { header: 'Next retry', cell: (c) => (c.next_retry_at ? <BusinessTime at={c.next_retry_at} /> : '—') },
              ]}
            />
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
      <SubscriptionDetailsDialog businessId={businessId} subscription={s} opened={editing} onClose={() => setEditing(false)} />
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
      {copyLink.dialog}
    </DetailLayout>
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
