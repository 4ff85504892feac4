import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Paper, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { NumberField } from '@/components/form/number-field';
import { ChoiceRow } from '@/components/form/switch-row';
import { IconCalendarEvent, IconCash, IconList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import {
  maskAccount,
  PAYOUT_SCHEDULE_LABELS,
  PAYOUT_SCHEDULES,
  WEEKDAY_LABELS,
  type BalanceView,
  type PayoutSchedule,
  type PayoutSettings,
} from '@merchant/payments';
import { href } from '@/app/route-table';
import { MoneyInput } from '@/components/money-input';
import { useFormFields } from '@/components/form/form-fields';
import { errorMessage } from '@/lib/error-message';
import { showErrorsIn } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { payoutBankAccountsQuery, payoutSettingsQuery, useCreatePayout, useSavePayoutSettings } from '@/features/bank-payouts/api/payouts-api';

/** "Weekly on Wednesday, at least SGD 50.00": the schedule in words. */
export function describePayoutSchedule(s: PayoutSettings): string {
  const when =
    s.schedule === 'weekly'
      ? `Weekly on ${WEEKDAY_LABELS[(s.weekly_day ?? 1) - 1]}`
      : s.schedule === 'monthly'
        ? `Monthly on day ${s.monthly_day}`
        : s.schedule === 'daily'
          ? 'Daily'
          : 'Manual: only when you pay out';
  return s.schedule === 'manual' || s.minimum_amount.amount === 0
    ? when
    : `${when}, at least ${formatMoneyWithCode(s.minimum_amount.amount, s.minimum_amount.currency)}`;
}

/** The wallet balance's payouts: the schedule (and its dialog), "Pay out now" and the link to every payout. */
export function PayoutPanel({ businessId, view }: { businessId: string; view: BalanceView | undefined }) {
  const settings = useQuery(payoutSettingsQuery(businessId));
  const [dialog, setDialog] = useState<'schedule' | 'payout' | null>(null);
  const close = () => setDialog(null);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="payouts-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4" id="payouts-title">
              Payouts
            </Title>
            <Text size="sm" c="dimmed" data-testid="payout-schedule">
              {settings.data ? describePayoutSchedule(settings.data) : settings.isError ? errorMessage(settings.error) : 'Loading the payout schedule'}
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconCalendarEvent size={16} aria-hidden />} onClick={() => setDialog('schedule')} disabled={!settings.data}>
              Payout schedule
            </Button>
            <Button
              component={Link}
              to={href('payments.balance-payouts', { business_id: businessId })}
              variant="default"
              leftSection={<IconList size={16} aria-hidden />}
            >
              See payouts
            </Button>
            <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => setDialog('payout')} disabled={!view}>
              Pay out now
            </Button>
          </Group>
        </Group>
      </Stack>
      <Modal opened={dialog === 'schedule'} onClose={close} title="Payout schedule" centered>
        {dialog === 'schedule' && settings.data ? <ScheduleForm businessId={businessId} initial={settings.data} onClose={close} /> : null}
      </Modal>
      <Modal opened={dialog === 'payout'} onClose={close} title="Pay out now" centered>
        {dialog === 'payout' && view ? <PayoutForm businessId={businessId} view={view} onClose={close} /> : null}
      </Modal>
    </Paper>
  );
}

