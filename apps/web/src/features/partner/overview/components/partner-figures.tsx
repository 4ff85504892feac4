import type { ReactNode } from 'react';
import { Anchor, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoneyWithCode, formatMonth, formatShortMonth } from '@merchant/core';
import { COMMISSION_PAYOUT, type MoneyByCurrency, type PartnerOverview } from '@merchant/business';
import { href } from '@/app/route-table';
import { LabelledProgress } from '@/components/labelled-progress';
import { StatusBadge } from '@/components/status-badge';

/** "Nov 2026": a bar's month, short enough to stay on one line beside it on a phone. */
const shortMonth = (month: string) => formatShortMonth(`${month}-01`);

const moneyText = (totals: MoneyByCurrency) => (totals.length === 0 ? 'Nothing yet' : totals.map((t) => formatMoneyWithCode(t.amount, t.currency)).join(' · '));

function Figure({ label, totals, note }: { label: string; totals: MoneyByCurrency; note: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {moneyText(totals)}
      </Text>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Card>
  );
}

/** Earnings this month so far (an estimate), last month, waiting and paid, and the balance paid commissions go to. */
export function EarningsFigures({ overview }: { overview: PartnerOverview }) {
  const { earnings } = overview;
  return (
    <Stack gap="sm" component="section" aria-labelledby="partner-earnings-title">
      <Title order={2} size="h4" id="partner-earnings-title">
        Earnings
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md">
        <Figure
          label={`${formatMonth(`${overview.this_month}-01`)} so far`}
          totals={earnings.this_month_estimate}
          note="An estimate: the month is counted once it ends."
        />
        <Figure label={formatMonth(`${overview.last_month}-01`)} totals={earnings.last_month} note="Counted when the month ended." />
        <Figure label="Waiting to be paid" totals={earnings.pending} note="Accrued and approved commissions." />
        <Figure label="Paid" totals={earnings.paid} note="Credited to your partner balance." />
        <Figure label="Your balance" totals={overview.balance} note="Where paid commissions are credited." />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Twelve months of commissions in one currency as labelled bars: each month's amount is written beside its bar, so
 * the bars only summarise what the text says (and a screen reader reads the text).
 */
export function MonthlyEarnings({ overview }: { overview: PartnerOverview }) {
  const currencies = [...new Set(overview.months.flatMap((m) => m.totals.map((t) => t.currency)))];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="partner-months-title">
      <Title order={2} size="h4" id="partner-months-title" mb="sm">
        Commissions by month
      </Title>
      {currencies.length === 0 ? (
        <Text size="sm" c="dimmed">
          No month has been counted yet. A month&apos;s commission appears once it has ended.
        </Text>
      ) : (
        currencies.map((currency) => {
          const amounts = overview.months.map((m) => ({ month: m.month, amount: m.totals.find((t) => t.currency === currency)?.amount ?? 0 }));
          const max = Math.max(...amounts.map((a) => a.amount), 1);
          return (
            <Stack key={currency} gap={6} mb="sm">
              {currencies.length > 1 ? (
                <Text size="sm" fw={600}>
                  {currency.toUpperCase()}
                </Text>
              ) : null}
              {amounts.map(({ month, amount }) => {
                const label = shortMonth(month);
                return (
                  <Group key={month} gap="sm" wrap="nowrap">
                    <Text size="sm" w={72} style={{ flexShrink: 0 }}>
                      {label}
                    </Text>
                    <LabelledProgress value={(amount / max) * 100} label={`${label}: ${formatMoneyWithCode(amount, currency)}`} size="lg" style={{ flex: 1 }} />
                    <Text size="sm" w={110} ta="right" style={{ flexShrink: 0 }}>
                      {formatMoneyWithCode(amount, currency)}
                    </Text>
                  </Group>
                );
              })}
            </Stack>
          );
        })
      )}
    </Card>
  );
}

/** The live merchants by onboarding state, and what to do next. */
export function MerchantsAndNextSteps({ overview, businessId }: { overview: PartnerOverview; businessId: string }) {
  const { merchants } = overview;
  const live = merchants.by_state.reduce((n, s) => n + s.count, 0);
  const unverified = merchants.by_state.filter((s) => s.onboarding_status !== 'completed').reduce((n, s) => n + s.count, 0);
  const steps: { key: string; text: ReactNode }[] = [];
  const say = (key: string, text: ReactNode) => steps.push({ key, text });
  if (live === 0) say('share', 'Share your referral link: businesses that sign up through it are linked to you.');
  if (unverified > 0)
    say(
      'unverified',
      `${unverified} linked ${unverified === 1 ? 'business has' : 'businesses have'} not finished verification: they earn you nothing until they take payments.`,
    );
  if (overview.earnings.pending.length > 0)
    say(
      'pending',
      `Commissions waiting to be paid are approved ${COMMISSION_PAYOUT.hold_days} days after their month ends, then credited to your balance on the next pay day once they reach ${COMMISSION_PAYOUT.minimum_major} in their currency.`,
    );
  // A balance in a currency without a bank account stays in the partner's balance: ask for the account, linked.
  const unbanked = overview.balance.filter((b) => b.amount > 0 && !overview.bank_account_currencies.includes(b.currency)).map((b) => b.currency.toUpperCase());
  if (unbanked.length > 0)
    say(
      'bank',
      <>
        Your balance in {unbanked.join(', ')} has no bank account to be paid out to.{' '}
        <Anchor component={Link} to={href('partner.payouts', { business_id: businessId })} fw={600}>
          Add a bank account
        </Anchor>
      </>,
    );
  else if (overview.balance.some((b) => b.amount > 0))
    say('paid-out', `Your balance is paid out to your bank account each day it reaches ${COMMISSION_PAYOUT.minimum_major} in its currency.`);
  if (steps.length === 0) say('done', 'All your linked businesses are verified. Keep sharing your link to earn more.');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="partner-merchants-title">
        <Title order={2} size="h4" id="partner-merchants-title" mb="xs">
          Linked businesses
        </Title>
        <Text size="sm" mb="xs">
          {live} linked{merchants.ended > 0 ? `, ${merchants.ended} ended` : ''}
        </Text>
        <Stack gap={6}>
          {merchants.by_state.map((s) => (
            <Group key={s.onboarding_status} gap="sm">
              <StatusBadge kind="linkedOnboarding" status={s.onboarding_status} />
              <Text size="sm">{s.count}</Text>
            </Group>
          ))}
        </Stack>
        <Anchor component={Link} to={href('partner.linked-businesses', { business_id: businessId })} size="sm" fw={600} mt="sm" display="inline-block">
          See linked businesses
        </Anchor>
      </Card>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="partner-next-title">
        <Title order={2} size="h4" id="partner-next-title" mb="xs">
          What to do next
        </Title>
        <List size="sm" spacing={6}>
          {steps.map((s) => (
            <List.Item key={s.key}>{s.text}</List.Item>
          ))}
        </List>
      </Card>
    </SimpleGrid>
  );
}
