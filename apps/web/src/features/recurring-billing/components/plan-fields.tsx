import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { NumberField } from '@/components/form/number-field';
import { MAX_INTERVAL_DAYS, MAX_PLAN_CYCLES, MAX_TRIAL_DAYS, PLAN_INTERVALS, PLAN_INTERVAL_LABELS, type Plan, type PlanInterval } from '@merchant/payments';
import { MoneyInput } from '@/components/money-input';

/** What the plan form holds (the body as typed: empty numbers are null). */
export interface PlanValues {
  [key: string]: unknown;
  name: string;
  description: string;
  amount: number | null;
  interval: PlanInterval;
  interval_days: number | null;
  trial_days: number | null;
  cycles: number | null;
}

export const planValues = (plan: Plan | undefined): PlanValues => ({
  name: plan?.name ?? '',
  description: plan?.description ?? '',
  amount: plan?.amount ?? null,
  interval: plan?.interval ?? 'monthly',
  interval_days: plan?.interval_days ?? null,
  trial_days: plan?.trial_days ?? 0,
  cycles: plan?.cycles ?? null,
});

const INTERVAL_OPTIONS = PLAN_INTERVALS.map((i) => ({ value: i, label: PLAN_INTERVAL_LABELS[i] }));

/** The fields of a plan, shared by the create dialog and the plan's page. */
export function PlanFields({
  values,
  errors,
  currency,
  disabled = false,
  onChange,
}: {
  values: PlanValues;
  errors: Record<string, string | undefined>;
  currency: string;
  disabled?: boolean;
  onChange: (patch: Partial<PlanValues>) => void;
}) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        required
        disabled={disabled}
        value={values.name}
        error={errors.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
      />
      <Textarea
        label="Description"
        description="Shown to subscribers"
        autosize
        minRows={2}
        disabled={disabled}
        value={values.description}
        error={errors.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MoneyInput
          label="Price"
          description={`Charged in ${currency.toUpperCase()}, your business's currency`}
          required
          disabled={disabled}
          currency={currency}
          value={values.amount}
          error={errors.amount ?? errors.currency}
          onChange={(amount) => onChange({ amount })}
        />
        <Select
          label="Billing interval"
          required
          disabled={disabled}
          data={INTERVAL_OPTIONS}
          allowDeselect={false}
          value={values.interval}
          error={errors.interval}
          onChange={(v) => onChange({ interval: (v as PlanInterval | null) ?? 'monthly' })}
        />
        {values.interval === 'every_n_days' ? (
          <NumberField
            label="Days between charges"
            required
            disabled={disabled}
            min={1}
            max={MAX_INTERVAL_DAYS}
            value={values.interval_days}
            error={errors.interval_days}
            onChange={(v) => onChange({ interval_days: v })}
          />
        ) : null}
        <NumberField
          label="Free trial (days)"
          description="The first charge comes after the trial"
          disabled={disabled}
          min={0}
          max={MAX_TRIAL_DAYS}
          value={values.trial_days}
          error={errors.trial_days}
          onChange={(v) => onChange({ trial_days: v })}
        />
        <NumberField
          label="Number of charges"
          description="Leave empty to charge until the subscription is cancelled"
          disabled={disabled}
          min={1}
          max={MAX_PLAN_CYCLES}
          value={values.cycles}
          error={errors.cycles}
          onChange={(v) => onChange({ cycles: v })}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The body the server takes from what the form holds. */
export const planBody = (v: PlanValues) => ({
  name: v.name,
  description: v.description || null,
  amount: v.amount ?? 0,
  interval: v.interval,
  interval_days: v.interval === 'every_n_days' ? v.interval_days : null,
  trial_days: v.trial_days ?? 0,
  cycles: v.cycles,
});