function ScheduleForm({ businessId, initial, onClose }: { businessId: string; initial: PayoutSettings; onClose: () => void }) {
  const form = useFormFields({
    schedule: initial.schedule as PayoutSchedule,
    weekly_day: initial.weekly_day ? String(initial.weekly_day) : '1',
    monthly_day: (initial.monthly_day ?? 1) as number | null,
    minimum_amount: initial.minimum_amount.amount as number | null,
  });
  const { errors, setErrors } = form;
  const { schedule, weekly_day: weeklyDay, monthly_day: monthlyDay, minimum_amount: minimum } = form.values;
  const save = useSavePayoutSettings(businessId);
  const currency = initial.minimum_amount.currency;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        schedule,
        weekly_day: schedule === 'weekly' ? Number(weeklyDay) : null,
        monthly_day: schedule === 'monthly' ? (monthlyDay ?? 0) : null,
        minimum_amount: minimum ?? 0,
      },
      {
        onSuccess: () => {
          notifySuccess('Payout schedule saved.');
          onClose();
        },
        onError: showErrorsIn(setErrors),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Automatic payouts send what is available in each currency to its default bank account, within the first hour of your business’s day. Manual payouts
          happen only when you choose &ldquo;Pay out now&rdquo;.
        </Text>
        <Radio.Group {...form.field('schedule')} label="How often">
          <Group gap="md" mt={6}>
            {PAYOUT_SCHEDULES.map((s) => (
              <ChoiceRow key={s} value={s} label={PAYOUT_SCHEDULE_LABELS[s]} />
            ))}
          </Group>
        </Radio.Group>
        {schedule === 'weekly' ? (
          <Select
            {...form.field('weekly_day')}
            label="Day of the week"
            data={WEEKDAY_LABELS.map((label, i) => ({ value: String(i + 1), label }))}
            allowDeselect={false}
          />
        ) : null}
        {schedule === 'monthly' ? (
          <NumberField
            {...form.number('monthly_day')}
            label="Day of the month"
            description="A day past the end of a short month pays on its last day."
            min={1}
            max={31}
          />
        ) : null}
        {schedule !== 'manual' ? (
          <MoneyInput
            {...form.money('minimum_amount', currency)}
            label={`Minimum payout (${currency.toUpperCase()})`}
            description="An automatic payout waits until at least this much is available. Other currencies pay out any amount."
          />
        ) : null}
        {errors.form ? (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save schedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PayoutForm({ businessId, view, onClose }: { businessId: string; view: BalanceView; onClose: () => void }) {
  const navigate = useNavigate();
  const form = useFormFields({ currency: view.currencies[0]?.currency ?? '', everything: 'all', amount: null as number | null });
  const { currency, everything, amount } = form.values;
  const { errors, setErrors } = form;
  const create = useCreatePayout(businessId);
  const accounts = useQuery(payoutBankAccountsQuery(businessId));
  const available = view.currencies.find((c) => c.currency === currency)?.available.amount ?? 0;
  // Where the money goes: the currency's default bank account, named before anything is sent.
  const bank = accounts.data?.find((a) => a.currency === currency && a.is_default) ?? null;
  const bankLabel = bank ? `${bank.bank_name} ${maskAccount(bank.account_last4)}` : null;
  const payoutAmount = everything === 'part' ? amount : available;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (everything === 'part' && (amount === null || amount <= 0)) {
      setErrors({ amount: 'Enter an amount more than zero' });
      return;
    }
    if (everything === 'part' && amount !== null && amount > available) {
      setErrors({ amount: `At most ${formatMoneyWithCode(Math.max(available, 0), currency)} is available to pay out.` });
      return;
    }
    create.mutate(everything === 'part' && amount !== null ? { currency, amount } : { currency }, {
      onSuccess: (payout) => {
        notifySuccess(`Payout of ${formatMoneyWithCode(payout.amount.amount, payout.amount.currency)} sent.`);
        onClose();
        void navigate(href('payments.balance-payouts-detail', { business_id: businessId, payout: payout.id }));
      },
      onError: showErrorsIn(setErrors),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label="Currency"
          data={view.currencies.map((c) => ({ value: c.currency, label: c.currency.toUpperCase() }))}
          name="currency"
          value={currency}
          onChange={(v) => {
            form.setValue('currency', v ?? currency);
            setErrors({});
          }}
          allowDeselect={false}
          error={errors.currency}
        />
        <Text size="sm">
          Available: <strong data-testid="payout-available">{formatMoneyWithCode(available, currency)}</strong>
        </Text>
        <Radio.Group {...form.field('everything')} label="Amount">
          <Stack gap="xs" mt={6}>
            <ChoiceRow value="all" label="Everything available" />
            <ChoiceRow value="part" label="Part of it" />
          </Stack>
        </Radio.Group>
        {everything === 'part' ? (
          <MoneyInput {...form.money('amount', currency)} label={`Amount (${currency.toUpperCase()})`} />
        ) : errors.amount ? (
          <Text c="red" size="sm" role="alert">
            {errors.amount}
          </Text>
        ) : null}
        {errors.form ? (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <Text size="sm" data-testid="payout-destination">
          {bank ? (
            <>
              To <strong>{bankLabel}</strong> ({bank.holder_name}), the default {currency.toUpperCase()} account. It usually arrives the next day.
            </>
          ) : accounts.isPending ? (
            'Loading your bank accounts'
          ) : (
            `No default ${currency.toUpperCase()} bank account: add one before paying out.`
          )}{' '}
          <Anchor component={Link} to={href('payments.bank-accounts', { business_id: businessId })} size="sm">
            Bank accounts
          </Anchor>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            {bankLabel && payoutAmount !== null && payoutAmount > 0 ? `Pay out ${formatMoneyWithCode(payoutAmount, currency)} to ${bankLabel}` : 'Pay out'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
