import { Anchor, Card, Group, List, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatMoneyWithCode } from '@merchant/core';
import type { Attention, ChecklistItem, CurrencyOverview, Overview } from '@merchant/payments';
import { href, type RouteId } from '@/app/route-table';

/** Each set-up step's screen (the server answers only the steps the person may act on). */
export const STEPS: Record<ChecklistItem, { label: string; routeId: RouteId }> = {
  verify_business: { label: 'Verify your business', routeId: 'payments.settings-account-verification' },
  enable_payment_methods: { label: 'Turn on a payment method', routeId: 'payments.payment-methods' },
  add_bank_account: { label: 'Add a bank account for payouts', routeId: 'payments.bank-accounts' },
  customise_checkout: { label: 'Customise your checkout', routeId: 'payments.settings-checkout' },
  create_payment_link: { label: 'Create your first payment link', routeId: 'payments.links-create' },
  first_payment: { label: 'Take a first payment', routeId: 'payments.links' },
};

/** The period's gross and net per currency: the first thing the overview says. */
export function PeriodHeadline({ blocks }: { blocks: CurrencyOverview[] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="section" aria-label="This period">
      {blocks.flatMap((b) =>
        (['gross', 'net'] as const).map((key) => (
          <Card key={`${b.currency}-${key}`} withBorder radius="md" padding="sm">
            <Text size="sm" c="dimmed">
              {key === 'gross' ? 'Gross volume' : 'Net'}
            </Text>
            <Text fw={700} size="lg">
              {formatMoneyWithCode(b.current[key], b.currency)}
            </Text>
            <Text size="xs" c="dimmed">
              {b.change[key] === null ? 'No earlier figures' : `${b.change[key] > 0 ? '+' : ''}${b.change[key]}% vs previous period`}
            </Text>
          </Card>
        )),
      )}
    </SimpleGrid>
  );
}

/** Available and pending per currency (with when each part of the pending money arrives) and the next payout. */
export function MoneyBlock({ data, businessId }: { data: Overview; businessId: string }) {
  if (!data.balances) return null;
  const payout = data.next_payout;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="money-title">
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} size="h4" id="money-title">
          Balances and payouts
        </Title>
        <Anchor component={Link} to={href('payments.balance-payouts', { business_id: businessId })} size="sm" fw={600}>
          See payouts
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {data.balances.length === 0 ? (
          <Text size="sm" c="dimmed">
            No funds yet: payments appear here as pending, then available.
          </Text>
        ) : (
          data.balances.map((b) => (
            <Stack key={b.currency} gap={4}>
              <Text size="sm" c="dimmed">
                Available ({b.currency.toUpperCase()})
              </Text>
              <Text fw={700} size="xl" data-testid={`available-${b.currency}`}>
                {formatMoneyWithCode(b.available.amount, b.currency)}
              </Text>
              <Text size="sm">
                Pending <strong data-testid={`pending-${b.currency}`}>{formatMoneyWithCode(b.pending.amount, b.currency)}</strong>
              </Text>
              {b.pending_parts.length > 0 ? (
                <List size="xs" c="dimmed" spacing={2} aria-label={`When pending ${b.currency.toUpperCase()} becomes available`}>
                  {b.pending_parts.slice(0, 3).map((p) => (
                    <List.Item key={p.available_on}>
                      {formatMoneyWithCode(p.amount, b.currency)} available on <time dateTime={p.available_on}>{formatDate(p.available_on)}</time>
                    </List.Item>
                  ))}
                </List>
              ) : null}
            </Stack>
          ))
        )}
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Next payout
          </Text>
          {payout ? (
            <>
              <Text fw={700} size="xl">
                {formatMoneyWithCode(payout.amount.amount, payout.amount.currency)}
              </Text>
              <Text size="sm">
                on <time dateTime={payout.date}>{formatDate(payout.date)}</time> to {payout.bank_account}
              </Text>
              {payout.below_minimum ? (
                <Text size="xs" c="dimmed">
                  Below your payout minimum: it waits until more is available.
                </Text>
              ) : null}
            </>
          ) : (
            <Text size="sm">
              No payout scheduled.{' '}
              <Anchor component={Link} to={href('payments.balance', { business_id: businessId })}>
                Set a schedule or pay out
              </Anchor>
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

/** What needs someone: transfers to approve, failed payments, overdue invoices; nothing when all is well. */
export function AttentionBlock({ attention, businessId }: { attention: Attention; businessId: string }) {
  const at = (routeId: RouteId) => href(routeId, { business_id: businessId });
  const items = [
    attention.transfers_to_approve
      ? { n: attention.transfers_to_approve, one: 'transfer to approve', many: 'transfers to approve', to: at('payments.send-money') }
      : null,
    attention.failed_payments
      ? { n: attention.failed_payments, one: 'failed payment', many: 'failed payments', to: `${at('payments.transactions')}?status=failed` }
      : null,
    attention.overdue_invoices
      ? { n: attention.overdue_invoices, one: 'overdue invoice', many: 'overdue invoices', to: `${at('payments.invoices')}?status=overdue` }
      : null,
  ].filter((i) => i !== null);
  if (items.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="attention-title">
      <Title order={2} size="h4" id="attention-title" mb="xs">
        Needs attention
      </Title>
      <List spacing="xs">
        {items.map((i) => (
          <List.Item key={i.one}>
            <Anchor component={Link} to={i.to} size="sm">
              {i.n} {i.n === 1 ? i.one : i.many}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

/** Set-up guidance, only while a step the person may act on is left to do. */
export function SetupBlock({ checklist, businessId }: { checklist: Overview['checklist']; businessId: string }) {
  const left = checklist.filter((c) => !c.done).length;
  if (left === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="checklist-title">
      <Title order={2} size="h4" id="checklist-title" mb={4}>
        Finish setting up
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {left} of {checklist.length} steps left
      </Text>
      <List spacing="xs" listStyleType="none">
        {checklist.map((c) => (
          <List.Item key={c.item} icon={c.done ? <IconCircleCheck color="var(--mantine-color-green-8)" aria-hidden /> : <IconCircleDashed aria-hidden />}>
            {c.done ? (
              // The tick says it to the eye; screen readers hear "Done:" before the step (issue 25: no "(done)" after it).
              <Text span size="sm">
                <VisuallyHidden>Done: </VisuallyHidden>
                {STEPS[c.item].label}
              </Text>
            ) : (
              <Anchor component={Link} to={href(STEPS[c.item].routeId, { business_id: businessId })} size="sm">
                {STEPS[c.item].label}
              </Anchor>
            )}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
